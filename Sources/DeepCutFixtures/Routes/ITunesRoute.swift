import Foundation

/// The iTunes Search API: `GET /search?entity=musicArtist` and `GET /lookup?id=…&entity=album`,
/// answered in iTunes' own format (see `Tests/Samples/itunes_*.json`).
struct ITunesRoute: FixtureRoute {
    let artists: [FixtureArtist]
    /// `searchFolded` names, parallel to `artists`, folded once rather than per request.
    let foldedNames: [String]
    let artistIndexByID: [String: Int]
    let limitReading: FixtureServerOptions.LookupLimitReading
    let sort: FixtureServerOptions.LookupSort

    init(
        catalog: FixtureCatalog, limitReading: FixtureServerOptions.LookupLimitReading = .perAnswer,
        sort: FixtureServerOptions.LookupSort = .honoured
    ) {
        self.limitReading = limitReading
        self.sort = sort
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
        RoutePlan(
            name: route,
            response: LoopbackResponse(
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

extension ITunesRoute {
    /// `search?term=T&entity=musicArtist[&country=C][&limit=N]`: artists whose name contains the term, ignoring
    /// case and diacritics; exact matches first, then catalog order; only artists the `country`'s store
    /// knows. Only the musicArtist entity is served.
    func searchPlan(for request: LoopbackRequest) -> RoutePlan {
        let route = "itunes.search"
        guard let parameters = request.queryParameters else { return invalidParameter("query", route: route) }
        let term = (parameters["term"] ?? "").trimmingCharacters(in: .whitespaces)
        guard !term.isEmpty else { return invalidParameter("term", route: route) }
        guard parameters["entity"] == "musicArtist" else { return invalidParameter("entity", route: route) }
        guard let storefront = ITunesStorefront.named(parameters["country"] ?? "us") else {
            return invalidParameter("country", route: route)
        }
        guard let limit = Self.limit(parameters["limit"]) else { return invalidParameter("limit", route: route) }

        let foldedTerm = term.searchFolded
        // The storefront's store knows only its own artists.
        let matches = foldedNames.indices.filter { foldedNames[$0].contains(foldedTerm) && artists[$0].isListed(in: storefront.code) }
        let exact = matches.filter { foldedNames[$0] == foldedTerm }
        let ranked = exact + matches.filter { foldedNames[$0] != foldedTerm }
        let results = ranked.prefix(limit).map { artistWrapper(artists[$0], storefront: storefront) }
        return RoutePlan(
            name: route, operation: .search, artistIDs: ranked.map { artists[$0].id },
            response: LoopbackResponse(status: 200, contentType: Self.contentType, body: ITunesJSONObject.responseBody(results))
        )
    }
}

/// The `country` parameter's storefront: the code in URLs, and the country and currency a collection reports.
struct ITunesStorefront: Sendable, Hashable {
    let code: String
    let countryName: String
    let currency: String

    static let unitedStates = ITunesStorefront(code: "us", countryName: "USA", currency: "USD")

    /// The storefronts the fixture knows; iTunes rejects unknown country codes with 400, and so does the fixture.
    static func named(_ code: String) -> ITunesStorefront? {
        let code = code.lowercased()
        let known: [String: (String, String)] = [
            "us": ("USA", "USD"), "gb": ("GBR", "GBP"), "ca": ("CAN", "CAD"), "au": ("AUS", "AUD"),
            "nz": ("NZL", "NZD"), "ie": ("IRL", "EUR"), "de": ("DEU", "EUR"), "fr": ("FRA", "EUR"),
            "nl": ("NLD", "EUR"), "es": ("ESP", "EUR"), "it": ("ITA", "EUR"), "se": ("SWE", "SEK"),
            "jp": ("JPN", "JPY"), "br": ("BRA", "BRL"), "mx": ("MEX", "MXN")
        ]
        return known[code].map { ITunesStorefront(code: code, countryName: $0.0, currency: $0.1) }
    }
}
