import DeepCutFixtures
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCut
@testable import DeepCutPublish

/// Every delivery bounded by its channel's `timeoutSeconds`, and SIGTERM ending the process
/// within 10 s while one is out, through the real binary against a relay that stalls after DATA
/// and a receiver that holds a POST. An interrupted delivery is `unconfirmed`, never sent again on
/// its own (as after kill -9), until `deepcut notify --resend` owes it again.
@Suite struct NotificationDeadlineEndToEndTests {
    static func mail(_ relay: SMTPReceiver, timeoutSeconds: Int) -> String {
        #"{"name": "mail", "type": "email", "server": "\#(relay.url.absoluteString)", "from": "deepcut@example.org", "to": ["me@example.org"], "caFile": "\#(relay.caFile.path)", "timeoutSeconds": \#(timeoutSeconds)}"#
    }

    static func sweep(_ harness: SweepHarness) throws -> SpawnedProcess {
        try SpawnedProcess.deepcut(["sweep", "--config", harness.configPath, "--quiet"], in: harness.folder.url)
    }

    /// A relay that takes DATA and never answers (nor QUIT): the sweep ends within the deadline.
    @Test func aStalledRelayHoldsTheRunNoLongerThanTheChannelsDeadline() async throws {
        let relay = try await SMTPReceiver(security: .startTLS)
        let harness = try SweepHarness(config: ["notify": "[\(Self.mail(relay, timeoutSeconds: 3))]"])
        #expect(try await Self.sweep(harness).finish().status == 0)
        try await harness.replaceCatalog(NotificationEndToEndTests.news)
        try relay.setMode(.stallAfterData)
        // The process's own time, from spawn to exit: not when this (maybe starved) task looked.
        let result = try await Self.sweep(harness).finish()
        let elapsed = result.duration
        print("stalled relay, timeoutSeconds 3: sweep took \(elapsed)")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try relay.messages().count == 1, "the relay did get the message")
        #expect(elapsed < .seconds(3 + 5), "bounded by the channel's 3 s (plus the sweep itself): \(elapsed)")
        let channel = try #require(try harness.health().notify?.first)
        #expect(channel.outcome == .failed)
        #expect(channel.lastErrorKind == "timeout")
    }

    /// SIGTERM while the relay holds the message: the process ends within 10 s, the items are
    /// unconfirmed, the next run does not send them, `notify --resend` owes them again.
    @Test func sigtermDuringAStalledMailEndsFastAndNeverResendsOnItsOwn() async throws {
        let relay = try await SMTPReceiver(security: .startTLS)
        let harness = try SweepHarness(config: ["notify": "[\(Self.mail(relay, timeoutSeconds: 60))]"])
        #expect(try await Self.sweep(harness).finish().status == 0)
        try await harness.replaceCatalog(NotificationEndToEndTests.news)
        try relay.setMode(.stallAfterData)
        let sweep = try Self.sweep(harness)
        #expect(await waitUntil(seconds: 120) { ((try? relay.messages().count) ?? 0) == 1 })
        let stopped = ContinuousClock.now
        kill(sweep.pid, SIGTERM)
        let result = try await sweep.finish(seconds: 60)
        let elapsed = result.endedAt - stopped
        print("stalled relay, SIGTERM to exit: \(elapsed)")
        #expect(elapsed < .seconds(10), "SIGTERM ends the run within 10 s: \(elapsed)")
        #expect(result.status != 128 + SIGKILL)
        var channel = try #require(try harness.health().notify?.first)
        #expect(channel.unconfirmed == 2, "the interrupted mail may have arrived: \(channel)")
        #expect(channel.pending == 0)

        try relay.setMode(.accept)
        let again = try await Self.sweep(harness).finish()
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try relay.messages().count == 1, "never sent again on its own")
        channel = try #require(try harness.health().notify?.first)
        #expect(channel.unconfirmed == 2)
        #expect(channel.outcome == .nothingToSend)

        // The operator's choice: owe them again; the next run sends them.
        let resend = try await SpawnedProcess.deepcut(
            ["notify", "--resend", "mail", "--config", harness.configPath], in: harness.folder.url
        ).finish()
        #expect(resend.status == 0, "\(resend.stderr)")
        #expect(resend.stdout.contains("mail (email): 2 unconfirmed items owed again; the next run sends them"), "\(resend.stdout)")
        #expect(try await Self.sweep(harness).finish().status == 0)
        #expect(try relay.messages().count == 2)
        channel = try #require(try harness.health().notify?.first)
        #expect(channel.unconfirmed == 0)
        #expect(channel.outcome == .delivered)
        #expect(channel.sent == 2)
    }

    /// SIGTERM while a webhook receiver holds the POST: the same, through the HTTP client.
    @Test func sigtermDuringAHeldPostEndsFastAndNeverResendsOnItsOwn() async throws {
        let hook = try await HTTPReceiver()
        let harness = try SweepHarness(
            config: ["notify": #"[{"name": "hook", "type": "webhook", "url": "\#(hook.url.absoluteString)hook", "timeoutSeconds": 60}]"#])
        #expect(try await Self.sweep(harness).finish().status == 0)
        try await harness.replaceCatalog(NotificationEndToEndTests.news)
        try hook.setMode(.slow(seconds: 600))
        let previousRun = try harness.health().runID
        let sweep = try Self.sweep(harness)
        #expect(await waitUntil(seconds: 120) { ((try? hook.requests().count) ?? 0) == 1 })
        // While the POST is held, the page and health already follow the new feed.
        let during = try harness.health()
        #expect(during.runID != previousRun)
        #expect(during.notify == nil, "the channels' outcomes come with the rewrite after them")
        let page = try String(contentsOf: harness.feed.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.contains("Ali"), "the page shows the run's feed while the channel is sent")
        let stopped = ContinuousClock.now
        kill(sweep.pid, SIGINT)
        let elapsed = try await sweep.finish(seconds: 60).endedAt - stopped
        print("held POST, SIGINT to exit: \(elapsed)")
        #expect(elapsed < .seconds(10), "SIGINT ends the run within 10 s: \(elapsed)")
        #expect(try harness.health().notify?.first?.unconfirmed == 2, "rewritten after the channel, with its outcome")
        try hook.setMode(.accept)
        #expect(try await Self.sweep(harness).finish().status == 0)
        #expect(try hook.requests().count == 1, "never sent again on its own")
    }

    /// A receiver that holds the POST past the deadline: the run goes on after `timeoutSeconds`.
    @Test func aHeldPostHoldsTheRunNoLongerThanTheChannelsDeadline() async throws {
        let hook = try await HTTPReceiver(mode: .slow(seconds: 600))
        let harness = try SweepHarness(
            config: ["notify": #"[{"name": "hook", "type": "webhook", "url": "\#(hook.url.absoluteString)hook", "timeoutSeconds": 2}]"#])
        #expect(try await Self.sweep(harness).finish().status == 0)
        try await harness.replaceCatalog(NotificationEndToEndTests.news)
        let result = try await Self.sweep(harness).finish()
        let elapsed = result.duration
        print("held POST, timeoutSeconds 2: sweep took \(elapsed)")
        #expect(result.status == 0)
        #expect(elapsed < .seconds(2 + 5), "\(elapsed)")
        #expect(try harness.health().notify?.first?.lastErrorKind == "timeout")
    }
}
