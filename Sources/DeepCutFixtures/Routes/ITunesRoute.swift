/// The iTunes Search API: `GET /search?entity=musicArtist` and `GET /lookup?id=…&entity=album`,
/// answered in iTunes' own format (see `shared/samples/itunes_*.json`).
struct ITunesRoute: FixtureRoute {
    let artists: [FixtureArtist]
    /// `searchFolded` names, parallel to `artists`, folded once rather than per request.
    let foldedNames: [String]
    let artistIndexByID: [String: Int]
    let limitReading: FixtureServerOptions.LookupLimitReading

    init(catalog: FixtureCatalog, limitReading: FixtureServerOptions.LookupLimitReading = .perAnswer) {
        self.limitReading = limitReading
        artists = catalog.artists
        foldedNames = catalog.artists.map(\.name.searchFolded)
        artistIndexByID = Dictionary(catalog.artists.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    func plan(for request: LoopbackRequest) -> RoutePlan? {
        switch request.path {
        case "/search": searchPlan(for: request)
        case "/lookup": lookupPlan(for: request)
        default: nil
        }
    }

    /// What iTunes sends for a bad parameter: 400 and the offending key.
    func invalidParameter(_ key: String, route: String) -> RoutePlan {
        RoutePlan(name: route, response: LoopbackResponse(
            status: 400, contentType: Self.contentType,
            body: "\n\n\n{\n \"errorMessage\":\"Invalid value(s) for key(s): [\(key)]\"\n}\n\n\n"
        ))
    }

    static let contentType = "text/javascript; charset=utf-8"

    /// `limit`: absent → 50, above 200 → 200 (iTunes' ceiling), not a positive integer → nil.
    static func limit(_ text: String?) -> Int? {
        guard let text else { return 50 }
        guard let value = Int(text), value > 0 else { return nil }
        return min(value, 200)
    }

    func artistWrapper(_ artist: FixtureArtist, storefront: ITunesStorefront) -> ITunesJSONObject {
        var object = ITunesJSONObject()
        object.add("wrapperType", "artist")
        object.add("artistType", "Artist")
        object.add("artistName", artist.name)
        object.add("artistLinkUrl", Self.artistURL(name: artist.name, id: artist.id, storefront: storefront))
        object.add("artistId", number: artist.id)
        object.add("primaryGenreName", artist.genre ?? "Alternative")
        return object
    }

    static func artistURL(name: String, id: String, storefront: ITunesStorefront) -> String {
        "https://music.apple.com/\(storefront.code)/artist/\(name.urlSlug)/\(id)?uo=4"
    }
}
