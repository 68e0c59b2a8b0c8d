import DeepCutCore

extension MusicBrainzRoute {
    /// `release?release-group=MBID&inc=recordings[&limit=N]`: the group's one release with its
    /// medium and tracks (`title`, `length` in milliseconds), as MusicBrainz browses releases.
    func releaseTracksPlan(_ parameters: [String: String]) -> RoutePlan {
        let route = "musicbrainz.release"
        let mbid = (parameters["release-group"] ?? "").lowercased()
        guard MusicBrainzID.isUUIDShaped(mbid) else { return Self.error("Invalid mbid.", status: 400, route: route) }
        guard let (artist, release) = artists.release(where: { MusicBrainzID.mbid(for: $0.id) == mbid }) else {
            return Self.error("Not Found", status: 404, route: route)
        }
        let tracks = ITunesRoute.tracks(of: release).enumerated().map { number, track -> FixtureJSON in
            .object([
                ("number", .string(String(number + 1))), ("position", .number(number + 1)), ("title", .string(track.title)),
                ("length", track.seconds.map { .number($0 * 1000 + 417) } ?? .null),
            ])
        }
        let medium = FixtureJSON.object([("position", .number(1)), ("format", .string("Digital Media")),
                                         ("track-count", .number(tracks.count)), ("tracks", .array(tracks))])
        let body = FixtureJSON.object([
            ("release-count", .number(1)), ("release-offset", .number(0)),
            ("releases", .array([.object([("id", .string(MusicBrainzID.mbid(for: release.id + "1"))), ("title", .string(release.title)),
                                          ("media", .array([medium]))])])),
        ])
        return Self.ok(route: route, operation: .lookup, artistIDs: [artist.id], body)
    }
}
