import DeepCutFixtures
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCut

/// Real `deepcut` processes racing for the same state folder: the lock, not luck, decides.
@Suite struct ConcurrentRunTests {
    @Test func twoSweepsStartedTogetherOneRunsTheOtherExits75NamingTheOwner() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let world = try ReliabilityWorld(
            artists: ReliabilityWorld.artists(12), library: ReliabilityWorld.library(12),
            options: FixtureServerOptions(latency: .fixed(milliseconds: 60)),
            catalogKeys: ["timeoutSeconds": "60"])
        // One slow artist: the first sweep is surely still running when the second starts.
        world.fail("500012", with: Fault(.latency(milliseconds: 5_000), on: .lookup))
        let sweeps = [try world.spawn("sweep"), try world.spawn("sweep")]
        var results: [SpawnedProcess.Result] = []
        for sweep in sweeps { results.append(try await sweep.finish()) }

        #expect(results.map(\.status).sorted() == [0, 75])
        let loser = try #require(results.firstIndex { $0.status == 75 })
        // Off the journal the cause is said once, as the human line (issue 30; the journal gets it as
        // a `run.failed` event: TerminalAndJournalOutputTests).
        let cause = "another sweep is running (pid \(sweeps[1 - loser].pid))"
        #expect(results[loser].errorLines == [cause])
        // The winner's run is the one on record, untouched by the loser.
        let health = try world.health()
        #expect(health.status == .complete)
        #expect(health.sweep.artists.fetched == 12)
        #expect(try world.json("latest.json")["complete"] as? Bool == true)
    }

    /// A dismissal republishes the feeds under the sweep lock (issue 16): during a sweep it waits
    /// briefly, then exits 75 naming the sweep and changes nothing; after the sweep both land.
    @Test func dismissalsDuringASlowSweepExit75ChangingNothingThenLandAfterIt() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let world = try ReliabilityWorld(
            artists: ReliabilityWorld.artists(10), library: ReliabilityWorld.library(10),
            options: FixtureServerOptions(latency: .fixed(milliseconds: 50)),
            catalogKeys: ["timeoutSeconds": "600"])
        // One artist that hangs keeps the sweep holding the lock until the test stops it.
        world.fail("500010", with: Fault(.latency(milliseconds: 600_000), on: .lookup))
        let sweep = try world.spawn("sweep")
        #expect(await waitUntil { !world.server.requestLog.isEmpty }, "the sweep never reached the catalog")

        let words = [
            ["dismiss", "--title", "Record 1 1", "--artist", "Artist 01"], ["dismiss", "--title", "Somewhere Else", "--artist", "Someone"]
        ]
        let during = try words.map { try SpawnedProcess.deepcut($0 + ["--config", world.configPath], in: world.folder.url) }
        var results: [SpawnedProcess.Result] = []
        for dismissal in during { results.append(try await dismissal.finish()) }
        #expect(sweep.isRunning, "the dismissals should have given up while the sweep was still fetching")
        #expect(results.map(\.status) == [75, 75], "\(results.map(\.stderr))")
        #expect(
            results.allSatisfy {
                $0.errorLines == ["dismiss: another sweep is running (pid \(sweep.pid)); nothing changed: try again when it has finished"]
            },
            "\(results.map(\.stderr))")
        kill(sweep.pid, SIGTERM)  // publishes what it has (partial, or failed if no answer yet), lets the lock go
        let stopped = try await sweep.finish().status
        #expect(stopped == 3 || stopped == 75, "\(stopped)")
        let none = try await world.spawn("dismissed", "--json").finish().stdout
        #expect((try JSONSerialization.jsonObject(with: Data(none.utf8)) as? [Any])?.isEmpty == true, "\(none)")

        for word in words {
            #expect(try await SpawnedProcess.deepcut(word + ["--config", world.configPath], in: world.folder.url).finish().status == 0)
        }
        let listed = try await world.spawn("dismissed", "--json").finish()
        #expect(listed.status == 0)
        let rows = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]] ?? []
        #expect(Set(rows.compactMap { $0["albumKey"] as? String }) == ["record 1 1\u{1F}artist 01", "somewhere else\u{1F}someone"])
    }
}
