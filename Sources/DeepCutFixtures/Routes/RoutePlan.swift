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
        RoutePlan(name: "notFound", response: LoopbackResponse(
            status: 404, contentType: "application/json; charset=utf-8",
            body: "{\"errorMessage\":\"Invalid value(s) for key(s): [path]\",\"path\":\(request.path.jsonQuoted)}"
        ))
    }

    /// The fixture only answers GET.
    static func methodNotAllowed(_ request: LoopbackRequest) -> RoutePlan {
        RoutePlan(name: "methodNotAllowed", response: LoopbackResponse(
            status: 405, contentType: "application/json; charset=utf-8",
            body: "{\"errorMessage\":\"Invalid value(s) for key(s): [method]\",\"method\":\(request.method.jsonQuoted)}",
            headers: [("Allow", "GET")]
        ))
    }
}
