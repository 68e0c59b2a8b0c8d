import DeepCutCore

extension AppleMusicRoute {
    /// `albums/{id}/tracks`: the album's songs (`name`, `durationInMillis`, `trackNumber`), one page.
    func tracksPlan(storefront: String, albumID: String) -> RoutePlan {
        let route = "applemusic.tracks"
        guard ITunesStorefront.named(storefront) != nil else { return Self.unknownStorefront(storefront) }
        guard let release = artists.release(where: { $0.id == albumID })?.release else {
            return Self.error(route: route, status: 404, title: "Resource Not Found",
                              detail: "Resource with requested id was not found", code: "40400")
        }
        let songs = ITunesRoute.tracks(of: release).enumerated().map { number, track -> FixtureJSON in
            var attributes: [(String, FixtureJSON)] = [("name", .string(track.title)), ("trackNumber", .number(number + 1)),
                                                       ("discNumber", .number(1))]
            if let seconds = track.seconds { attributes.append(("durationInMillis", .number(seconds * 1000 + 417))) }
            return .object([("id", .string(release.id + String(number + 1))), ("type", .string("songs")),
                            ("attributes", .object(attributes))])
        }
        return Self.ok(route: route, operation: nil, artistIDs: [], .object([("data", .array(songs))]))
    }
}
