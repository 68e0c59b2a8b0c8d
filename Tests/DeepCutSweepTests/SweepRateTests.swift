import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutFixtures

/// The rate limit measured where it matters: request arrival times at the server over a whole sweep.
@Suite struct SweepRateTests {
    static let requestsPerMinute = 1200
    static let catalog = FixtureCatalog.generated(
        artists: 20, releasesPerArtist: 3, seed: 11,
        today: ReleaseDate(year: 2026, month: 11, day: 29))

    @Test(.timeLimit(.minutes(1)))
    func wholeSweepNeverExceedsTheRateAndARateLimitPausesEveryone() async throws {
        let limited = Self.catalog.artists[8].id
        let faulted = Self.catalog
            .with(Fault(.rateLimited(retryAfter: "1"), on: .lookup, times: 1), on: limited)
            .with(Fault(.forbiddenEmpty, on: .search, times: 1), on: Self.catalog.artists[4].id)
        try await withFixtureServer(faulted) { server, url in
            var sweep = LiveSweep(url)
            sweep.live.batchSize = 1
            sweep.live.requestsPerMinute = Self.requestsPerMinute
            let outcome = try await sweep.run(Self.catalog.artists.map(\.name))
            #expect(outcome.status == .complete)

            let log = server.requestLog
            #expect(log.count == 42)
            let arrivals = log.map(\.receivedAt).sorted()
            // Any one-second window: at most the rate (20), plus one request of timing jitter
            // between the client's clock and the server's arrival times.
            let perSecond = Self.requestsPerMinute / 60
            for start in arrivals {
                let inWindow = arrivals.filter { $0 >= start && $0 < start + 1 }.count
                #expect(inWindow <= perSecond + 1, "\(inWindow) requests in the second after \(start)")
            }
            // The 429 said "Retry-After: 1": the whole provider pauses for that second. The pause starts
            // when the client reads the 429, so on a loaded machine (the whole suite shares two cores)
            // the requests other artists had already started may still arrive: at most one per other
            // slot of the window. Without the shared pause, the rate (20/s) would put ~17 there.
            let limitedAt = try #require(log.first { $0.status == 429 }?.receivedAt)
            let duringPause = arrivals.filter { $0 > limitedAt + 0.05 && $0 < limitedAt + 0.95 }
            #expect(duringPause.count <= sweep.concurrency - 1, "\(duringPause.count) requests inside the shared pause")
        }
    }
}
