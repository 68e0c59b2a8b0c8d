import DeepCutCore
import Foundation
import Synchronization

/// Stops a sweep from asking a catalog that cannot be reached: after `threshold` transport
/// failures in a row (refused, reset, DNS, TLS, timeouts) with no answer in this run, no further
/// request is sent, so a refused catalog is recognised after a handful of attempts instead of one
/// slow, rate-limited attempt per artist (resilience4j's and Envoy's "consecutive failures" rule).
///
/// Once the catalog has answered (any 2xx) in this run the breaker never opens: a flaky network
/// then costs single artists, as retries decide. Any HTTP answer (a 5xx too) ends a streak, since
/// the catalog was reached. One breaker serves a whole run, every provider and requester: the sweep
/// binds it as a task-local around its work and `CatalogRequester` reports each attempt to it.
package final class CircuitBreaker: Sendable {
    /// Five attempts: more than one artist's retries (`maxAttempts` is 3 by default), few enough
    /// that a refused catalog fails the run in seconds.
    static let defaultThreshold = 5

    @TaskLocal package static var current: CircuitBreaker?

    private struct State {
        var streak = 0
        var answered = false
        var open = false
        /// The failure that opened the breaker.
        var openedBy: CatalogUnreachable?
    }

    let threshold: Int
    private let state = Mutex(State())

    package init(threshold: Int = defaultThreshold) {
        self.threshold = max(1, threshold)
    }

    /// True once the breaker has opened; it stays open for the rest of the run.
    package var isOpen: Bool { state.withLock { $0.open } }

    /// Where and why the connection failed when the breaker opened; nil while it is closed.
    package var openedBy: CatalogUnreachable? { state.withLock { $0.openedBy } }

    /// The catalog answered with a 2xx: it is reachable in this run.
    func recordAnswer() {
        state.withLock {
            $0.answered = true
            $0.streak = 0
        }
    }

    /// The catalog answered with an error status: reached, so the streak ends.
    func recordErrorStatus() {
        state.withLock { $0.streak = 0 }
    }

    /// The connection itself failed or timed out.
    /// - Parameter cause: where and why, remembered when this failure opens the breaker.
    func recordTransportFailure(_ cause: CatalogUnreachable? = nil) {
        state.withLock { state in
            state.streak += 1
            if state.streak >= threshold, !state.answered, !state.open {
                state.open = true
                state.openedBy = cause
            }
        }
    }
}

extension CircuitBreaker {
    /// Reports one attempt's verdict.
    /// - Parameters:
    ///   - url: the request's URL; only its scheme, host and port are kept.
    ///   - error: the transport error behind a failed attempt, to classify the cause.
    func record(_ verdict: AttemptVerdict, url: URL? = nil, error: TransportError? = nil) {
        switch verdict {
        case .success: recordAnswer()
        case .retry(let failure, _), .fail(let failure):
            switch failure.kind {
            case .transport, .timeout:
                recordTransportFailure(
                    url.map {
                        CatalogUnreachable(host: $0.origin, cause: Self.cause(failure, error), message: failure.message)
                    })
            case .cancelled: break
            default: recordErrorStatus()
            }
        }
    }
}

extension CircuitBreaker {
    /// The connection failure's kind as the outputs name it.
    static func cause(_ failure: FetchFailure, _ error: TransportError?) -> CatalogUnreachable.Cause {
        if failure.kind == .timeout { return .timeout }
        switch error?.cause {
        case .hostNotFound: return .dns
        case .refused: return .refused
        case .tls: return .tls
        case nil: return .connection
        }
    }
}
