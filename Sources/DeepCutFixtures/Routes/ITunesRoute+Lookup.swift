import DeepCutCore
import Foundation

extension ITunesRoute {
    /// `lookup?id=A[,B…][&entity=album][&limit=N][&country=C]`: for each known id, the artist wrapper, then
    /// (with `entity=album`) its collections in catalog order. Unknown ids are simply absent, and so are
    /// artists and collections the `country`'s store does not list.
    ///
    /// How `limit` applies to a multi-id lookup is undocumented for the real API. The fixture serves either
    /// reading (`limitReading`): `limit` (default 50, at most 200) caps the collections of the whole response,
    /// or of each artist, so a client that batches ids must stay correct under both. `sort=recent` lists each
    /// artist's collections newest first (ties in catalog order), so a cap drops the oldest, unless the
    /// fixture plays a catalog that ignores the parameter (`sort`): then the store's own order (oldest
    /// first, or a fixed shuffle) is what every lookup lists, and a cap drops whatever falls last.
    func lookupPlan(for request: LoopbackRequest) -> RoutePlan {
        let route = "itunes.lookup"
        guard let parameters = request.queryParameters else { return invalidParameter("query", route: route) }
        let ids = (parameters["id"] ?? "").split(separator: ",", omittingEmptySubsequences: false)
            .map { String($0).trimmingCharacters(in: .whitespaces) }
        guard !ids.isEmpty, ids.allSatisfy(\.isNumericID) else { return invalidParameter("id", route: route) }
        let listsAlbums: Bool
        switch parameters["entity"] {
        case nil: listsAlbums = false
        case "album": listsAlbums = true
        case "song": return songsPlan(ids: ids, parameters: parameters)
        default: return invalidParameter("entity", route: route)
        }
        guard let storefront = ITunesStorefront.named(parameters["country"] ?? "us") else {
            return invalidParameter("country", route: route)
        }
        guard let limit = Self.limit(parameters["limit"]) else { return invalidParameter("limit", route: route) }
        let newestFirst: Bool
        switch parameters["sort"] {
        case nil: newestFirst = false
        case "recent": newestFirst = true
        default: return invalidParameter("sort", route: route)
        }

        var seen: Set<String> = []
        // Another storefront's artist is unknown here, and its releases are those this storefront lists.
        let requested = ids.filter { seen.insert($0).inserted }.compactMap { artistIndexByID[$0].map { artists[$0] } }
            .filter { $0.isListed(in: storefront.code) }
        var results: [ITunesJSONObject] = []
        var collectionBudget = limit
        for artist in requested {
            results.append(artistWrapper(artist, storefront: storefront))
            guard listsAlbums else { continue }
            if limitReading == .perArtist { collectionBudget = limit }
            let releases = artist.releases(in: storefront.code)
            let listed = listing(releases, of: artist, newestFirst: newestFirst)
            for release in listed.prefix(collectionBudget) {
                results.append(collection(release, listedUnder: artist, storefront: storefront))
            }
            collectionBudget -= min(collectionBudget, releases.count)
        }
        return RoutePlan(
            name: route, operation: .lookup, artistIDs: requested.map(\.id),
            response: LoopbackResponse(status: 200, contentType: Self.contentType, body: ITunesJSONObject.responseBody(results))
        )
    }

    /// An artist's collections in the order the lookup lists them.
    func listing(_ releases: [FixtureRelease], of artist: FixtureArtist, newestFirst: Bool) -> [FixtureRelease] {
        switch sort {
        case .honoured: return newestFirst ? Self.newestFirst(releases) : releases
        case .oldestFirst: return Self.newestFirst(releases).reversed()
        case .shuffled:
            var random = SplitMix64(seed: UInt64(artist.id) ?? 7)
            return releases.shuffled(using: &random)
        }
    }

    /// Newest first; a stable sort, so releases of one date keep the catalog's order.
    static func newestFirst(_ releases: [FixtureRelease]) -> [FixtureRelease] {
        releases.enumerated().sorted { left, right in
            left.element.releaseDate != right.element.releaseDate
                ? left.element.releaseDate > right.element.releaseDate
                : left.offset < right.offset
        }.map(\.element)
    }

    func collection(_ release: FixtureRelease, listedUnder artist: FixtureArtist, storefront: ITunesStorefront) -> ITunesJSONObject {
        let artistID = release.artistID ?? artist.id
        let artistName = release.artistName ?? artist.name
        let name = Self.collectionName(release)
        let artwork = "https://is1-ssl.mzstatic.com/image/thumb/Music/fixture/\(release.id).jpg"
        let date = release.releaseDate
        var object = ITunesJSONObject()
        object.add("wrapperType", "collection")
        object.add("collectionType", release.type == .compilation ? "Compilation" : "Album")
        object.add("artistId", number: artistID)
        object.add("collectionId", number: release.id)
        object.add("artistName", artistName)
        object.add("collectionName", name)
        object.add("collectionCensoredName", name)
        object.add("artistViewUrl", Self.artistURL(name: artistName, id: artistID, storefront: storefront))
        object.add("collectionViewUrl", "https://music.apple.com/\(storefront.code)/album/\(name.urlSlug)/\(release.id)?uo=4")
        object.add("artworkUrl60", artwork + "/60x60bb.jpg")
        object.add("artworkUrl100", artwork + "/100x100bb.jpg")
        object.add("collectionExplicitness", release.explicit.map { $0 ? "explicit" : "cleaned" } ?? "notExplicit")
        object.add("trackCount", number: String(Self.trackCount(release)))
        object.add("country", storefront.countryName)
        object.add("currency", storefront.currency)
        // iTunes dates releases at midnight Pacific, written in UTC.
        object.add("releaseDate", ReleaseDate(year: date.year, month: date.month ?? 1, day: date.day ?? 1).description + "T07:00:00Z")
        object.add("primaryGenreName", release.isA(.soundtrack) ? "Soundtrack" : artist.genre ?? "Alternative")
        return object
    }

    /// iTunes names singles and EPs with a suffix; the client must strip it.
    static func collectionName(_ release: FixtureRelease) -> String {
        let suffix =
            switch release.type {
            case .single: " - Single"
            case .ep: " - EP"
            case .album, .compilation: ""
            }
        return release.title.hasSuffix(suffix) ? release.title : release.title + suffix
    }

    static func trackCount(_ release: FixtureRelease) -> Int {
        if let tracks = release.tracks { return tracks.count }
        return switch release.type {
        case .single: 1
        case .ep: 5
        case .album: 10 + Int(release.id.suffix(1))! % 5
        case .compilation: 18
        }
    }
}

extension ITunesRoute {
    /// `lookup?id=<collectionId>[,…]&entity=song`: for each known collection, its row, then one
    /// row per track (`trackName`, `trackTimeMillis`, disc and track numbers), as in
    /// `Tests/Samples/itunes_lookup_album_*_entity-song_harmony.json`. Unknown ids are absent.
    func songsPlan(ids: [String], parameters: [String: String]) -> RoutePlan {
        let route = "itunes.lookup.songs"
        guard let storefront = ITunesStorefront.named(parameters["country"] ?? "us") else {
            return invalidParameter("country", route: route)
        }
        var results: [ITunesJSONObject] = []
        for id in ids {
            guard let (artist, found) = artists.release(where: { $0.id == id }),
                let release = found.asListed(in: storefront.code)
            else { continue }
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
        return RoutePlan(
            name: route, operation: .lookup, artistIDs: [],
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
