import DeepCutCore
import Foundation

/// What one attempt means: done, worth another try (and how long the server asked us to wait), or final.
///
/// Failures here carry a provisional `attempts` and a bare reason; `stamped` completes them.
enum AttemptVerdict: Sendable {
    case success(HTTPResponse)
    case retry(FetchFailure, retryAfter: Duration?)
    case fail(FetchFailure)

    /// Classifies an answer: 2xx succeeds; 429 and iTunes' empty-bodied 403 are rate limits;
    /// 500/502/503/504 are retried; everything else is a final `http` failure.
    init(_ response: HTTPResponse, now: Date) {
        let status = response.status
        let retryAfter = RetryAfter.delay(in: response, now: now)
        switch status {
        case 200..<300:
            self = .success(response)
        case 429:
            self = .retry(
                FetchFailure(
                    kind: .rateLimited, httpStatus: status, attempts: 0,
                    message: "HTTP 429 (rate limited)"), retryAfter: retryAfter)
        case 403 where response.body.allSatisfy(Self.isWhitespace):
            self = .retry(
                FetchFailure(
                    kind: .rateLimited, httpStatus: status, attempts: 0,
                    message: "HTTP 403 with empty body (rate limited)"), retryAfter: retryAfter)
        case 500, 502, 503, 504:
            self = .retry(
                FetchFailure(kind: .http, httpStatus: status, attempts: 0, message: "HTTP \(status)"),
                retryAfter: retryAfter)
        default:
            self = .fail(FetchFailure(kind: .http, httpStatus: status, attempts: 0, message: "HTTP \(status)"))
        }
    }

    /// Classifies a failure to get an answer: timeouts and broken connections are retried;
    /// cancellation, an oversized body and a refused redirect are final.
    init(_ error: TransportError) {
        switch error.kind {
        case .timeout:
            self = .retry(FetchFailure(kind: .timeout, attempts: 0, message: error.message), retryAfter: nil)
        case .transport:
            self = .retry(FetchFailure(kind: .transport, attempts: 0, message: error.message), retryAfter: nil)
        case .cancelled:
            self = .fail(FetchFailure(kind: .cancelled, attempts: 0, message: error.message))
        case .bodyTooLarge:
            self = .fail(FetchFailure(kind: .decoding, attempts: 0, message: error.message))
        case .redirectRefused:
            self = .fail(FetchFailure(kind: .transport, attempts: 0, message: error.message))
        }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}

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

    package init(
        rateLimitStatuses: Set<Int> = [], finalStatuses: Set<Int> = [],
        errorSummary: @escaping @Sendable (Data) -> String? = { _ in nil }
    ) {
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
            let retryAfter = RetryAfter.delay(in: response, now: now)
            return .retry(
                FetchFailure(
                    kind: .rateLimited, httpStatus: status, attempts: 0,
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

extension CatalogDialect {
    /// Statuses with which Apple Music refuses the request's credentials: 401 the developer token,
    /// 403 its scope or the Music-User-Token; an empty-bodied 403 too, unlike iTunes' throttling.
    static let appleMusicRefusals: Set<Int> = [401, 403]

    /// Apple Music's reading, for its catalog and its library API alike: a refusal of the credentials
    /// is final, never retried, since the same request would be refused again.
    package static func appleMusic(errorSummary: @escaping @Sendable (Data) -> String? = { _ in nil }) -> CatalogDialect {
        CatalogDialect(finalStatuses: appleMusicRefusals, errorSummary: errorSummary)
    }

    /// The status (401 or 403) when `failure` is Apple Music refusing the credentials, read with
    /// `appleMusic`; nil for any other failure.
    package static func appleMusicRefusal(in failure: FetchFailure) -> Int? {
        guard failure.kind == .http, let status = failure.httpStatus, appleMusicRefusals.contains(status) else { return nil }
        return status
    }
}

extension FetchFailure {
    fileprivate func explained(_ explanation: String) -> FetchFailure {
        FetchFailure(kind: kind, httpStatus: httpStatus, attempts: attempts, message: message + explanation)
    }
}
