import Synchronization

/// Turns each request into a reply: the first route that claims the path plans the normal answer,
/// then the catalog-wide fault or the artist's fault (if any) and the configured latency shape what is actually sent.
///
/// The routes sit behind a lock so a running server can be handed a new catalog between two requests
/// (`FixtureServer.replaceCatalog`); a request sees either the old catalog or the new one, never a mix.
final class FixtureRouter: Sendable {
    private let routes: Mutex<[any FixtureRoute]>
    let state: FixtureState
    /// Catalog requests beyond this pace get iTunes' throttling answer (403, empty body); nil accepts all.
    let acceptedRequestsPerMinute: Double?

    init(routes: [any FixtureRoute], state: FixtureState, acceptedRequestsPerMinute: Double? = nil) {
        self.routes = Mutex(routes)
        self.state = state
        self.acceptedRequestsPerMinute = acceptedRequestsPerMinute
    }

    func replaceRoutes(_ routes: [any FixtureRoute]) {
        self.routes.withLock { $0 = routes }
    }

    func reply(to request: LoopbackRequest, receivedAt: Double) -> FixtureReply {
        let plan: RoutePlan
        if request.method != "GET" {
            plan = .methodNotAllowed(request)
        } else {
            let current = routes.withLock { $0 }
            plan = current.lazy.compactMap { $0.plan(for: request) }.first ?? .notFound(request)
        }
        var fault = plan.operation.flatMap { state.takeFault(forArtistIDs: plan.artistIDs, operation: $0) }
        if fault == nil, plan.operation != nil, let pace = acceptedRequestsPerMinute, !state.acceptsAtPace(pace, at: receivedAt) {
            fault = Fault(.forbiddenEmpty)
        }
        let (action, extraDelay) = fault?.kind.action(replacing: plan.response) ?? (.respond(plan.response), 0)
        if plan.isLogged {
            state.record(
                LoggedRequest(
                    path: request.path, query: request.query, receivedAt: receivedAt,
                    status: action.loggedStatus, route: plan.name, fault: fault,
                    headerNames: request.headers.keys.sorted()))
        }
        return FixtureReply(delaySeconds: state.baseLatencySeconds() + extraDelay, action: action)
    }
}

extension FixtureReply.Action {
    fileprivate var loggedStatus: Int? {
        switch self {
        case .respond(let response), .truncate(let response), .stream(let response, _): response.status
        case .hang, .reset: nil
        }
    }
}

/// What the connection does with one request: wait `delaySeconds`, then act.
struct FixtureReply: Sendable {
    enum Action: Sendable {
        case respond(LoopbackResponse)
        /// Promise the whole body, send part of it, close.
        case truncate(LoopbackResponse)
        /// Send nothing until the client disconnects or the server stops.
        case hang
        /// Close with a TCP RST.
        case reset
        /// Send the head and the body, then whitespace up to `contentLength` bytes in all (announced), or
        /// without end and unannounced when nil, until the client disconnects or the server stops.
        case stream(LoopbackResponse, contentLength: Int?)
    }

    let delaySeconds: Double
    let action: Action
}
