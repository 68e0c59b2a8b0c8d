import Foundation

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
        let matches = foldedNames.indices.filter { foldedNames[$0].contains(foldedTerm) }
        let ranked = matches.filter { foldedNames[$0] == foldedTerm } + matches.filter { foldedNames[$0] != foldedTerm }
        let shown = ranked.prefix(limit).map { artistResource(artists[$0], storefront: known.code) }
        let results: FixtureJSON = shown.isEmpty ? .object([]) : .object([("artists", .object([
            ("href", .string("\(request.path)?\(request.query)")), ("data", .array(shown)),
        ]))])
        let order: FixtureJSON = .array(shown.isEmpty ? [] : [.string("artists")])
        let body = FixtureJSON.object([
            ("results", results), ("meta", .object([("results", .object([("order", order), ("rawOrder", order)]))])),
        ])
        return Self.ok(route: route, operation: .search, artistIDs: ranked.map { artists[$0].id }, body)
    }

    private func artistResource(_ artist: FixtureArtist, storefront: String) -> FixtureJSON {
        .object([
            ("id", .string(artist.id)), ("type", .string("artists")),
            ("href", .string("/v1/catalog/\(storefront)/artists/\(artist.id)")),
            ("attributes", .object([
                ("genreNames", .array([.string(artist.genre ?? "Alternative")])),
                ("name", .string(artist.name)),
                ("url", .string("https://music.apple.com/\(storefront)/artist/\(artist.name.urlSlug)/\(artist.id)")),
            ])),
        ])
    }
}
