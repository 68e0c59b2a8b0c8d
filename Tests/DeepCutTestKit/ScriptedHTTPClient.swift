import DeepCutHTTP
import Foundation
import Synchronization
import Testing

/// The network-edge double: answers from a script, records every request, and tracks how many
/// requests are in flight at once.
package final class ScriptedHTTPClient: HTTPClient {
    package typealias Handler = @Sendable (HTTPRequest) async throws(TransportError) -> HTTPResponse

    private struct State {
        var requests: [HTTPRequest] = []
        var inFlight = 0
        var maxInFlight = 0
        var waiters: [(predicate: @Sendable ([HTTPRequest]) -> Bool, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let handler: Handler
    private let state = Mutex(State())

    package init(_ handler: @escaping Handler) {
        self.handler = handler
    }

    /// Answers the n-th request with the n-th reply; a request past the script is a test failure.
    package convenience init(replies: [Result<HTTPResponse, TransportError>]) {
        let next = Mutex(0)
        self.init { _ throws(TransportError) in
            let index = next.withLock { index in
                defer { index += 1 }
                return index
            }
            guard index < replies.count else {
                Issue.record("unscripted request #\(index + 1)")
                return HTTPResponse(status: 599)
            }
            return try replies[index].get()
        }
    }

    package var requests: [HTTPRequest] { state.withLock { $0.requests } }
    package var maxInFlight: Int { state.withLock { $0.maxInFlight } }

    package func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        let ready = state.withLock { state in
            state.requests.append(request)
            state.inFlight += 1
            state.maxInFlight = max(state.maxInFlight, state.inFlight)
            let requests = state.requests
            let (ready, waiting) = state.waiters.partitioned { $0.predicate(requests) }
            state.waiters = waiting
            return ready
        }
        ready.forEach { $0.continuation.resume() }
        defer { state.withLock { $0.inFlight -= 1 } }
        return try await handler(request)
    }

    /// Suspends until the recorded requests satisfy `predicate` (checked on every request).
    package func waitUntil(_ predicate: @escaping @Sendable ([HTTPRequest]) -> Bool) async {
        await withCheckedContinuation { continuation in
            let satisfied = state.withLock { state in
                if predicate(state.requests) { return true }
                state.waiters.append((predicate, continuation))
                return false
            }
            if satisfied { continuation.resume() }
        }
    }
}

extension Array {
    fileprivate func partitioned(by belongsInFirst: (Element) -> Bool) -> ([Element], [Element]) {
        (filter(belongsInFirst), filter { !belongsInFirst($0) })
    }
}
