import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutCatalog
@testable import DeepCutFixtures
@testable import DeepCutHTTP

/// Every fault the fixture server can inject, through the real HTTP client: what is retried, what is
/// final, and what `Retry-After` does.
@Suite struct RetryFaultTests {
    static let faulty = CatalogArtist(id: FixtureTestCatalog.faultyID, name: "Faulty Towers")
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    func releases(
        with fault: Fault, configure: (inout LiveITunes) -> Void = { _ in }
    )
        async throws -> (result: Result<[Release], FetchFailure>, log: [LoggedRequest], sleeps: [Duration])
    {
        try await withFixtureServer(FixtureTestCatalog.catalog.with(fault, on: Self.faulty.id)) { server, url in
            var live = LiveITunes(url)
            live.clock = TestClock().clock
            live.now = { Self.now }
            configure(&live)
            let result = await live.provider().releases(ofArtistID: Self.faulty.id, named: Self.faulty.name)
            return (result, server.requestLog, live.sleeper.durations)
        }
    }

    // MARK: Retried, then answered

    @Test(arguments: [
        FaultKind.status(code: 500, body: nil), .status(code: 502, body: "bad gateway"), .status(code: 503, body: nil),
        .status(code: 504, body: nil), .rateLimited(retryAfter: nil), .forbiddenEmpty, .serviceUnavailable(retryAfter: nil),
        .truncate, .reset
    ])
    func transientFaultIsRetriedAndTheSecondAnswerCounts(kind: FaultKind) async throws {
        let (result, log, sleeps) = try await releases(with: Fault(kind, on: .lookup, times: 1))
        #expect(try result.get().map(\.title) == ["Basil"])
        #expect(log.count == 2)
        #expect(log.first?.fault?.kind == kind)
        // Full jitter (random 0.5) of the first backoff step, 20 ms.
        #expect(sleeps == [.milliseconds(10)])
    }

    @Test(.timeLimit(.minutes(1)))
    func hungRequestTimesOutAndIsRetried() async throws {
        let (result, log, _) = try await releases(with: Fault(.hang, on: .lookup, times: 1)) { $0.timeoutSeconds = 1 }
        #expect(try result.get().count == 1)
        #expect(log.count == 2)
    }

    @Test func slowAnswerWithinTheTimeoutIsNotRetried() async throws {
        let (result, log, sleeps) = try await releases(with: Fault(.latency(milliseconds: 150), on: .lookup))
        #expect(try result.get().count == 1)
        #expect(log.count == 1)
        #expect(sleeps.isEmpty)
    }

    // MARK: Retry-After

    @Test func retryAfterSecondsIsHonoured() async throws {
        let (result, _, sleeps) = try await releases(with: Fault(.rateLimited(retryAfter: "1"), on: .lookup, times: 1))
        #expect(throws: Never.self) { try result.get() }
        #expect(sleeps == [.seconds(1)])
    }

    @Test func retryAfterHTTPDateIsHonoured() async throws {
        let date = "Fri, 15 Jan 2027 08:00:12 GMT"  // 12 s after `now`
        let (result, _, sleeps) = try await releases(with: Fault(.serviceUnavailable(retryAfter: date), on: .lookup, times: 1))
        #expect(throws: Never.self) { try result.get() }
        #expect(sleeps == [.seconds(12)])
    }

    @Test(arguments: ["7200", "Sat, 16 Jan 2027 08:00:00 GMT"])
    func retryAfterIsCappedInBothForms(value: String) async throws {
        let (_, _, sleeps) = try await releases(with: Fault(.rateLimited(retryAfter: value), on: .lookup, times: 1))
        #expect(sleeps == [.seconds(60)])
    }

    // MARK: Final

    @Test(arguments: [
        (FaultKind.rateLimited(retryAfter: nil), FailureKind.rateLimited, 429),
        (.forbiddenEmpty, .rateLimited, 403),
        (.status(code: 503, body: nil), .http, 503)
    ])
    func persistentFaultFailsAfterEveryAttempt(kind: FaultKind, expected: FailureKind, status: Int) async throws {
        let (result, log, _) = try await releases(with: Fault(kind, on: .lookup)) { $0.maxAttempts = 3 }
        guard case .failure(let failure) = result else {
            Issue.record("a persistent \(kind) answered \(result)")
            return
        }
        #expect(failure.kind == expected)
        #expect(failure.httpStatus == status)
        #expect(failure.attempts == 3)
        #expect(log.count == 3)
    }

    @Test func persistentResetFailsAsTransport() async throws {
        let (result, log, _) = try await releases(with: Fault(.reset, on: .lookup)) { $0.maxAttempts = 2 }
        guard case .failure(let failure) = result else {
            Issue.record("a persistent reset answered \(result)")
            return
        }
        #expect(failure.kind == .transport)
        #expect(log.count == 2)
    }

    @Test(arguments: [404, 400, 401])
    func otherClientErrorsAreFinalAtOnce(status: Int) async throws {
        let (result, log, sleeps) = try await releases(with: Fault(.status(code: status, body: "{}"), on: .lookup))
        guard case .failure(let failure) = result else {
            Issue.record("HTTP \(status) answered \(result)")
            return
        }
        #expect(failure.kind == .http)
        #expect(failure.httpStatus == status)
        #expect(log.count == 1)
        #expect(sleeps.isEmpty)
    }

    @Test func malformedBodyIsADecodingFailureNotRetried() async throws {
        let (result, log, _) = try await releases(with: Fault(.malformed, on: .lookup))
        guard case .failure(let failure) = result else {
            Issue.record("a malformed body answered \(result)")
            return
        }
        #expect(failure.kind == .decoding)
        #expect(log.count == 1)
    }
}
