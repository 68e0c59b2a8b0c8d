import DeepCutCore

extension AppleMusicRoute {
    /// `artists/{id}/albums[?offset=N][&limit=M]`: one page of the artist's releases in catalog order, with a
    /// `next` path while more remain. Names carry " - Single" / " - EP" and `isSingle` is set for singles only
    /// (EPs say false), as the real catalog does.
    func albumsPlan(for request: LoopbackRequest, storefront: String, artistID: String) -> RoutePlan {
        let route = "applemusic.albums"
        guard let known = ITunesStorefront.named(storefront) else { return Self.unknownStorefront(storefront) }
        guard let parameters = request.queryParameters else { return Self.invalidParameter("query", route: route) }
        guard let limit = Self.count(parameters["limit"], fallback: Self.defaultPageSize, maximum: Self.maximumPageSize) else {
            return Self.invalidParameter("limit", route: route)
        }
        let offsetText = parameters["offset"] ?? "0"
        guard let offset = Int(offsetText), offset >= 0 else { return Self.invalidParameter("offset", route: route) }
        guard let artist = localArtist(artistID, in: known.code) else { return Self.notFound(route: route) }
        let albums = Self.ownAlbums(artist)
        // An artist with no albums in the storefront: Apple answers 404, not an empty page.
        guard !albums.isEmpty else { return Self.notFound(route: route) }
        let page = albums.dropFirst(offset).prefix(limit)
        var body: [(String, FixtureJSON)] = []
        if offset + page.count < albums.count {
            let limitParameter = parameters["limit"].map { "&limit=\($0)" } ?? ""
            body.append(
                ("next", .string("/v1/catalog/\(known.code)/artists/\(artist.id)/albums?offset=\(offset + page.count)\(limitParameter)")))
        }
        body.append(("data", .array(page.map { albumResource($0, listedUnder: artist, storefront: known.code) })))
        return Self.ok(route: route, operation: .lookup, artistIDs: [artist.id], .object(body))
    }

    /// `artists?ids=A,B,…[&include=albums]` (at most 25 ids): the artists, each with its first page of
    /// albums (`defaultPageSize`, a `next` path while more remain) as the `albums` relationship when
    /// `include=albums` (none for an artist without albums). Unknown ids are left out, as Apple leaves them out.
    func artistsPlan(for request: LoopbackRequest, storefront: String) -> RoutePlan {
        let route = "applemusic.artists"
        guard let known = ITunesStorefront.named(storefront) else { return Self.unknownStorefront(storefront) }
        guard let parameters = request.queryParameters, let idsText = parameters["ids"] else {
            return Self.invalidParameter("ids", route: route)
        }
        let ids = idsText.split(separator: ",").map(String.init)
        guard (1...Self.maximumArtistIDs).contains(ids.count) else { return Self.invalidParameter("ids", route: route) }
        let withAlbums = (parameters["include"] ?? "").split(separator: ",").contains("albums")
        let found = ids.compactMap { localArtist($0, in: known.code) }
        let data: [FixtureJSON] = found.map { artist in
            var resource: [(String, FixtureJSON)] = [
                ("id", .string(artist.id)), ("type", .string("artists")),
                ("attributes", .object([("name", .string(artist.name))]))
            ]
            // An artist with no albums comes without the relationship, as `artists/{id}/albums` answers 404.
            if withAlbums, !Self.ownAlbums(artist).isEmpty {
                let own = Self.ownAlbums(artist)
                let page = own.prefix(Self.defaultPageSize)
                var albums: [(String, FixtureJSON)] = [("href", .string("/v1/catalog/\(known.code)/artists/\(artist.id)/albums"))]
                if page.count < own.count {
                    albums.append(("next", .string("/v1/catalog/\(known.code)/artists/\(artist.id)/albums?offset=\(page.count)")))
                }
                albums.append(("data", .array(page.map { albumResource($0, listedUnder: artist, storefront: known.code) })))
                resource.append(("relationships", .object([("albums", .object(albums))])))
            }
            return .object(resource)
        }
        return Self.ok(route: route, operation: .lookup, artistIDs: found.map(\.id), .object([("data", .array(data))]))
    }

    /// `artists/{id}`: the artist alone (`{"data": [artist]}`), whether or not it has albums; 404 for an
    /// id the catalog does not know.
    func artistPlan(storefront: String, artistID: String) -> RoutePlan {
        let route = "applemusic.artist"
        guard let known = ITunesStorefront.named(storefront) else { return Self.unknownStorefront(storefront) }
        guard let artist = localArtist(artistID, in: known.code) else { return Self.notFound(route: route) }
        return Self.ok(
            route: route, operation: .lookup, artistIDs: [artist.id],
            .object([("data", .array([artistResource(artist, storefront: known.code)]))]))
    }

    /// The artist with `id` as the store of `storefront` knows it (its releases there); nil when unknown there.
    func localArtist(_ id: String, in storefront: String) -> FixtureArtist? {
        artistIndexByID[id].flatMap { artists[$0].localized(to: storefront) }
    }

