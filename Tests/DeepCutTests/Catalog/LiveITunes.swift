@testable import DeepCut
@testable import DeepCutCatalog
@testable import DeepCutFixtures
@testable import DeepCutHTTP
import Foundation

/// The production stack — `CurlHTTPClient`, `CatalogRequester`, `RateLimiter`, `ITunesProvider` —
/// pointed at an in-process `FixtureServer`. Backoff waits are recorded, not slept, unless a test
/// passes a real `sleep`, and the limiter runs on the real clock unless given another.
struct LiveITunes {
    let sleeper = SleepRecorder()
    let baseURL: URL
    var requestsPerMinute: Int?
    var maxAttempts = 3
    // Generous: loopback never needs it, a loaded two-core machine can stall an answer for seconds.
    var timeoutSeconds = 15
    var batchSize = ITunesProvider.defaultBatchSize
    var clock = CatalogClock.continuous
    var now: @Sendable () -> Date = { Date() }
    var policy: RetryPolicy { RetryPolicy(maxAttempts: maxAttempts, baseDelay: .milliseconds(20), maxDelay: .milliseconds(100)) }

    init(_ baseURL: URL) {
        self.baseURL = baseURL
    }

    func provider(concurrency: Int = 4) -> ITunesProvider {
        let requester = CatalogRequester(client: CurlHTTPClient(maximumConnectionsPerHost: concurrency), policy: policy,
                                         timeoutSeconds: timeoutSeconds,
                                         limiter: RateLimiter(requestsPerMinute: requestsPerMinute, clock: clock),
                                         random: { 0.5 }, sleep: sleeper.sleep, now: now)
        return ITunesProvider(baseURL: baseURL, country: "us", requester: requester, batchSize: batchSize)
    }
}

extension FixtureCatalog {
    /// This catalog with `fault` in force for the artist `id`.
    func with(_ fault: Fault, on id: String) -> FixtureCatalog {
        var catalog = self
        if let index = catalog.artists.firstIndex(where: { $0.id == id }) {
            catalog.artists[index].fault = fault
        }
        return catalog
    }
}
