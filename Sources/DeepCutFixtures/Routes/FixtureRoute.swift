import Foundation

/// One API format the fixture speaks (iTunes today; Apple Music and MusicBrainz are further conformers).
///
/// A route only turns a request into the normal answer and names the artists it concerns; the router applies
/// faults, latency and logging the same way for every format.
protocol FixtureRoute: Sendable {
    /// The plan for `request`, or nil when its path belongs to another route.
    func plan(for request: LoopbackRequest) -> RoutePlan?
}

/// A route's answer to one request, before faults and latency are applied.
struct RoutePlan: Sendable {
    /// Logged as `LoggedRequest.route`, e.g. "itunes.lookup".
    let name: String
    /// What the request asks the catalog; nil for requests no fault applies to (errors, fixture control).
    let operation: CatalogOperation?
    /// The artists the request is about, in request order; their faults apply.
    let artistIDs: [String]
    let response: LoopbackResponse
    /// False for the fixture's own control routes, so polling the log does not pollute it.
    let isLogged: Bool

    init(name: String, operation: CatalogOperation? = nil, artistIDs: [String] = [], response: LoopbackResponse, isLogged: Bool = true) {
        self.name = name
        self.operation = operation
        self.artistIDs = artistIDs
        self.response = response
        self.isLogged = isLogged
    }

    /// No route serves the path.
    static func notFound(_ request: LoopbackRequest) -> RoutePlan {
        RoutePlan(
            name: "notFound",
            response: LoopbackResponse(
                status: 404, contentType: "application/json; charset=utf-8",
                body: "{\"errorMessage\":\"Invalid value(s) for key(s): [path]\",\"path\":\(request.path.jsonQuoted)}"
            ))
    }

    /// The fixture only answers GET.
    static func methodNotAllowed(_ request: LoopbackRequest) -> RoutePlan {
        RoutePlan(
            name: "methodNotAllowed",
            response: LoopbackResponse(
                status: 405, contentType: "application/json; charset=utf-8",
                body: "{\"errorMessage\":\"Invalid value(s) for key(s): [method]\",\"method\":\(request.method.jsonQuoted)}",
                headers: [("Allow", "GET")]
            ))
    }
}

extension FixtureRoute {
    /// A `limit`-style parameter as Apple Music and MusicBrainz read it: absent → `fallback`; not a number
    /// in `1...maximum` → nil (the route answers 400), never silently clamped.
    static func count(_ text: String?, fallback: Int, maximum: Int) -> Int? {
        guard let text else { return fallback }
        guard let value = Int(text), (1...maximum).contains(value) else { return nil }
        return value
    }
}

extension String {
    /// Case- and diacritic-insensitive form for name matching: "Beyoncé" and "BEYONCE" fold alike.
    var searchFolded: String {
        folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// The URL slug Apple puts in music.apple.com links: "Nightmare·Escape The ERA - EP" → "nightmare-escape-the-era-ep".
    var urlSlug: String {
        var slug = ""
        var pendingDash = false
        for scalar in folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).unicodeScalars {
            if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                if pendingDash, !slug.isEmpty { slug += "-" }
                slug.unicodeScalars.append(scalar)
                pendingDash = false
            } else {
                pendingDash = true
            }
        }
        return slug.isEmpty ? "_" : slug
    }
}

/// `GET /_fixture/log`: the request log as a JSON array of `LoggedRequest`, for benchmarks running
/// the server as a separate process. Its own requests are not logged.
struct FixtureLogRoute: FixtureRoute {
    static let path = "/_fixture/log"
    let state: FixtureState

    func plan(for request: LoopbackRequest) -> RoutePlan? {
        guard request.path == Self.path else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // An encoding failure is answered as a 500, never as an empty log.
        let body = (try? encoder.encode(state.log)).flatMap { String(data: $0, encoding: .utf8) }
        let response =
            body.map { LoopbackResponse(status: 200, contentType: "application/json; charset=utf-8", body: $0) }
            ?? LoopbackResponse(
                status: 500, contentType: "application/json; charset=utf-8",
                body: "{\"errorMessage\":\"cannot encode the request log\"}")
        return RoutePlan(name: "fixture.log", response: response, isLogged: false)
    }
}
