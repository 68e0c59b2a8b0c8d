import Foundation

/// The Apple Music API's catalog: `GET /v1/catalog/{storefront}/search?types=artists`,
/// `GET /v1/catalog/{storefront}/artists/{id}`, `GET /v1/catalog/{storefront}/artists/{id}/albums`
/// paged by `offset`/`limit` with `next` links (404 for an artist with no albums, as Apple answers),
/// and `GET /v1/storefronts/{storefront}`, in Apple's JSON shapes (see `Tests/Samples/applemusic_*.json`).
///
/// Every `/v1/` request needs `Authorization: Bearer …`; with `expectedToken` set, only that token passes.
struct AppleMusicRoute: FixtureRoute {
    static let contentType = "application/json; charset=utf-8"
    static let defaultPageSize = 25
    static let maximumPageSize = 100
    static let defaultSearchLimit = 5
    static let maximumSearchLimit = 25

    let artists: [FixtureArtist]
    /// `searchFolded` names, parallel to `artists`.
    let foldedNames: [String]
    let artistIndexByID: [String: Int]
    /// The developer token requests must carry; nil accepts any (but still not none).
    let expectedToken: String?

    init(catalog: FixtureCatalog, expectedToken: String?) {
        artists = catalog.artists
        foldedNames = catalog.artists.map(\.name.searchFolded)
        artistIndexByID = Dictionary(catalog.artists.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.expectedToken = expectedToken
    }

    func plan(for request: LoopbackRequest) -> RoutePlan? {
        let segments = request.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        guard segments.first == "v1" else { return nil }
        guard isAuthorized(request) else {
            return Self.error(
                route: "applemusic.unauthorized", status: 401, title: "Unauthenticated",
                detail: "Invalid authentication", code: "40100")
        }
        let rest = Array(segments.dropFirst())
        if rest.count == 2, rest[0] == "storefronts" {
            return storefrontPlan(rest[1])
        }
        if rest.count == 3, rest[0] == "catalog", rest[2] == "search" {
            return searchPlan(for: request, storefront: rest[1])
        }
        if rest.count == 3, rest[0] == "catalog", rest[2] == "artists" {
            return artistsPlan(for: request, storefront: rest[1])
        }
        if rest.count == 4, rest[0] == "catalog", rest[2] == "artists" {
            return artistPlan(storefront: rest[1], artistID: rest[3])
        }
        if rest.count == 5, rest[0] == "catalog", rest[2] == "artists", rest[4] == "albums" {
            return albumsPlan(for: request, storefront: rest[1], artistID: rest[3])
        }
        if rest.count == 6, rest[0] == "catalog", rest[2] == "artists", rest[4] == "view" {
            return viewPlan(storefront: rest[1], artistID: rest[3], view: rest[5])
        }
        if rest.count == 5, rest[0] == "catalog", rest[2] == "albums", rest[4] == "tracks" {
            return tracksPlan(storefront: rest[1], albumID: rest[3])
        }
        return Self.error(
            route: "applemusic.notFound", status: 404, title: "Resource Not Found",
            detail: "Resource Not Found", code: "40400")
    }

    private func isAuthorized(_ request: LoopbackRequest) -> Bool {
        guard let header = request.headers["authorization"], header.hasPrefix("Bearer ") else { return false }
        let token = header.dropFirst("Bearer ".count)
        return expectedToken.map { token == $0 } ?? !token.isEmpty
    }

    private func storefrontPlan(_ storefront: String) -> RoutePlan {
        guard let known = ITunesStorefront.named(storefront) else { return Self.unknownStorefront(storefront) }
        let resource = FixtureJSON.object([
            ("id", .string(known.code)), ("type", .string("storefronts")), ("href", .string("/v1/storefronts/\(known.code)")),
            ("attributes", .object([("name", .string(known.countryName)), ("defaultLanguageTag", .string("en-US"))]))
        ])
        return Self.ok(route: "applemusic.storefront", operation: nil, artistIDs: [], .object([("data", .array([resource]))]))
    }

    // MARK: - Errors

    /// Apple's error shape: `{"errors": [{"id", "title", "detail", "status", "code"}]}`.
    static func error(
        route: String, status: Int, title: String, detail: String, code: String,
        parameter: String? = nil
    ) -> RoutePlan {
        var entry: [(String, FixtureJSON)] = [
            ("id", .string("FIXTURE-\(code)")), ("title", .string(title)), ("detail", .string(detail)),
            ("status", .string(String(status))), ("code", .string(code))
        ]
        if let parameter { entry.append(("source", .object([("parameter", .string(parameter))]))) }
        let body = FixtureJSON.object([("errors", .array([.object(entry)]))])
        return RoutePlan(name: route, response: LoopbackResponse(status: status, contentType: contentType, body: body.text))
    }

    /// Apple's 404 for an id it does not know, and for a listing with nothing in it.
    static func notFound(route: String) -> RoutePlan {
        error(
            route: route, status: 404, title: "Resource Not Found", detail: "Resource with requested id was not found",
            code: "40400")
    }

    static func invalidParameter(_ name: String, route: String) -> RoutePlan {
        error(
            route: route, status: 400, title: "Invalid Parameter Value", detail: "Invalid value for '\(name)'",
            code: "40005", parameter: name)
    }

    static func unknownStorefront(_ storefront: String) -> RoutePlan {
        error(
            route: "applemusic.notFound", status: 404, title: "Resource Not Found",
            detail: "Storefront '\(storefront)' not found", code: "40400")
    }

    static func ok(route: String, operation: CatalogOperation?, artistIDs: [String], _ body: FixtureJSON) -> RoutePlan {
        RoutePlan(
            name: route, operation: operation, artistIDs: artistIDs,
            response: LoopbackResponse(status: 200, contentType: contentType, body: body.text))
    }
}

extension AppleMusicRoute {
    /// `search?term=T&types=artists[&limit=N]`: artists whose name contains the term, ignoring case and
    /// diacritics, exact matches first. Without a hit `results` is empty, as Apple answers.
    func searchPlan(for request: LoopbackRequest, storefront: String) -> RoutePlan {
        let route = "applemusic.search"
        guard let known = ITunesStorefront.named(storefront) else { return Self.unknownStorefront(storefront) }
        guard let parameters = request.queryParameters else { return Self.invalidParameter("query", route: route) }
        let term = (parameters["term"] ?? "").trimmingCharacters(in: .whitespaces)
        guard !term.isEmpty else { return Self.invalidParameter("term", route: route) }
        guard (parameters["types"] ?? "").split(separator: ",").contains("artists") else {
            return Self.invalidParameter("types", route: route)
        }
        guard let limit = Self.count(parameters["limit"], fallback: Self.defaultSearchLimit, maximum: Self.maximumSearchLimit) else {
            return Self.invalidParameter("limit", route: route)
        }

        let foldedTerm = term.searchFolded
        let matches = foldedNames.indices.filter { foldedNames[$0].contains(foldedTerm) && artists[$0].isListed(in: known.code) }
        let ranked = matches.filter { foldedNames[$0] == foldedTerm } + matches.filter { foldedNames[$0] != foldedTerm }
        let shown = ranked.prefix(limit).map { artistResource(artists[$0], storefront: known.code) }
        let results: FixtureJSON =
            shown.isEmpty
            ? .object([])
            : .object([
                (
                    "artists",
                    .object([
                        ("href", .string("\(request.path)?\(request.query)")), ("data", .array(shown))
                    ])
                )
            ])
        let order: FixtureJSON = .array(shown.isEmpty ? [] : [.string("artists")])
        let body = FixtureJSON.object([
            ("results", results), ("meta", .object([("results", .object([("order", order), ("rawOrder", order)]))]))
        ])
        return Self.ok(route: route, operation: .search, artistIDs: ranked.map { artists[$0].id }, body)
    }

    func artistResource(_ artist: FixtureArtist, storefront: String) -> FixtureJSON {
        .object([
            ("id", .string(artist.id)), ("type", .string("artists")),
            ("href", .string("/v1/catalog/\(storefront)/artists/\(artist.id)")),
            (
                "attributes",
                .object([
                    ("genreNames", .array([.string(artist.genre ?? "Alternative")])),
                    ("name", .string(artist.name)),
                    ("url", .string("https://music.apple.com/\(storefront)/artist/\(artist.name.urlSlug)/\(artist.id)"))
                ])
            )
        ])
    }
}
