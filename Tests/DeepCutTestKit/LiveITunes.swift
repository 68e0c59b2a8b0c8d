import DeepCutFixtures
import DeepCutHTTP
import Foundation

/// The production stack — `CurlHTTPClient`, `CatalogRequester`, `RateLimiter`, `ITunesProvider` —
/// pointed at an in-process `FixtureServer`. Backoff waits are recorded, not slept, unless a test
/// passes a real `sleep`, and the limiter runs on the real clock unless given another.
///
/// `ITunesProvider` is internal to DeepCutCatalog, so the kit builds the requester and each test
/// target that needs the provider adds `provider(concurrency:)` (LiveITunes+Provider.swift) with
/// `@testable import DeepCutCatalog`.
package struct LiveITunes {
    package let sleeper = TestClock()
    package let baseURL: URL
    package var requestsPerMinute: Int?
    package var maxAttempts = 3
    // Generous: loopback never needs it, a loaded two-core machine can stall an answer for seconds.
    package var timeoutSeconds = 15
    /// Artist ids per lookup; nil is the provider's default.
    package var batchSize: Int?
    package var clock = CatalogClock.continuous
    package var now: @Sendable () -> Date = { Date() }
    package var policy: RetryPolicy { RetryPolicy(maxAttempts: maxAttempts, baseDelay: .milliseconds(20), maxDelay: .milliseconds(100)) }

    package init(_ baseURL: URL) {
        self.baseURL = baseURL
    }

    package func requester(concurrency: Int) -> CatalogRequester {
        CatalogRequester(
            client: CurlHTTPClient(maximumConnectionsPerHost: concurrency), policy: policy,
            timeoutSeconds: timeoutSeconds,
            limiter: RateLimiter(requestsPerMinute: requestsPerMinute, clock: clock),
            random: { 0.5 }, sleep: sleeper.sleep, now: now)
    }
}

extension FixtureCatalog {
    /// This catalog with `fault` in force for the artist `id`.
    package func with(_ fault: Fault, on id: String) -> FixtureCatalog {
        var catalog = self
        if let index = catalog.artists.firstIndex(where: { $0.id == id }) {
            catalog.artists[index].fault = fault
        }
        return catalog
    }
}
