import Foundation

extension ITunesRoute {
    /// `search?term=T&entity=musicArtist[&country=C][&limit=N]`: artists whose name contains the term, ignoring
    /// case and diacritics; exact matches first, then catalog order. Only the musicArtist entity is served.
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
        let matches = foldedNames.indices.filter { foldedNames[$0].contains(foldedTerm) }
        let exact = matches.filter { foldedNames[$0] == foldedTerm }
        let ranked = exact + matches.filter { foldedNames[$0] != foldedTerm }
        let results = ranked.prefix(limit).map { artistWrapper(artists[$0], storefront: storefront) }
        return RoutePlan(
            name: route, operation: .search, artistIDs: ranked.map { artists[$0].id },
            response: LoopbackResponse(status: 200, contentType: Self.contentType, body: ITunesJSONObject.responseBody(results))
        )
    }
}
