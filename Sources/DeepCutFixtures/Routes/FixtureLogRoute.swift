import Foundation

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
        let response = body.map { LoopbackResponse(status: 200, contentType: "application/json; charset=utf-8", body: $0) }
            ?? LoopbackResponse(status: 500, contentType: "application/json; charset=utf-8",
                            body: "{\"errorMessage\":\"cannot encode the request log\"}")
        return RoutePlan(name: "fixture.log", response: response, isLogged: false)
    }
}
