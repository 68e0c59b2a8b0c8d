/// Last.fm's `GET /2.0/?method=user.gettopartists&user=…&period=…&limit=…&page=…&api_key=…&format=json`,
/// in its documented JSON form (https://www.last.fm/api/show/user.getTopArtists):
/// `{"topartists": {"artist": [{"name", "playcount": "12", "mbid", "url", "streamable": "0", "image": [],
/// "@attr": {"rank": "1"}}], "@attr": {"user", "page", "perPage", "totalPages", "total"}}}`, numbers as
/// strings, most played first.
///
/// Errors are `{"error": N, "message": …}` (https://www.last.fm/api/errorcodes): 10 a wrong API key,
/// 6 a user not found (and a bad `period`), 17 a private history ("Login: User required to be
/// logged in"), 29 the rate limit ("Rate Limit Exceeded"); the HTTP status is 403, 404, 403 and 429.
/// `limit` defaults to 50 (at most 1000), `page` to 1; an empty history is `"artist": []`, `total` "0".
struct LastFMRoute: FixtureRoute {
    static let path = "/2.0/"
    static let periods: Set = ["overall", "7day", "1month", "3month", "6month", "12month"]
    private static let contentType = "application/json"
    private static let name = "lastfm.user.getTopArtists"

    let history: FixtureListeningHistory

    func plan(for request: LoopbackRequest) -> RoutePlan? {
        guard request.path == Self.path || request.path == "/2.0" else { return nil }
        let parameters = request.queryParameters ?? [:]
        guard parameters["method"]?.lowercased() == "user.gettopartists" else {
            return error(400, 3, "Invalid Method - No method with that name in this package")
        }
        guard parameters["api_key"] == history.lastFMAPIKey else {
            return error(403, 10, "Invalid API key - You must be granted a valid key by last.fm")
        }
        let user = parameters["user"] ?? ""
        let (listener, rateLimited) = history.answer(user: user)
        if rateLimited { return error(429, 29, "Rate Limit Exceeded - Your IP has made too many requests in a short period") }
        let period = parameters["period"] ?? "overall"
        guard Self.periods.contains(period) else { return error(400, 6, "Invalid parameters - period") }
        guard let limit = Self.count(parameters["limit"], fallback: 50, maximum: 1000),
            let page = Self.count(parameters["page"], fallback: 1, maximum: 1_000_000)
        else { return error(400, 6, "Invalid parameters - limit and page must be positive integers") }
        guard let listener else { return error(404, 6, "User not found") }
        if listener.isPrivate { return error(403, 17, "Login: User required to be logged in") }
        let ranked = listener.ranked
        let start = (page - 1) * limit
        let artists = ranked.dropFirst(start).prefix(limit).enumerated().map { index, artist in
            let slug = artist.name.urlSlug
            return #"{"streamable": "0", "image": [], "mbid": "", "url": "https://www.last.fm/music/\#(slug)", "#
                + #""playcount": "\#(artist.plays)", "@attr": {"rank": "\#(start + index + 1)"}, "name": \#(artist.name.jsonQuoted)}"#
        }
        let pages = (ranked.count + limit - 1) / limit
        return RoutePlan(
            name: Self.name,
            response: LoopbackResponse(
                status: 200, contentType: Self.contentType,
                body: #"{"topartists": {"artist": [\#(artists.joined(separator: ", "))], "@attr": {"user": \#(user.jsonQuoted), "#
                    + #""totalPages": "\#(pages)", "page": "\#(page)", "perPage": "\#(limit)", "total": "\#(ranked.count)"}}}"#))
    }

    private func error(_ status: Int, _ code: Int, _ message: String) -> RoutePlan {
        RoutePlan(
            name: Self.name,
            response: LoopbackResponse(
                status: status, contentType: Self.contentType, body: #"{"error": \#(code), "message": \#(message.jsonQuoted)}"#))
    }
}
