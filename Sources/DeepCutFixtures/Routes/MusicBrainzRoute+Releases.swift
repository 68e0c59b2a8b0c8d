import DeepCutCore

extension MusicBrainzRoute {
    /// `release?artist=MBID[&inc=release-groups+url-rels+artist-credits][&type=album|ep|single][&status=official|…]`
    /// `[&limit=N][&offset=M]`: one page of the artist's releases in catalog order, with `release-count`
    /// over all pages. Each fixture release group has one release (`MusicBrainzID.release(of:)`), carrying
    /// the catalog's `barcode` (null when none) and, with `url-rels`, its url-relationship to the store's
    /// album page in `relations`; `release-groups` adds the group, `artist-credits` the credit. `type`
    /// filters the groups' primary types and `status` the releases' statuses, as WS/2 does.
    func releaseBrowsePlan(_ parameters: [String: String], limit: Int, offset: Int) -> RoutePlan {
        let route = "musicbrainz.release"
        let mbid = parameters["artist"] ?? ""
        guard MusicBrainzID.isUUIDShaped(mbid) else { return Self.error("Invalid mbid.", status: 400, route: route) }
        guard let artist = musicBrainzArtist(mbid) else { return Self.error("Not Found", status: 404, route: route) }
        let includes = Set((parameters["inc"] ?? "").split(whereSeparator: { $0 == "+" || $0 == " " }).map(String.init))
        let types = parameters["type"].map { Set($0.split(separator: "|").map { $0.lowercased() }) }
        let statuses = parameters["status"].map { Set($0.split(separator: "|").map { $0.lowercased() }) }
        if let statuses, !statuses.isSubset(of: Set(["official", "promotion", "bootleg", "pseudo-release"])) {
            return Self.error("Invalid status.", status: 400, route: route)
        }
        let listed = artist.musicBrainzReleases.filter { release in
            (types?.contains(Self.primaryType(release.type).lowercased()) ?? true)
                && (statuses?.contains((release.musicBrainzStatus ?? .official).rawValue) ?? true)
        }
        let page = listed.dropFirst(offset).prefix(limit).map { Self.release($0, of: artist, includes: includes) }
        let body = FixtureJSON.object([
            ("release-count", .number(listed.count)), ("release-offset", .number(offset)), ("releases", .array(page))
        ])
        return Self.ok(route: route, operation: .lookup, artistIDs: [artist.id], body)
    }

    private static func release(_ release: FixtureRelease, of artist: FixtureArtist, includes: Set<String>) -> FixtureJSON {
        var fields: [(String, FixtureJSON)] = []
        if includes.contains("artist-credits") { fields.append(("artist-credit", artistCredit(release, of: artist))) }
        fields += [
            ("barcode", release.barcode.map { .string($0) } ?? .null),
            ("country", .string("XW")),
            ("date", .string(release.releaseDate.description)),
            ("disambiguation", .string("")),
            ("id", .string(MusicBrainzID.release(of: release.id))),
            ("quality", .string("normal"))
        ]
        if includes.contains("url-rels") { fields.append(("relations", .array(appleRelations(release)))) }
        if includes.contains("release-groups") {
            fields.append(("release-group", releaseGroup(release, of: artist, credits: false)))
        }
        fields += [
            ("status", .string(statusName(release.musicBrainzStatus ?? .official))),
            ("title", .string(release.title))
        ]
        return .object(fields)
    }

    /// The release's url-relationship to its Apple album page, in the form the fixture names.
    private static func appleRelations(_ release: FixtureRelease) -> [FixtureJSON] {
        guard let form = release.musicBrainzAppleLink else { return [] }
        let storefront = release.linkedStorefront
        let (type, resource) =
            switch form {
            case .music: ("streaming", "https://music.apple.com/\(storefront)/album/\(release.id)")
            case .itunes: ("purchase for download", "https://itunes.apple.com/\(storefront)/album/id\(release.id)")
            }
        return [
            .object([
                ("attributes", .array([])), ("begin", .null), ("direction", .string("forward")), ("end", .null),
                ("ended", .bool(false)), ("source-credit", .string("")), ("target-credit", .string("")),
                ("target-type", .string("url")), ("type", .string(type)),
                ("url", .object([("id", .string(MusicBrainzID.mbid(for: release.id + "9"))), ("resource", .string(resource))]))
            ])
        ]
    }

    /// MusicBrainz spells statuses capitalised in answers (`Official`, `Pseudo-Release`).
    private static func statusName(_ status: FixtureRelease.MusicBrainzStatus) -> String {
        switch status {
        case .official: "Official"
        case .promotion: "Promotion"
        case .bootleg: "Bootleg"
        case .pseudoRelease: "Pseudo-Release"
        }
    }
}
