import Foundation
import DeepCutCore

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
        let retryAfter = response.header("Retry-After").flatMap { RetryAfter.delay($0, now: now) }
        switch status {
        case 200..<300:
            self = .success(response)
        case 429:
            self = .retry(FetchFailure(kind: .rateLimited, httpStatus: status, attempts: 0,
                                       message: "HTTP 429 (rate limited)"), retryAfter: retryAfter)
        case 403 where response.body.allSatisfy(Self.isWhitespace):
            self = .retry(FetchFailure(kind: .rateLimited, httpStatus: status, attempts: 0,
                                       message: "HTTP 403 with empty body (rate limited)"), retryAfter: retryAfter)
        case 500, 502, 503, 504:
            self = .retry(FetchFailure(kind: .http, httpStatus: status, attempts: 0, message: "HTTP \(status)"),
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
