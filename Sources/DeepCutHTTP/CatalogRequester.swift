import DeepCutCore
import Foundation
import Synchronization

/// Performs one logical catalog request — retries, backoff, `Retry-After` — and classifies the end
/// into a `FetchFailure`. Every outcome is typed: nothing on this path turns an error into data.
package struct CatalogRequester: Sendable {
    let client: any HTTPClient
    let policy: RetryPolicy
    /// Paces every attempt, retries included, and spreads a rate limit to the whole provider.
    let limiter: RateLimiter
    /// Per request: the client's total deadline (`HTTPRequest.timeoutSeconds`).
    let timeoutSeconds: Int
    /// Sent with every request (User-Agent, Authorization); never logged or put in a message.
    /// Variable so a provider can add the headers its catalog requires.
    package var headers: [String: String]
    /// How this catalog's non-2xx answers read; providers set their own.
    package var dialect = CatalogDialect.generic
    /// A number in `0...1` for backoff jitter.
    let random: @Sendable () -> Double
    /// Waits between attempts; throws when the waiting task is cancelled.
    let sleep: @Sendable (Duration) async throws -> Void
    /// The clock HTTP-date `Retry-After` values are measured against.
    let now: @Sendable () -> Date

    /// - Parameter limiter: shared by every requester of one provider; the default paces nothing
    ///   (tests about other things), though it still honours rate-limit pauses.
    package init(
        client: any HTTPClient, policy: RetryPolicy, timeoutSeconds: Int, limiter: RateLimiter = RateLimiter(requestsPerMinute: nil),
        headers: [String: String] = [:],
        random: @escaping @Sendable () -> Double = { Double.random(in: 0...1) },
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.client = client
        self.policy = policy
        self.limiter = limiter
        self.timeoutSeconds = timeoutSeconds
        self.headers = headers
        self.random = random
        self.sleep = sleep
        self.now = now
    }

    /// GETs `url`, retrying what is worth retrying; a success is always a 2xx response.
    package func get(_ url: URL) async -> Result<HTTPResponse, FetchFailure> {
        await perform(url).result
    }

    /// GETs `url` and decodes the 2xx body; a body that does not decode is a `decoding` failure
    /// carrying the status and the attempts the request took.
    package func get<Value>(_ url: URL, decode: (Data) throws(BodyDecodingError) -> Value) async -> Result<Value, FetchFailure> {
        let (result, attempts) = await perform(url)
        switch result {
        case .failure(let failure):
            return .failure(failure)
        case .success(let response):
            do {
                return .success(try decode(response.body))
            } catch {
                return .failure(
                    FetchFailure(
                        kind: .decoding, httpStatus: response.status, attempts: attempts,
                        message: "\(Self.endpoint(url)): undecodable body: \(Self.oneLine(error.message))"))
            }
        }
    }

    private func perform(_ url: URL) async -> (result: Result<HTTPResponse, FetchFailure>, attempts: Int) {
        let request = HTTPRequest(url: url, headers: headers, timeoutSeconds: timeoutSeconds)
        let endpoint = Self.endpoint(url)
        var attempts = 0
        /// Attempts that count against `maxAttempts`: every one but the rate-limited ones.
        var counted = 0
        /// What rate-limited answers made this request wait so far, against `rateLimitBudget`.
        var waited = Duration.zero
        let breaker = CircuitBreaker.current
        while true {
            do {
                try await limiter.acquire()
            } catch {
                return (.failure(FetchFailure(kind: .cancelled, attempts: attempts, message: "\(endpoint): cancelled")), attempts)
            }
            // An open breaker ends the request unsent, as cancellation would: the sweep reports
            // the artist as skipped (catalogUnreachable), not as one more failure.
            if breaker?.isOpen == true {
                return (
                    .failure(
                        FetchFailure(
                            kind: .cancelled, attempts: attempts,
                            message: "\(endpoint): not sent, the catalog is unreachable")), attempts
                )
            }
            attempts += 1
            RequestTally.current?.record()
            let verdict: AttemptVerdict
            var transportError: TransportError?
            do {
                verdict = dialect.verdict(for: try await client.send(request), now: now())
            } catch {
                transportError = error
                verdict = AttemptVerdict(error)
            }
            breaker?.record(verdict, url: url, error: transportError)
            switch verdict {
            case .success(let response):
                limiter.speedUp()
                return (.success(response), attempts)
            case .fail(let failure):
                return (.failure(failure.stamped(endpoint: endpoint, attempts: attempts)), attempts)
            case .retry(let failure, let retryAfter) where failure.kind == .rateLimited && limiter.ceiling != nil:
                // "Too fast" from a paced provider: the shared pace halves (every request of the provider
                // slows, not just this one), a named wait pauses them all, and the retry waits its turn at
                // the new pace. Bounded by the waiting budget, not `maxAttempts`.
                limiter.slowDown()
                let pause = retryAfter.map { policy.pause(beforeRetry: 0, retryAfter: $0) } ?? .zero
                if pause > .zero { limiter.pause(for: pause) }
                guard waited < policy.rateLimitBudget else {
                    return (.failure(failure.stamped(endpoint: endpoint, attempts: attempts, waited: waited)), attempts)
                }
                waited += pause + limiter.interval
            case .retry(let failure, let retryAfter):
                counted += 1
                // The catalog said "too fast" (a rate limit, or any answer naming when to come back):
                // every request of this provider waits, not just this one, and even when this one gives up.
                if failure.kind == .rateLimited { limiter.slowDown() }
                if failure.kind == .rateLimited || retryAfter != nil {
                    limiter.pause(for: policy.pause(beforeRetry: counted - 1, retryAfter: retryAfter))
                }
                guard counted < policy.maxAttempts else {
                    return (.failure(failure.stamped(endpoint: endpoint, attempts: attempts)), attempts)
                }
                let delay = policy.delay(beforeRetry: counted - 1, retryAfter: retryAfter, unitRandom: random())
                do {
                    try await sleep(delay)
                } catch {
                    return (.failure(FetchFailure(kind: .cancelled, attempts: attempts, message: "\(endpoint): cancelled")), attempts)
                }
            }
        }
    }

    /// Host, port and path: enough for an operator, and never the query, where tokens and terms live.
    package static func endpoint(_ url: URL) -> String {
        let host = url.host ?? "?"
        let port = url.port.map { ":\($0)" } ?? ""
        return "GET \(host)\(port)\(url.path)"
    }

    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}

extension FetchFailure {
    /// The failure as operators read it: which endpoint, how many attempts, on one line.
    /// - Parameter waited: set when the request gave up after waiting out its rate-limit budget.
    func stamped(endpoint: String, attempts: Int, waited: Duration? = nil) -> FetchFailure {
        let tries = attempts == 1 ? "1 attempt" : "\(attempts) attempts"
        let budget = waited.map { ", \($0.components.seconds) s of rate-limit waits" } ?? ""
        return FetchFailure(
            kind: kind, httpStatus: httpStatus, attempts: attempts,
            message: "\(endpoint): \(CatalogRequester.oneLine(message)) after \(tries)\(budget)")
    }
}

/// Counts the HTTP requests made on behalf of one artist, retries included, for the health report.
///
/// Carried as a task-local because the count belongs to the artist being swept, not to any one
/// provider call: the sweep binds a tally around an artist's task tree and `CatalogRequester` records
/// every request it sends, whichever provider (and however many calls) the artist needed.
package final class RequestTally: Sendable {
    @TaskLocal package static var current: RequestTally?

    private let count = Atomic<Int>(0)

    package init() {}

    package var requests: Int { count.load(ordering: .relaxed) }

    func record() {
        count.add(1, ordering: .relaxed)
    }
}
