import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutCatalog
@testable import DeepCutConfig
@testable import DeepCutFixtures
@testable import DeepCutHTTP
@testable import DeepCutState
@testable import DeepCutSweep

/// `catalog.sweepDeadlineMinutes`: the sweep ends on time, keeps what it finished, and says why the rest is missing.
@Suite struct SweepDeadlineTests {
    static let catalog = FixtureCatalog.generated(
        artists: 6, releasesPerArtist: 2, seed: 3,
        today: ReleaseDate(year: 2026, month: 11, day: 29))
    static let artists = catalog.artists.map(\.name)

    /// Runs `artists` one at a time against `catalog`; the deadline comes once the server has seen
    /// a request on `route` (the one that hangs).
    func sweep(
        _ catalog: FixtureCatalog, _ artists: [String], deadlineAfter route: String
    )
        async throws -> (SweepOutcome, [String: Int])
    {
        try await withFixtureServer(catalog) { server, url in
            let deadline = TestClock(.manual)
            var sweep = LiveSweep(url)
            sweep.concurrency = 1
            sweep.live.batchSize = 1
            sweep.live.timeoutSeconds = 60
            sweep.deadline = .seconds(1)
            sweep.clock = deadline.clock
            let running = Task { [sweep] in try await sweep.run(artists) }
            let hung = await waitUntil(seconds: 45) { server.requestLog.contains { $0.route == route && $0.fault != nil } }
            #expect(hung, "the hanging request never arrived")
            deadline.advance(to: .seconds(1_000_000))
            let outcome = try await running.value
            return (outcome, server.requestsByRoute)
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func inFlightAndUnreachedArtistsAreSkippedAtTheDeadline() async throws {
        let hung = Self.catalog.with(Fault(.hang, on: .search), on: Self.catalog.artists[2].id)
        let (outcome, requests) = try await sweep(hung, Self.artists, deadlineAfter: "itunes.search")

        #expect(outcome.results.prefix(2).allSatisfy { $0.outcome.releases.count == 2 })
        #expect(outcome.results.dropFirst(2).map(\.outcome) == Array(repeating: .skipped(.deadline), count: 4))
        // The hung artist was in flight: its request counts, and it has no catalog id.
        #expect(outcome.results[2].requests == 1)
        #expect(outcome.results[2].catalogID == nil)
        #expect(outcome.results.dropFirst(3).allSatisfy { $0.requests == 0 })
        #expect(outcome.status == .partial)
        #expect(outcome.incompleteArtists == Array(Self.artists.dropFirst(2)))
        #expect(requests == ["itunes.search": 3, "itunes.lookup": 2])
    }

    @Test(.timeLimit(.minutes(1)))
    func artistIdentifiedButNotFetchedByTheDeadlineIsSkippedWithItsID() async throws {
        let hung = Self.catalog.with(Fault(.hang, on: .lookup), on: Self.catalog.artists[0].id)
        let (outcome, _) = try await sweep(hung, [Self.artists[0]], deadlineAfter: "itunes.lookup")
        #expect(outcome.results[0].outcome == .skipped(.deadline))
        #expect(outcome.results[0].catalogID == Self.catalog.artists[0].id)
        #expect(outcome.results[0].requests == 2)
        #expect(outcome.status == .failed)
    }

    @Test func deadlineAlreadyPassedSendsNothing() async throws {
        try await withFixtureServer(Self.catalog) { server, url in
            var sweep = LiveSweep(url)
            sweep.deadline = .zero
            let outcome = try await sweep.run(Self.artists)
            #expect(outcome.results.allSatisfy { $0.outcome == .skipped(.deadline) })
            #expect(server.requestLog.isEmpty)
        }
    }

    @Test func sweepThatFinishesInTimeIsComplete() async throws {
        try await withFixtureServer(Self.catalog) { _, url in
            var sweep = LiveSweep(url)
            // Far beyond the sweep's own few milliseconds: in the full parallel suite on two cores the
            // simulation and the spawned binaries can keep this task from running for over a minute.
            sweep.deadline = .seconds(600)
            let outcome = try await sweep.run(Self.artists)
            #expect(outcome.status == .complete)
        }
    }

    @Test func configMinutesBecomeTheSweepsDeadline() async throws {
        let folder = URL(fileURLWithPath: "/tmp/deepcut-config")
        var config = Config(
            file: folder.appendingPathComponent("config.json"), library: [], catalog: CatalogConfig(),
            feed: FeedConfig(), stateDatabase: folder.appendingPathComponent("state.db"),
            outputDirectory: folder.appendingPathComponent("feed"))
        try await withStateStore { store in
            let provider = ITunesProvider(
                baseURL: URL(string: "http://127.0.0.1:9")!, country: "us",
                requester: CatalogRequester(
                    client: ScriptedHTTPClient(replies: []),
                    policy: RetryPolicy(maxAttempts: 1), timeoutSeconds: 1))
            #expect(SweepCatalog(config: config, provider: provider, store: store).deadline == nil)
            config.catalog.sweepDeadlineMinutes = 2.5
            config.artistOverrides = ["Bonobo": "123"]
            let sweep = SweepCatalog(config: config, provider: provider, store: store)
            #expect(sweep.deadline == .seconds(150))
            #expect(sweep.overrides == ["bonobo": "123"])
            #expect(sweep.resolutionCache != nil)
        }
    }
}
