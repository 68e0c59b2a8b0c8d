import DeepCutCore

extension MusicBrainzRoute {
    /// `release-group?artist=MBID[&type=album|ep|single][&limit=N][&offset=M]`: one page of the artist's
    /// release groups in catalog order, with `release-group-count` over all pages. `type` filters primary
    /// types, so `album` includes compilations (primary type Album, secondary type Compilation).
    func browsePlan(_ parameters: [String: String], limit: Int, offset: Int) -> RoutePlan {
        let route = "musicbrainz.release-group"
        let mbid = parameters["artist"] ?? ""
        guard MusicBrainzID.isUUIDShaped(mbid) else { return Self.error("Invalid mbid.", status: 400, route: route) }
        guard let index = artistIndexByMBID[mbid.lowercased()] else { return Self.error("Not Found", status: 404, route: route) }
        let artist = artists[index]
        let types = parameters["type"].map { Set($0.split(separator: "|").map { $0.lowercased() }) }
        let listed = artist.releases.filter { types?.contains(Self.primaryType($0.type).lowercased()) ?? true }
        let page = listed.dropFirst(offset).prefix(limit).map(Self.releaseGroup)
        let body = FixtureJSON.object([
            ("release-group-count", .number(listed.count)), ("release-group-offset", .number(offset)),
            ("release-groups", .array(page)),
        ])
        return Self.ok(route: route, operation: .lookup, artistIDs: [artist.id], body)
    }

    private static func primaryType(_ type: RecordingType) -> String {
        switch type {
        case .album, .compilation: "Album"
        case .ep: "EP"
        case .single: "Single"
        }
    }

    private static func releaseGroup(_ release: FixtureRelease) -> FixtureJSON {
        let secondary: [FixtureJSON] = release.type == .compilation ? [.string("Compilation")] : []
        return .object([
            ("disambiguation", .string("")),
            ("first-release-date", .string(release.releaseDate.description)),
            ("id", .string(MusicBrainzID.mbid(for: release.id))),
            ("primary-type", .string(primaryType(release.type))),
            ("secondary-types", .array(secondary)),
            ("title", .string(release.title)),
        ])
    }
}
