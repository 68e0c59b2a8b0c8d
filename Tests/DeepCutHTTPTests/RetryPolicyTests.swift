import Testing

@testable import DeepCutHTTP

@Suite struct RetryPolicyTests {
    let policy = RetryPolicy(maxAttempts: 5, baseDelay: .seconds(1), maxDelay: .seconds(10), maxRetryAfter: .seconds(60))

    @Test func fullJitterScalesTheExponentialCeiling() {
        #expect(policy.delay(beforeRetry: 0, retryAfter: nil, unitRandom: 1) == .seconds(1))
        #expect(policy.delay(beforeRetry: 2, retryAfter: nil, unitRandom: 1) == .seconds(4))
        #expect(policy.delay(beforeRetry: 2, retryAfter: nil, unitRandom: 0.25) == .seconds(1))
        #expect(policy.delay(beforeRetry: 2, retryAfter: nil, unitRandom: 0) == .zero)
    }

    @Test func backoffIsCappedEvenForHugeRetryCounts() {
        #expect(policy.delay(beforeRetry: 4, retryAfter: nil, unitRandom: 1) == .seconds(10))
        #expect(policy.delay(beforeRetry: 500, retryAfter: nil, unitRandom: 1) == .seconds(10))
    }

    @Test func retryAfterWinsOverBackoffAndIsCapped() {
        #expect(policy.delay(beforeRetry: 0, retryAfter: .seconds(42), unitRandom: 0) == .seconds(42))
        #expect(policy.delay(beforeRetry: 0, retryAfter: .seconds(3600), unitRandom: 0) == .seconds(60))
    }

    @Test func atLeastOneAttempt() {
        #expect(RetryPolicy(maxAttempts: 0).maxAttempts == 1)
    }
}
