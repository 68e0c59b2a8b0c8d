import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutFixtures
@testable import DeepCutHTTP

@Suite struct CatalogRequesterTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    let url = URL(string: "https://itunes.example/lookup?id=42&token=query-secret")!
    let sleeper = TestClock()

    func requester(
        _ client: ScriptedHTTPClient, maxAttempts: Int = 3,
        limiter: RateLimiter = RateLimiter(requestsPerMinute: nil, clock: TestClock().clock),
        headers: [String: String] = [:]
    ) -> CatalogRequester {
        CatalogRequester(
            client: client, policy: RetryPolicy(maxAttempts: maxAttempts, baseDelay: .seconds(1), maxDelay: .seconds(30)),
            timeoutSeconds: 5, limiter: limiter, headers: headers, random: { 0.5 }, sleep: sleeper.sleep, now: { Self.now })
    }

    func failure(_ result: Result<HTTPResponse, FetchFailure>) throws -> FetchFailure {
        guard case .failure(let failure) = result else {
            Issue.record("expected a failure, got \(result)")
            throw CancellationError()
        }
        return failure
    }

    // MARK: Success

    @Test func successOnFirstAttemptSendsOneRequestAndDoesNotSleep() async throws {
        let client = ScriptedHTTPClient(replies: [.success(HTTPResponse(status: 200, body: Data("ok".utf8)))])
        let response = try await requester(client, headers: ["User-Agent": "deepcut-test"]).get(url).get()
        #expect(response.body == Data("ok".utf8))
        #expect(client.requests.count == 1)
        #expect(client.requests.first?.headers["User-Agent"] == "deepcut-test")
        #expect(client.requests.first?.timeoutSeconds == 5)
        #expect(sleeper.durations.isEmpty)
    }

    @Test func retriesATransportErrorThenSucceeds() async throws {
        let client = ScriptedHTTPClient(replies: [
            .failure(TransportError(.transport, "connection reset")),
            .success(HTTPResponse(status: 200))
        ])
        let response = try await requester(client).get(url).get()
        #expect(response.status == 200)
        #expect(client.requests.count == 2)
        #expect(sleeper.durations == [.milliseconds(500)])
    }

    // MARK: Rate limits and Retry-After

    @Test func rateLimitHonoursRetryAfterSeconds() async throws {
        let client = ScriptedHTTPClient(replies: [
            .success(HTTPResponse(status: 429, headers: ["retry-after": "7"])),
            .success(HTTPResponse(status: 200))
        ])
        _ = try await requester(client).get(url).get()
        #expect(sleeper.durations == [.seconds(7)])
    }

    @Test func serviceUnavailableHonoursRetryAfterHTTPDate() async throws {
        let date = "Fri, 15 Jan 2027 08:00:30 GMT"  // 30 s after `now`
        let client = ScriptedHTTPClient(replies: [
            .success(HTTPResponse(status: 503, headers: ["Retry-After": date])),
            .success(HTTPResponse(status: 200))
        ])
        _ = try await requester(client).get(url).get()
        #expect(sleeper.durations == [.seconds(30)])
    }

    @Test func retryAfterIsCapped() async throws {
        let client = ScriptedHTTPClient(replies: [
            .success(HTTPResponse(status: 429, headers: ["Retry-After": "3600"])),
            .success(HTTPResponse(status: 200))
        ])
        _ = try await requester(client).get(url).get()
        #expect(sleeper.durations == [.seconds(60)])
    }

    @Test func persistentRateLimitFailsAsRateLimitedAfterAllAttemptsWithJitteredBackoff() async throws {
        let client = ScriptedHTTPClient(replies: Array(repeating: .success(HTTPResponse(status: 429)), count: 3))
        let failure = try failure(await requester(client).get(url))
        #expect(failure.kind == .rateLimited)
        #expect(failure.httpStatus == 429)
        #expect(failure.attempts == 3)
        #expect(client.requests.count == 3)
        // Full jitter with random 0.5: half of min(30 s, 1 s × 2^retry).
        #expect(sleeper.durations == [.milliseconds(500), .seconds(1)])
    }

    @Test func iTunesForbiddenWithEmptyBodyIsARetriedRateLimit() async throws {
        let client = ScriptedHTTPClient(replies: [
            .success(HTTPResponse(status: 403, body: Data("\n".utf8))),
            .success(HTTPResponse(status: 403))
        ])
        let failure = try failure(await requester(client, maxAttempts: 2).get(url))
        #expect(failure.kind == .rateLimited)
        #expect(failure.httpStatus == 403)
        #expect(failure.attempts == 2)
    }

    @Test func forbiddenWithABodyIsAFinalHTTPFailure() async throws {
        let client = ScriptedHTTPClient(replies: [.success(HTTPResponse(status: 403, body: Data("{\"error\":\"denied\"}".utf8)))])
        let failure = try failure(await requester(client).get(url))
        #expect(failure.kind == .http)
        #expect(failure.attempts == 1)
        #expect(sleeper.durations.isEmpty)
    }

    // MARK: Pacing and the shared backoff

    @Test func everyAttemptRetriesIncludedWaitsForAToken() async throws {
        let time = TestClock()
        let client = ScriptedHTTPClient(replies: [
            .success(HTTPResponse(status: 500)), .success(HTTPResponse(status: 502)),
            .success(HTTPResponse(status: 200))
        ])
        let limiter = RateLimiter(requestsPerMinute: 60, clock: time.clock)
        _ = try await requester(client, limiter: limiter).get(url).get()
        #expect(client.requests.count == 3)
        #expect(time.sleeps == [limiter.interval, limiter.interval * 2])
    }

    @Test func rateLimitPausesEveryRequestOfTheProviderEvenWhenTheLimitedOneGivesUp() async throws {
        let time = TestClock()
        let limiter = RateLimiter(requestsPerMinute: nil, clock: time.clock)
        let limited = ScriptedHTTPClient(replies: [.success(HTTPResponse(status: 429, headers: ["Retry-After": "30"]))])
        _ = await requester(limited, maxAttempts: 1, limiter: limiter).get(url)
        #expect(time.sleeps.isEmpty)

        let neighbour = ScriptedHTTPClient(replies: [.success(HTTPResponse(status: 200))])
        _ = try await requester(neighbour, limiter: limiter).get(url).get()
        #expect(time.sleeps == [.seconds(30)])
    }

    @Test func emptyForbiddenWithoutRetryAfterPausesForTheUnjitteredBackoff() async throws {
        let time = TestClock()
        let client = ScriptedHTTPClient(replies: [
            .success(HTTPResponse(status: 403)), .success(HTTPResponse(status: 403)),
            .success(HTTPResponse(status: 200))
        ])
        _ = try await requester(client, limiter: RateLimiter(requestsPerMinute: nil, clock: time.clock)).get(url).get()
        // Retries jitter (0.5 × 1 s, 0.5 × 2 s); the provider's pause does not (1 s, then 2 s more).
        #expect(sleeper.durations == [.milliseconds(500), .seconds(1)])
        #expect(time.sleeps == [.seconds(1), .seconds(3)])
    }

    @Test func serviceUnavailableWithRetryAfterPausesTheProviderAndWithoutDoesNot() async throws {
        let time = TestClock()
        let limiter = RateLimiter(requestsPerMinute: nil, clock: time.clock)
        let plain = ScriptedHTTPClient(replies: [.success(HTTPResponse(status: 503)), .success(HTTPResponse(status: 200))])
        _ = try await requester(plain, limiter: limiter).get(url).get()
        #expect(time.sleeps.isEmpty)

        let throttled = ScriptedHTTPClient(replies: [
            .success(HTTPResponse(status: 503, headers: ["Retry-After": "4"])),
            .success(HTTPResponse(status: 200))
        ])
        _ = try await requester(throttled, limiter: limiter).get(url).get()
        #expect(time.sleeps == [.seconds(4)])
    }

    @Test func pauseIsCappedLikeRetryAfter() async throws {
        let time = TestClock()
        let client = ScriptedHTTPClient(replies: [
            .success(HTTPResponse(status: 429, headers: ["Retry-After": "86400"])),
            .success(HTTPResponse(status: 200))
        ])
        _ = try await requester(client, limiter: RateLimiter(requestsPerMinute: nil, clock: time.clock)).get(url).get()
        #expect(time.sleeps == [.seconds(60)])
    }

    // MARK: Status classification

    @Test(arguments: [500, 502, 503, 504])
    func serverErrorsAreRetriedAndEndAsHTTP(status: Int) async throws {
        let client = ScriptedHTTPClient(replies: Array(repeating: .success(HTTPResponse(status: status)), count: 3))
        let failure = try failure(await requester(client).get(url))
        #expect(failure.kind == .http)
        #expect(failure.httpStatus == status)
        #expect(failure.attempts == 3)
        #expect(client.requests.count == 3)
    }

    @Test(arguments: [400, 401, 404, 410, 501, 304])
    func otherStatusesAreNotRetried(status: Int) async throws {
        let client = ScriptedHTTPClient(replies: [.success(HTTPResponse(status: status))])
        let failure = try failure(await requester(client).get(url))
        #expect(failure.kind == .http)
        #expect(failure.httpStatus == status)
        #expect(failure.attempts == 1)
        #expect(sleeper.durations.isEmpty)
    }

    // MARK: Transport classification

    @Test(arguments: [(TransportError.Kind.timeout, FailureKind.timeout), (.transport, .transport)])
    func connectionFailuresAreRetriedAndKeepTheirKind(transport: TransportError.Kind, expected: FailureKind) async throws {
        let client = ScriptedHTTPClient(replies: Array(repeating: .failure(TransportError(transport, "boom")), count: 3))
        let failure = try failure(await requester(client).get(url))
        #expect(failure.kind == expected)
        #expect(failure.httpStatus == nil)
        #expect(failure.attempts == 3)
    }

    @Test func transportCancellationIsNotRetried() async throws {
        let client = ScriptedHTTPClient(replies: [.failure(TransportError(.cancelled, "request cancelled"))])
        let failure = try failure(await requester(client).get(url))
        #expect(failure.kind == .cancelled)
        #expect(failure.attempts == 1)
    }

    @Test func oversizedBodyIsADecodingFailureAndNotRetried() async throws {
        let client = ScriptedHTTPClient(replies: [.failure(TransportError(.bodyTooLarge, "body larger than 10 bytes"))])
        let failure = try failure(await requester(client).get(url))
        #expect(failure.kind == .decoding)
        #expect(failure.attempts == 1)
        #expect(failure.message.contains("body larger than 10 bytes"))
    }

    // MARK: Cancellation

    @Test func cancelledTaskMakesNoRequest() async throws {
        let client = ScriptedHTTPClient(replies: [])
        let requester = requester(client)
        let url = url
        let result = await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await requester.get(url)
        }.value
        let failure = try failure(result)
        #expect(failure.kind == .cancelled)
        #expect(failure.attempts == 0)
        #expect(client.requests.isEmpty)
    }

    @Test func cancellationDuringBackoffStopsRetrying() async throws {
        let client = ScriptedHTTPClient(replies: [.success(HTTPResponse(status: 503))])
        let requester = CatalogRequester(
            client: client, policy: RetryPolicy(maxAttempts: 3), timeoutSeconds: 5,
            random: { 0.5 }, sleep: { _ in throw CancellationError() })
        let failure = try failure(await requester.get(url))
        #expect(failure.kind == .cancelled)
        #expect(failure.attempts == 1)
        #expect(client.requests.count == 1)
    }

    // MARK: Messages and counting

    @Test func messageIsOneLineWithoutQueryOrCredentials() async throws {
        let client = ScriptedHTTPClient(replies: [.failure(TransportError(.transport, "reset\nby peer"))])
        let failure = try failure(await requester(client, maxAttempts: 1, headers: ["Authorization": "Bearer header-secret"]).get(url))
        #expect(!failure.message.contains("\n"))
        #expect(!failure.message.contains("query-secret"))
        #expect(!failure.message.contains("header-secret"))
        #expect(failure.message.contains("itunes.example/lookup"))
        #expect(failure.message.contains("1 attempt"))
    }

    @Test func everyRequestIsTalliedForTheCurrentArtist() async throws {
        let client = ScriptedHTTPClient(replies: [
            .success(HTTPResponse(status: 500)), .success(HTTPResponse(status: 200)),
            .success(HTTPResponse(status: 200))
        ])
        let tally = RequestTally()
        let requester = requester(client)
        await RequestTally.$current.withValue(tally) {
            _ = await requester.get(url)
            _ = await requester.get(url)
        }
        #expect(tally.requests == 3)
    }

    // MARK: Decoding

    @Test func undecodableBodyIsADecodingFailureWithStatusAndAttempts() async throws {
        let client = ScriptedHTTPClient(replies: [.success(HTTPResponse(status: 502)), .success(HTTPResponse(status: 200))])
        let result: Result<Int, FetchFailure> = await requester(client).get(url) { _ throws(BodyDecodingError) in
            throw BodyDecodingError("results is missing")
        }
        guard case .failure(let failure) = result else {
            Issue.record("expected a decoding failure, got \(result)")
            return
        }
        #expect(failure.kind == .decoding)
        #expect(failure.httpStatus == 200)
        #expect(failure.attempts == 2)
        #expect(failure.message.contains("results is missing"))
    }
}
