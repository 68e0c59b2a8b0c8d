import Foundation
import DeepCutCore

/// What one catalog means by its non-2xx answers, beyond HTTP's generic reading in `AttemptVerdict`.
///
/// MusicBrainz says "too fast" with 503; Apple Music's empty-bodied 403 is a refused token, not
/// iTunes-style throttling; both explain errors in a JSON body worth putting in the failure message.
/// Providers set their dialect on the requester they are given.
package struct CatalogDialect: Sendable {
    /// Statuses that mean "slow down": retried and reported as `rateLimited`.
    var rateLimitStatuses: Set<Int>
    /// Statuses that end the request as a plain `http` failure, never retried (refused credentials).
    var finalStatuses: Set<Int>
    /// One line read from an error body, or nil when it says nothing usable. Must never echo a secret.
    var errorSummary: @Sendable (Data) -> String?

    package init(rateLimitStatuses: Set<Int> = [], finalStatuses: Set<Int> = [],
         errorSummary: @escaping @Sendable (Data) -> String? = { _ in nil }) {
        self.rateLimitStatuses = rateLimitStatuses
        self.finalStatuses = finalStatuses
        self.errorSummary = errorSummary
    }

    /// HTTP's generic reading, as the iTunes Search API needs it.
    static let generic = CatalogDialect()

    /// Classifies an answer: the generic verdict, with this catalog's statuses and error text applied.
    func verdict(for response: HTTPResponse, now: Date) -> AttemptVerdict {
        let generic = AttemptVerdict(response, now: now)
        if case .success = generic { return generic }
        let status = response.status
        let explanation = errorSummary(response.body).map { ": " + $0 } ?? ""
        if rateLimitStatuses.contains(status) {
            let retryAfter = response.header("Retry-After").flatMap { RetryAfter.delay($0, now: now) }
            return .retry(FetchFailure(kind: .rateLimited, httpStatus: status, attempts: 0,
                                       message: "HTTP \(status) (rate limited)\(explanation)"), retryAfter: retryAfter)
        }
        let message = "HTTP \(status)\(explanation)"
        switch generic {
        case .retry(let failure, let retryAfter) where !finalStatuses.contains(status):
            return .retry(failure.explained(explanation), retryAfter: retryAfter)
        default:
            return .fail(FetchFailure(kind: .http, httpStatus: status, attempts: 0, message: message))
        }
    }
}

private extension FetchFailure {
    func explained(_ explanation: String) -> FetchFailure {
        FetchFailure(kind: kind, httpStatus: httpStatus, attempts: attempts, message: message + explanation)
    }
}
