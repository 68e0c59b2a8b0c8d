import Foundation
import Testing

@testable import DeepCutHTTP

@Suite struct RetryAfterTests {
    // 2027-01-15 08:00:00 UTC
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func deltaSeconds() {
        #expect(RetryAfter.delay("120", now: now) == .seconds(120))
        #expect(RetryAfter.delay(" 0 ", now: now) == .zero)
    }

    @Test func hugeDeltaIsStillAWait() {
        #expect(RetryAfter.delay("99999999999999999999999", now: now) == .seconds(Int64.max))
    }

    @Test func httpDateInTheFuture() {
        #expect(RetryAfter.delay("Fri, 15 Jan 2027 08:01:00 GMT", now: now) == .seconds(60))
    }

    @Test func httpDateInThePastAsksForNoWait() {
        #expect(RetryAfter.delay("Sun, 06 Nov 1994 08:49:37 GMT", now: now) == .zero)
    }

    @Test(arguments: [
        "", "soon", "-5", "1.5", "Fri, 15 Jan 2027 08:01:00 PST", "Fri, 32 Jan 2027 08:01:00 GMT",
        "Friday, 15-Jan-27 08:01:00 GMT"
    ])
    func unusableValuesAreIgnored(value: String) {
        #expect(RetryAfter.delay(value, now: now) == nil)
    }
}
