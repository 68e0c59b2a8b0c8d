/// ListenBrainz's `GET /1/stats/user/{user_name}/artists`, in its documented format (Statistics API,
/// https://listenbrainz.readthedocs.io/en/latest/users/api/statistics.html):
/// `{"payload": {"artists": [{"artist_mbid": null, "artist_mbids": [], "artist_name": …, "listen_count": …}],
/// "count", "offset", "range", "total_artist_count", "user_id", "from_ts", "to_ts", "last_updated"}}`.
///
/// `count` defaults to 25 and may not pass 100 (`MAX_ITEMS_PER_GET`: 400 beyond); `range` must be one
/// of the documented ranges (400 otherwise). A user not found is 404 `{"code": 404, "error": "Cannot
/// find user: …"}`, a user without statistics (an empty history) 204 with no body, a wrong token 401.
/// Every answer carries the rate-limit headers (`X-RateLimit-Limit`, `-Remaining`, `-Reset-In`,
/// `-Reset`; ListenBrainz API, "Rate limiting"), and a rate-limited one is 429 with `Remaining: 0`.
struct ListenBrainzRoute: FixtureRoute {
    static let prefix = "/1/stats/user/"
    static let suffix = "/artists"
    static let ranges: Set = ["this_week", "this_month", "this_year", "week", "month", "quarter", "year", "half_yearly", "all_time"]
    private static let contentType = "application/json"
    private static let name = "listenbrainz.stats.artists"

    let history: FixtureListeningHistory

    func plan(for request: LoopbackRequest) -> RoutePlan? {
        guard request.path.hasPrefix(Self.prefix), request.path.hasSuffix(Self.suffix),
            request.path.count > Self.prefix.count + Self.suffix.count
        else { return nil }
        let encoded = request.path.dropFirst(Self.prefix.count).dropLast(Self.suffix.count)
        let user = String(encoded).removingPercentEncoding ?? String(encoded)
        let (listener, rateLimited) = history.answer(user: user)
        if rateLimited {
            return plan(429, #"{"code": 429, "error": "Too many requests. Please wait before making another request."}"#, remaining: 0)
        }
        if let authorization = request.headers["authorization"], authorization != "Token \(history.listenBrainzToken)" {
            return plan(401, #"{"code": 401, "error": "Invalid authorization token."}"#)
        }
        let parameters = request.queryParameters ?? [:]
        let range = parameters["range"] ?? "all_time"
        guard Self.ranges.contains(range) else { return plan(400, #"{"code": 400, "error": "Invalid range: \#(range)"}"#) }
        guard let count = Self.count(parameters["count"], fallback: 25, maximum: 100) else {
            return plan(400, #"{"code": 400, "error": "'count' should be a non-negative integer not above 100"}"#)
        }
        guard let offset = Int(parameters["offset"] ?? "0"), offset >= 0 else {
            return plan(400, #"{"code": 400, "error": "'offset' should be a non-negative integer"}"#)
        }
        guard let listener else { return plan(404, #"{"code": 404, "error": "Cannot find user: \#(user)"}"#) }
        let ranked = listener.ranked
        guard !ranked.isEmpty else { return plan(204, "") }
        let page = ranked.dropFirst(offset).prefix(count).map { artist in
            #"{"artist_mbid": null, "artist_mbids": [], "artist_name": \#(artist.name.jsonQuoted), "listen_count": \#(artist.plays)}"#
        }
        return plan(
            200,
            #"{"payload": {"artists": [\#(page.joined(separator: ", "))], "count": \#(page.count), "offset": \#(offset), "#
                + #""range": \#(range.jsonQuoted), "total_artist_count": \#(ranked.count), "user_id": \#(user.jsonQuoted), "#
                + #""from_ts": 1009843200, "to_ts": 1764633600, "last_updated": 1764633600}}"#)
    }

    private func plan(_ status: Int, _ body: String, remaining: Int = 29) -> RoutePlan {
        RoutePlan(
            name: Self.name,
            response: LoopbackResponse(
                status: status, contentType: status == 204 ? nil : Self.contentType, body: body,
                headers: [
                    ("X-RateLimit-Limit", "30"), ("X-RateLimit-Remaining", String(remaining)), ("X-RateLimit-Reset-In", "7"),
                    ("X-RateLimit-Reset", "1764633607")
                ]))
    }
}
