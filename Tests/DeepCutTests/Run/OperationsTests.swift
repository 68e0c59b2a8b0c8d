import DeepCutCore
import DeepCutFixtures
import DeepCutState
import Foundation
import Testing

@testable import DeepCut

/// The self-healing schedule and one-run-at-a-time, end to end.
@Suite struct OperationsTests {
    // MARK: --if-stale

    @Test func ifStaleSkipsAfterACompleteRunButNotAfterAPartialOne() async throws {
        let harness = try SweepHarness()
        #expect(await harness.run("sweep", "--if-stale").exitCode == .success)
        let requests = harness.server.requestLog.count
        let skipped = await harness.run("sweep", "--if-stale")
        #expect(skipped.exitCode == .success)
        #expect(harness.server.requestLog.count == requests)
        // The skip keeps the complete run's report and adds when and why it skipped.
        #expect(try harness.health().status == .complete)
        #expect(try harness.health().lastSkip?.reason == skipped.console.out.trimmingCharacters(in: .newlines))
        // After a partial run the timer's next --if-stale run sweeps again.
        harness.fail("102", with: Fault(.status(code: 502, body: nil), on: .lookup))
        #expect(await harness.run("sweep").exitCode == .partial)
        harness.fail("102", with: nil)
        #expect(await harness.run("sweep", "--if-stale").exitCode == .success)
        #expect(try harness.health().status == .complete)
    }

    // MARK: Repair runs

    @Test func repairRunRefetchesOnlyTheFailedArtistsFirst() async throws {
        let harness = try SweepHarness()
        harness.fail("102", with: Fault(.status(code: 503, body: nil), on: .lookup))
        #expect(await harness.run("sweep").exitCode == .partial)
        harness.fail("102", with: nil)
        harness.server.resetLog()
        #expect(await harness.run("sweep").exitCode == .success)
        // Bonobo was asked again first, with one reusable artist as the canary (RepairPlan), and
        // both ids were cached: one batched lookup, no search.
        let log = harness.server.requestLog
        #expect(log.map(\.path) == ["/lookup"])
        #expect(log.allSatisfy { $0.query.contains("102") })
        let health = try harness.health()
        #expect(health.sweep.reusedArtists == ["Polyphia"])
        #expect(health.status == .complete)
        #expect(try harness.json("latest.json")["complete"] as? Bool == true)
    }

    // MARK: One run at a time

    @Test func secondSweepWhileTheLockIsHeldExits75() async throws {
        let harness = try SweepHarness()
        let lock = try RunLock(path: harness.folder.url.appendingPathComponent("state/deepcut.lock"))
        let (code, console) = await harness.run("sweep")
        #expect(code == .tempFail)
        #expect(console.err.contains("another sweep is running (pid \(getpid()))"))
        withExtendedLifetime(lock) {}
        #expect(try harness.outputFiles().isEmpty)
    }

    // MARK: Metrics

    @Test func metricsTextfileIsWrittenEveryRun() async throws {
        let harness = try SweepHarness()
        var config = try String(contentsOf: harness.folder.url.appendingPathComponent("config.json"), encoding: .utf8)
        config = config.replacingOccurrences(
            of: "\"ttlHours\": 24}", with: "\"ttlHours\": 24, \"prometheusTextfile\": \"metrics/deepcut.prom\"}")
        try harness.folder.write("config.json", config)
        #expect(await harness.run("sweep").exitCode == .success)
        let metrics = try String(contentsOf: harness.folder.url.appendingPathComponent("metrics/deepcut.prom"), encoding: .utf8)
        #expect(metrics.contains("deepcut_sweep_complete 1"))
        #expect(metrics.contains("deepcut_artists{state=\"fetched\"} 3"))
        #expect(metrics.contains("deepcut_feed_entries 3"))
    }
}