    /// `artists?ids=` takes at most this many ids.
    static let maximumArtistIDs = 25

    /// The artist's albums relationship: everything but its appearances on other artists' records.
    static func ownAlbums(_ artist: FixtureArtist) -> [FixtureRelease] {
        artist.releases.filter { !$0.isA(.appearance) }
    }

    /// `artists/{id}/view/{name}`: `live-albums` (the artist's live albums) or `appears-on-albums`
    /// (other artists' albums it appears on), one page: `{"href", "attributes": {"title"}, "data"}`.
    func viewPlan(storefront: String, artistID: String, view: String) -> RoutePlan {
        let route = "applemusic.view"
        guard let known = ITunesStorefront.named(storefront) else { return Self.unknownStorefront(storefront) }
        guard let artist = localArtist(artistID, in: known.code) else { return Self.notFound(route: route) }
        let (title, listed): (String, [FixtureRelease])
        switch view {
        case "live-albums": (title, listed) = ("Live Albums", Self.ownAlbums(artist).filter { $0.isA(.live) })
        case "appears-on-albums": (title, listed) = ("Appears On", artist.releases.filter { $0.isA(.appearance) })
        default: return Self.invalidParameter("view", route: route)
        }
        // The views of an artist with no albums answer 404 as its albums do (an empty view of an
        // artist with albums answers an empty page).
        guard !listed.isEmpty || !Self.ownAlbums(artist).isEmpty else { return Self.notFound(route: route) }
        let body = FixtureJSON.object([
            ("href", .string("/v1/catalog/\(known.code)/artists/\(artist.id)/view/\(view)")),
            ("attributes", .object([("title", .string(title))])),
            ("data", .array(listed.map { albumResource($0, listedUnder: artist, storefront: known.code) }))
        ])
        return Self.ok(route: route, operation: .lookup, artistIDs: [artist.id], body)
    }

    private func albumResource(_ release: FixtureRelease, listedUnder artist: FixtureArtist, storefront: String) -> FixtureJSON {
        let name = ITunesRoute.collectionName(release)
        var attributes: [(String, FixtureJSON)] = [
            ("artistName", .string(release.artistName ?? artist.name)),
            (
                "artwork",
                .object([
                    ("width", .number(3000)), ("height", .number(3000)),
                    ("url", .string("https://is1-ssl.mzstatic.com/image/thumb/Music/fixture/\(release.id)/{w}x{h}bb.jpg"))
                ])
            )
        ]
        if let explicit = release.explicit {
            attributes.append(("contentRating", .string(explicit ? "explicit" : "clean")))
        }
        attributes += [
            ("genreNames", .array([.string(release.isA(.soundtrack) ? "Soundtrack" : artist.genre ?? "Alternative"), .string("Music")])),
            ("isCompilation", .bool(release.type == .compilation)),
            ("isComplete", .bool(true)),
            ("isSingle", .bool(release.type == .single)),
            ("name", .string(name)),
            ("releaseDate", .string(release.releaseDate.description)),
            ("trackCount", .number(ITunesRoute.trackCount(release)))
        ]
        if let barcode = release.barcode { attributes.append(("upc", .string(barcode))) }
        attributes += [
            ("url", .string("https://music.apple.com/\(storefront)/album/\(name.urlSlug)/\(release.id)"))
        ]
        return .object([
            ("id", .string(release.id)), ("type", .string("albums")),
            ("href", .string("/v1/catalog/\(storefront)/albums/\(release.id)")), ("attributes", .object(attributes))
        ])
    }
}

extension AppleMusicRoute {
    /// `albums/{id}/tracks`: the album's songs (`name`, `durationInMillis`, `trackNumber`), one page.
    func tracksPlan(storefront: String, albumID: String) -> RoutePlan {
        let route = "applemusic.tracks"
        guard let known = ITunesStorefront.named(storefront) else { return Self.unknownStorefront(storefront) }
        guard let release = artists.release(where: { $0.id == albumID })?.release.asListed(in: known.code) else {
            return Self.error(
                route: route, status: 404, title: "Resource Not Found",
                detail: "Resource with requested id was not found", code: "40400")
        }
        let songs = ITunesRoute.tracks(of: release).enumerated().map { number, track -> FixtureJSON in
            var attributes: [(String, FixtureJSON)] = [
                ("name", .string(track.title)), ("trackNumber", .number(number + 1)),
                ("discNumber", .number(1))
            ]
            if let seconds = track.seconds { attributes.append(("durationInMillis", .number(seconds * 1000 + 417))) }
            return .object([
                ("id", .string(release.id + String(number + 1))), ("type", .string("songs")),
                ("attributes", .object(attributes))
            ])
        }
        return Self.ok(route: route, operation: nil, artistIDs: [], .object([("data", .array(songs))]))
    }
}
