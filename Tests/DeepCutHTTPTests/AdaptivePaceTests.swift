import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutFixtures
@testable import DeepCutHTTP

/// The adaptive rate limiter (issue 15): multiplicative decrease on "too fast", additive increase
/// on answers, `requestsPerMinute` the ceiling, and rate-limited retries bounded by the waiting
/// budget instead of `maxAttempts`.
@Suite struct AdaptivePaceTests {
    // MARK: The limiter

    @Test func tooFastHalvesThePaceOncePerIntervalAndAnswersClimbBackByATwentiethToTheCeiling() {
        let time = TestClock()
        let limiter = RateLimiter(requestsPerMinute: 60, clock: time.clock)
        limiter.slowDown()
        #expect(limiter.pace == 30)
        limiter.slowDown()
        #expect(limiter.pace == 30, "a second refusal within the new interval is the same congestion")
        time.advance(by: limiter.interval)
        limiter.slowDown()
        #expect(limiter.pace == 15)
        #expect(limiter.rateLimitedAnswers == 3)
        limiter.speedUp()
        #expect(limiter.pace == 16.5, "a twentieth of the 30 a minute last refused")
        for _ in 0..<100 { limiter.speedUp() }
        #expect(limiter.pace == 60, "never above requestsPerMinute")
        #expect(limiter.slowestPace == 15)
    }

    @Test func thePaceNeverFallsBelowOneAMinute() {
        let time = TestClock()
        let limiter = RateLimiter(requestsPerMinute: 4, clock: time.clock)
        for _ in 0..<10 {
            limiter.slowDown()
            time.advance(by: .seconds(600))
        }
        #expect(limiter.pace == RateLimiter.minimumPace)
    }

    @Test func aLearnedPaceIsWhereTheLimiterStartsButNeverAboveTheCeiling() async throws {
        let time = TestClock()
        let learned = RateLimiter(requestsPerMinute: 60, clock: time.clock, startingPace: 12)
        #expect(learned.pace == 12)
        for _ in 0..<3 { try await learned.acquire() }
        #expect(time.sleeps == [learned.interval, learned.interval * 2])
        #expect(learned.interval == RateLimiter.spacing(atPace: 12))
        #expect(RateLimiter(requestsPerMinute: 60, startingPace: 600).pace == 60)
    }

    @Test func unpacedLimiterHasNoPaceToAdapt() {
        let limiter = RateLimiter(requestsPerMinute: nil, clock: TestClock().clock)
        limiter.slowDown()
        limiter.speedUp()
        #expect(limiter.pace == nil)
        #expect(limiter.rateLimitedAnswers == 1)
    }

    // MARK: The requester

    func requester(_ client: ScriptedHTTPClient, limiter: RateLimiter, budget: Duration) -> CatalogRequester {
        CatalogRequester(
            client: client, policy: RetryPolicy(maxAttempts: 1, rateLimitBudget: budget), timeoutSeconds: 5,
            limiter: limiter, random: { 0.5 }, sleep: { _ in }, now: { Date(timeIntervalSince1970: 1_800_000_000) })
    }

    /// `maxAttempts` 1, yet three refusals in a row are waited out: each retry goes at the halved pace.
    @Test func rateLimitedRetriesDoNotUseUpMaxAttempts() async throws {
        let time = TestClock()
        let limiter = RateLimiter(requestsPerMinute: 60, clock: time.clock)
        let client = ScriptedHTTPClient(replies: [
            .success(HTTPResponse(status: 403)), .success(HTTPResponse(status: 429)),
            .success(HTTPResponse(status: 403)), .success(HTTPResponse(status: 200))
        ])
        let response = try await requester(client, limiter: limiter, budget: .seconds(600)).get(URL(string: "https://x.example/a")!).get()
        #expect(response.status == 200)
        #expect(client.requests.count == 4)
        #expect(limiter.rateLimitedAnswers == 3)
        #expect(limiter.pace == 8.5, "halved three times from 60 to 7.5, then one answer climbs by a twentieth of 15, at least 1")
    }

    @Test func aRequestGivesUpOnceItsWaitingBudgetIsSpent() async throws {
        let time = TestClock()
        let limiter = RateLimiter(requestsPerMinute: 60, clock: time.clock)
        let client = ScriptedHTTPClient(replies: Array(repeating: .success(HTTPResponse(status: 429)), count: 10))
        let result = await requester(client, limiter: limiter, budget: .seconds(5)).get(URL(string: "https://x.example/a")!)
        guard case .failure(let failure) = result else {
            Issue.record("a persistent 429 must fail once the budget is spent")
            return
        }
        #expect(failure.kind == .rateLimited)
        // Waits 2 s, then 4 s: 6 s > 5 s before the third refusal, so three requests.
        #expect(client.requests.count == 3)
        #expect(failure.message.contains("s of rate-limit waits"), "\(failure.message)")
    }
}
