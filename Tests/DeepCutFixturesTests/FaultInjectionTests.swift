import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutFixtures

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct FaultInjectionTests {
    let client = FixtureTestClient()
    let faultyLookup = "/lookup?id=\(FixtureTestCatalog.faultyID)&entity=album"
    let faultySearch = "/search?term=faulty&entity=musicArtist"

    func catalog(withFault fault: Fault) -> FixtureCatalog {
        var catalog = FixtureTestCatalog.catalog
        let index = catalog.artists.firstIndex { $0.id == FixtureTestCatalog.faultyID }!
        catalog.artists[index].fault = fault
        return catalog
    }

    func status(_ url: URL, _ pathAndQuery: String) async throws -> Int {
        try await client.get(url, pathAndQuery).response.statusCode
    }

    // MARK: - Status faults

    @Test func statusFaultSendsTheCodeAndBody() async throws {
        try await withFixtureServer(catalog(withFault: Fault(.status(code: 502, body: "upstream down")))) { server, url in
            let (body, response) = try await client.get(url, faultyLookup)
            #expect(response.statusCode == 502)
            #expect(String(decoding: body, as: UTF8.self) == "upstream down")
            #expect(server.requestLog.first?.status == 502)
            #expect(server.requestLog.first?.fault == Fault(.status(code: 502, body: "upstream down")))
        }
    }

    @Test func rateLimitedSends429WithOrWithoutRetryAfter() async throws {
        try await withFixtureServer(catalog(withFault: Fault(.rateLimited(retryAfter: "Wed, 21 Oct 2026 07:28:00 GMT")))) { server, url in
            let (_, dated) = try await client.get(url, faultyLookup)
            #expect(dated.statusCode == 429)
            #expect(dated.value(forHTTPHeaderField: "Retry-After") == "Wed, 21 Oct 2026 07:28:00 GMT")

            server.setFault(Fault(.rateLimited(retryAfter: nil)), forArtistID: FixtureTestCatalog.faultyID)
            let (_, bare) = try await client.get(url, faultyLookup)
            #expect(bare.statusCode == 429)
            #expect(bare.value(forHTTPHeaderField: "Retry-After") == nil)
        }
    }

    @Test func forbiddenEmptyIsA403WithNoBodyLikeITunesThrottling() async throws {
        try await withFixtureServer(catalog(withFault: Fault(.forbiddenEmpty))) { _, url in
            let (body, response) = try await client.get(url, faultyLookup)
            #expect(response.statusCode == 403)
            #expect(body.isEmpty)
            #expect(response.value(forHTTPHeaderField: "Retry-After") == nil)
        }
    }

    @Test func serviceUnavailableSends503WithRetryAfterSeconds() async throws {
        try await withFixtureServer(catalog(withFault: Fault(.serviceUnavailable(retryAfter: "2")))) { _, url in
            let (_, response) = try await client.get(url, faultyLookup)
            #expect(response.statusCode == 503)
            #expect(response.value(forHTTPHeaderField: "Retry-After") == "2")
        }
    }

    @Test func malformedIsA200ThatIsNotJSON() async throws {
        try await withFixtureServer(catalog(withFault: Fault(.malformed))) { _, url in
            let (body, response) = try await client.get(url, faultyLookup)
            #expect(response.statusCode == 200)
            #expect(throws: (any Error).self) { try JSONSerialization.jsonObject(with: body) }
        }
    }

    @Test func latencyFaultStillAnswersNormally() async throws {
        try await withFixtureServer(catalog(withFault: Fault(.latency(milliseconds: 50)))) { server, url in
            let answer = try await client.results(url, faultyLookup)
            #expect(answer.collections.count == 1)
            #expect(server.requestLog.first?.fault?.kind == .latency(milliseconds: 50))
        }
    }

    // MARK: - Connection faults

    @Test func truncatedBodyIsATransportError() async throws {
        try await withFixtureServer(catalog(withFault: Fault(.truncate))) { server, url in
            let error = await #expect(throws: URLError.self) { try await client.get(url, faultyLookup) }
            #expect(error?.code == .unknown)
            #expect(server.requestLog.first?.status == 200)
        }
    }

    @Test func resetIsAConnectionLostError() async throws {
        try await withFixtureServer(catalog(withFault: Fault(.reset))) { server, url in
            let error = await #expect(throws: URLError.self) { try await client.get(url, faultyLookup) }
            #expect(error?.code == .networkConnectionLost)
            #expect(server.requestLog.first.map { $0.status == nil && $0.fault?.kind == .reset } == true)
        }
    }

    @Test func hangSendsNothingBeforeTheClientGivesUp() async throws {
        let impatient = FixtureTestClient(timeoutSeconds: 1)
        try await withFixtureServer(catalog(withFault: Fault(.hang))) { server, url in
            let error = await #expect(throws: URLError.self) { try await impatient.get(url, faultyLookup) }
            #expect(error?.code == .timedOut)
            #expect(server.requestLog.first.map { $0.status == nil && $0.fault?.kind == .hang } == true)
        }
    }

    // MARK: - Scope and recovery

    @Test func timesFaultsOnlyTheFirstRequestsThenRecovers() async throws {
        try await withFixtureServer(catalog(withFault: Fault(.forbiddenEmpty, times: 2))) { server, url in
            var statuses: [Int] = []
            for _ in 0..<3 {
                statuses.append(try await status(url, faultyLookup))
            }
            #expect(statuses == [403, 403, 200])
            #expect(server.requestLog.map(\.status) == [403, 403, 200])
        }
    }

    @Test func scopeLimitsTheFaultToSearchOrLookup() async throws {
        try await withFixtureServer(catalog(withFault: Fault(.forbiddenEmpty, on: .search))) { server, url in
            let searchOnly = [try await status(url, faultySearch), try await status(url, faultyLookup)]
            #expect(searchOnly == [403, 200])

            server.setFault(Fault(.forbiddenEmpty, on: .lookup), forArtistID: FixtureTestCatalog.faultyID)
            let lookupOnly = [try await status(url, faultySearch), try await status(url, faultyLookup)]
            #expect(lookupOnly == [200, 403])
        }
    }

    @Test func faultAppliesOnlyToRequestsAboutItsArtist() async throws {
        try await withFixtureServer(catalog(withFault: Fault(.forbiddenEmpty))) { _, url in
            let batch = try await client.get(url, "/lookup?id=\(FixtureTestCatalog.polyphiaID),\(FixtureTestCatalog.faultyID)&entity=album")
            #expect(batch.response.statusCode == 403)
            let other = try await client.get(url, "/lookup?id=\(FixtureTestCatalog.polyphiaID)&entity=album")
            #expect(other.response.statusCode == 200)
            let otherSearch = try await client.get(url, "/search?term=polyphia&entity=musicArtist")
            #expect(otherSearch.response.statusCode == 200)
        }
    }

    @Test func settingNilClearsAFaultAtRuntime() async throws {
        try await withFixtureServer(catalog(withFault: Fault(.forbiddenEmpty))) { server, url in
            let faulted = try await status(url, faultyLookup)
            server.setFault(nil, forArtistID: FixtureTestCatalog.faultyID)
            let cleared = try await status(url, faultyLookup)
            #expect(faulted == 403)
            #expect(cleared == 200)
        }
    }
}
