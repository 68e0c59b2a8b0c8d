import DeepCutCore
import DeepCutFixtures
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCut
@testable import DeepCutPublish

/// Notifications across sequences of real runs, through the real client to loopback receivers:
/// nothing on the first sweep, each item once per channel, a failing channel retried next run
/// without touching the sweep, nothing from a failed run, no duplicate after a crash mid-send.
@Suite struct NotificationEndToEndTests {
    static func webhook(_ receiver: HTTPReceiver, name: String = "hook") -> String {
        #"{"name": "\#(name)", "type": "webhook", "url": "\#(receiver.url.appendingPathComponent(name).absoluteString)"}"#
    }

    /// The harness's catalog plus a new Khruangbin album and a Polyphia single announced for next month.
    static let news: [FixtureArtist] = [
        FixtureArtist(
            id: "101", name: "Khruangbin",
            releases: [
                SweepHarness.release("1001", "A La Sala", daysAgo: 10), SweepHarness.release("1002", "Mordechai", daysAgo: 2000),
                SweepHarness.release("1003", "Ali", daysAgo: 1)
            ]),
        SweepHarness.artists[1],
        FixtureArtist(
            id: "103", name: "Polyphia",
            releases: [
                SweepHarness.release("1021", "Ego Death", type: .single, daysAgo: 30),
                SweepHarness.release("1022", "Playing God", type: .single, daysAgo: -30)
            ])
    ]

    static func items(_ request: HTTPReceiver.Request) throws -> [[String: Any]] {
        let body = try #require(try JSONSerialization.jsonObject(with: request.body) as? [String: Any])
        return try #require(body["items"] as? [[String: Any]])
    }

    @Test func eachItemIsToldOnceAndAFailingChannelIsRetriedWithoutTouchingTheSweep() async throws {
        let hook = try await HTTPReceiver()
        let harness = try SweepHarness(config: ["notify": "[\(Self.webhook(hook))]"])
        // The first sweep: a whole catalog is not news.
        #expect(await harness.run("sweep").exitCode == .success)
        #expect(try hook.requests().isEmpty)
        #expect(try harness.health().notify?.first?.outcome == .nothingToSend)

        try harness.replaceCatalog(Self.news)
        #expect(await harness.run("sweep").exitCode == .success)
        var requests = try hook.requests()
        #expect(requests.count == 1)
        let told = try Self.items(try #require(requests.first))
        #expect(told.map { $0["event"] as? String } == ["newRelease", "announced"])
        #expect(told.map { $0["title"] as? String } == ["Ali", "Playing God"])
        #expect(requests.first?.header("Idempotency-Key")?.hasPrefix("deepcut-") == true)
        var health = try harness.health()
        #expect(health.notify?.first?.outcome == .delivered)
        #expect(health.notify?.first?.sent == 2)

        // The same news again (the next run measures against the same kind of baseline): told once.
        #expect(await harness.run("sweep").exitCode == .success)
        #expect(try hook.requests().count == 1)

        // The channel fails: the sweep is complete all the same, health says so, the item is owed.
        try hook.setMode(.status(500))
        var more = Self.news
        more[1].releases.append(SweepHarness.release("1013", "Flicker", daysAgo: 2))
        try harness.replaceCatalog(more)
        let failing = await harness.run("sweep")
        #expect(failing.exitCode == .success, "\(failing.console.err)")
        health = try harness.health()
        #expect(health.status == .complete)
        let channel = try #require(health.notify?.first)
        #expect(channel.outcome == .failed)
        #expect(channel.pending == 1)
        #expect(channel.lastErrorKind == "rejected")
        #expect(channel.lastError?.contains("500") == true)
        let report = try Data(contentsOf: harness.feed.appendingPathComponent("health.json"))
        #expect(try JSONSchemaValidator.health.problems([("health.json", report)]) == [])
        #expect(try String(contentsOf: harness.feed.appendingPathComponent("health.txt"), encoding: .utf8).contains("notify   failed"))
        let check = await harness.run("health")
        #expect(check.exitCode == .warning)
        #expect(check.console.out.contains("notify hook failing: rejected (1 owed)"))

        // Back up: the owed item goes out on the next run, though that run has no news of its own.
        try hook.setMode(.accept)
        #expect(await harness.run("sweep").exitCode == .success)
        requests = try hook.requests()
        #expect(requests.count == 3, "the delivered digest, the refused try, the retry")
        #expect(try Self.items(requests[2]).map { $0["title"] as? String } == ["Flicker"])
        // The retry carries the refused try's message id: a receiver that did get it can drop this one.
        #expect(requests[2].header("Idempotency-Key") == requests[1].header("Idempotency-Key"))
        health = try harness.health()
        #expect(health.notify?.first?.outcome == .delivered)
        #expect(health.notify?.first?.lastError == nil)
    }

    @Test func aFailedRunSendsNothingAndAPartialRunOnlyWhatItLearned() async throws {
        let hook = try await HTTPReceiver()
        let harness = try SweepHarness(config: ["notify": "[\(Self.webhook(hook))]"])
        #expect(await harness.run("sweep").exitCode == .success)
        try harness.replaceCatalog(Self.news)
        // Polyphia cannot be checked: Khruangbin's new album is told, Polyphia's announcement is not.
        harness.fail("103", with: Fault(.status(code: 503, body: nil), on: .lookup))
        #expect(await harness.run("sweep").exitCode == .partial)
        var requests = try hook.requests()
        #expect(requests.count == 1)
        #expect(try Self.items(requests[0]).map { $0["title"] as? String } == ["Ali"])
        // An outage: nothing is published, nothing sent; health keeps each channel's standing.
        harness.server.stop()
        #expect(await harness.run("sweep").exitCode == .tempFail)
        #expect(try hook.requests().count == 1)
        #expect(try harness.health().notify?.first?.outcome == .notAttempted)
        // The repair: Polyphia's announcement now, and Ali not again.
        try harness.replaceCatalog(Self.news)
        #expect(await harness.run("sweep").exitCode == .success)
        requests = try hook.requests()
        #expect(requests.count == 2)
        #expect(try Self.items(requests[1]).map { $0["title"] as? String } == ["Playing God"])
    }

    @Test func aCrashBetweenSendingAndRecordingNeverSendsTwice() async throws {
        let hook = try await HTTPReceiver()
        let harness = try SweepHarness(config: ["notify": "[\(Self.webhook(hook))]"])
        #expect(await harness.run("sweep").exitCode == .success)
        try harness.replaceCatalog(Self.news)
        // The receiver takes the message and holds its answer; the run is killed right then.
        try hook.setMode(.slow(seconds: 60))
        let sweep = try SpawnedProcess.deepcut(["sweep", "--config", harness.configPath, "--quiet"], in: harness.folder.url)
        #expect(await waitUntil(seconds: 120) { ((try? hook.requests().count) ?? 0) == 1 })
        kill(sweep.pid, SIGKILL)
        let killed = try await sweep.finish()
        #expect(killed.status == 128 + SIGKILL)
        try hook.setMode(.accept)
        let again = try await SpawnedProcess.deepcut(["sweep", "--config", harness.configPath, "--quiet"], in: harness.folder.url).finish()
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try hook.requests().count == 1, "the interrupted message may have arrived: it is never sent again")
        let channel = try #require(try harness.health().notify?.first)
        #expect(channel.unconfirmed == 2)
        #expect(channel.outcome == .nothingToSend)
    }
}
