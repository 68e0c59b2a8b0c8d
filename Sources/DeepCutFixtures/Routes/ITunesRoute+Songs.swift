import DeepCutCore
import Foundation

extension ITunesRoute {
    /// `lookup?id=<collectionId>[,…]&entity=song`: for each known collection, its row, then one
    /// row per track (`trackName`, `trackTimeMillis`, disc and track numbers), as in
    /// `shared/samples/itunes_lookup_album_*_entity-song_harmony.json`. Unknown ids are absent.
    func songsPlan(ids: [String], parameters: [String: String]) -> RoutePlan {
        let route = "itunes.lookup.songs"
        guard let storefront = ITunesStorefront.named(parameters["country"] ?? "us") else {
            return invalidParameter("country", route: route)
        }
        var results: [ITunesJSONObject] = []
        for id in ids {
            guard let (artist, release) = artists.release(where: { $0.id == id }) else { continue }
            results.append(collection(release, listedUnder: artist, storefront: storefront))
            let tracks = Self.tracks(of: release)
            for (number, track) in tracks.enumerated() {
                var row = ITunesJSONObject()
                row.add("wrapperType", "track")
                row.add("kind", "song")
                row.add("artistId", number: release.artistID ?? artist.id)
                row.add("collectionId", number: release.id)
                row.add("trackId", number: release.id + String(format: "%02d", number + 1))
                row.add("artistName", release.artistName ?? artist.name)
                row.add("collectionName", Self.collectionName(release))
                row.add("trackName", track.title)
                if let seconds = track.seconds { row.add("trackTimeMillis", number: String(seconds * 1000 + 417)) }
                row.add("discNumber", number: "1")
                row.add("trackNumber", number: String(number + 1))
                results.append(row)
            }
        }
        return RoutePlan(name: route, operation: .lookup, artistIDs: [],
                         response: LoopbackResponse(status: 200, contentType: Self.contentType, body: ITunesJSONObject.responseBody(results)))
    }

    /// A release's tracks: the catalog's own, or `trackCount` generated ones named after the
    /// release, with lengths that depend only on the release id.
    static func tracks(of release: FixtureRelease) -> [TrackListing] {
        if let tracks = release.tracks { return tracks }
        var random = SplitMix64(seed: UInt64(release.id) ?? 1)
        return (1...trackCount(release)).map { number in
            TrackListing(title: "\(release.title) \(number)", seconds: 120 + Int(random.next() % 240))
        }
    }
}
