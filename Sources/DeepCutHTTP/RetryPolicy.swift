import Foundation

/// How often and how patiently one logical request is retried. Pure numbers and arithmetic;
/// the randomness, the clock and the sleeping are injected into `CatalogRequester`.
package struct RetryPolicy: Sendable, Hashable {
    /// Requests made at most for one logical request, the first included.
    var maxAttempts: Int
    var baseDelay: Duration
    /// Ceiling of one backoff delay.
    var maxDelay: Duration
    /// Ceiling of a server's `Retry-After`, so one header cannot park a sweep for an hour.
    var maxRetryAfter: Duration
    /// How long one logical request may wait on "too fast" answers before it gives up. Rate-limited
    /// retries count against this, not `maxAttempts`: a catalog stricter than the configuration
    /// slows the sweep down instead of failing artists. The sweep deadline still ends every wait.
    var rateLimitBudget: Duration

    package init(
        maxAttempts: Int, baseDelay: Duration = .seconds(1), maxDelay: Duration = .seconds(30),
        maxRetryAfter: Duration = .seconds(60), rateLimitBudget: Duration = .seconds(600)
    ) {
        self.rateLimitBudget = rateLimitBudget
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.maxRetryAfter = maxRetryAfter
    }

    /// The wait before retry number `retry` (0 for the first retry).
    ///
    /// A server's `Retry-After` wins, capped; otherwise full jitter,
    /// `random(0, min(maxDelay, baseDelay * 2^retry))`, which spreads concurrent retries apart.
    /// - Parameters:
    ///   - retryAfter: the server's requested wait, when it sent a usable one.
    ///   - unitRandom: a number in `0...1` from the injected random source.
    func delay(beforeRetry retry: Int, retryAfter: Duration?, unitRandom: Double) -> Duration {
        if let retryAfter {
            return min(max(retryAfter, .zero), maxRetryAfter)
        }
        return backoffCeiling(beforeRetry: retry) * min(max(unitRandom, 0), 1)
    }

    /// How long the whole provider pauses after a rate limit before retry number `retry`: the
    /// server's `Retry-After` (capped) when it sent one, else the un-jittered backoff ceiling.
    /// Jitter spreads one artist's retries; the shared pause must not shrink to nothing by chance.
    func pause(beforeRetry retry: Int, retryAfter: Duration?) -> Duration {
        if let retryAfter {
            return min(max(retryAfter, .zero), maxRetryAfter)
        }
        return backoffCeiling(beforeRetry: retry)
    }

    /// `min(maxDelay, baseDelay * 2^retry)`.
    private func backoffCeiling(beforeRetry retry: Int) -> Duration {
        let exponent = min(max(retry, 0), 30)
        return min(maxDelay, baseDelay * (1 << exponent))
    }
}

/// Reads an HTTP `Retry-After` value: delta-seconds (`120`) or an HTTP-date
/// (`Wed, 21 Oct 2015 07:28:00 GMT`, RFC 9110 IMF-fixdate).
enum RetryAfter {
    /// The wait a response's `Retry-After` header asks for; nil when it sent none or an unreadable one.
    static func delay(in response: HTTPResponse, now: Date) -> Duration? {
        response.header("Retry-After").flatMap { delay($0, now: now) }
    }

    /// The wait the server asked for, measured from `now`; nil when the value is neither form.
    /// A date in the past asks for no wait.
    static func delay(_ value: String, now: Date) -> Duration? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) {
            // Too many digits for an Int is still "a very long wait": the policy caps it.
            return .seconds(Int64(text) ?? .max)
        }
        guard let date = httpDate(text) else { return nil }
        return .milliseconds(Int64((max(0, date.timeIntervalSince(now)) * 1000).rounded(.up)))
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// IMF-fixdate only: the form RFC 9110 requires senders to use.
    private static func httpDate(_ text: String) -> Date? {
        let fields = text.split(separator: " ")
        guard fields.count == 6, fields[0].hasSuffix(","), fields[5] == "GMT",
            let day = Int(fields[1]), let monthIndex = months.firstIndex(of: String(fields[2])),
            let year = Int(fields[3])
        else { return nil }
        let time = fields[4].split(separator: ":").compactMap { Int($0) }
        guard time.count == 3 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let components = DateComponents(
            year: year, month: monthIndex + 1, day: day,
            hour: time[0], minute: time[1], second: time[2])
        guard components.isValidDate(in: calendar) else { return nil }
        return calendar.date(from: components)
    }
}
