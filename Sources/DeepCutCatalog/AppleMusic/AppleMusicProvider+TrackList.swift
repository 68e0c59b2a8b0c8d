import Foundation
import DeepCutCore

extension AppleMusicProvider {
    /// `catalog/{storefront}/albums/{id}/tracks`, following `next` to the end: each song's
    /// `name` and `durationInMillis` (music videos are left out, as on iTunes).
    func trackList(ofRelease id: String) async -> Result<TrackList, FetchFailure>? {
        let encodedID = id.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? id
        var url = apiURL("/v1/catalog/\(storefront)/albums/\(encodedID)/tracks")
        var tracks: [TrackListing] = []
        for _ in 0..<Self.maximumPages {
            guard let pageURL = url else { break }
            switch await get(pageURL, AppleMusicTrackPage.self) {
            case .failure(let failure):
                return .failure(failure)
            case .success(let page):
                tracks += page.data.filter { $0.type == "songs" }.compactMap { song in
                    guard let name = song.attributes?.name, !name.isEmpty else { return nil }
                    return TrackListing(title: name, seconds: song.attributes?.durationInMillis.flatMap { $0 > 0 ? ($0 + 500) / 1000 : nil })
                }
                guard let next = page.next else { return .success(TrackList(tracks: tracks, isComplete: true)) }
                // Only paths are followed: the token must never go to another host.
                url = next.hasPrefix("/v1/") ? apiURL(next) : nil
            }
        }
        // A chain that does not end (or leaves the host) lists what it reached: too little to prove a difference.
        return .success(TrackList(tracks: tracks, isComplete: false))
    }
}

/// One page of an album's `tracks` relationship: songs (and music videos) with their attributes.
struct AppleMusicTrackPage: Decodable, Sendable {
    struct Track: Decodable, Sendable {
        struct Attributes: Decodable, Sendable {
            var name: String?
            var durationInMillis: Int?
        }

        var type: String
        var attributes: Attributes?
    }

    var next: String?
    var data: [Track]
}
