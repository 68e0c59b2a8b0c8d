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
        let harness = try SweepHarness(config: ["notify": "[\(Self.webhook(hook))]", "prometheusTextfile": #""metrics/deepcut.prom""#])
        // The first sweep: a whole catalog is not news.
        #expect(await harness.run("sweep").exitCode == .success)
        #expect(try hook.requests().isEmpty)
        #expect(try harness.health().notify?.first?.outcome == .nothingToSend)

        try await harness.replaceCatalog(Self.news)
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
        try await harness.replaceCatalog(more)
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
        #expect(try await JSONSchemaValidator.health.problems([("health.json", report)]) == [])
        #expect(try String(contentsOf: harness.feed.appendingPathComponent("health.txt"), encoding: .utf8).contains("notify   failed"))
        let page = try String(contentsOf: harness.feed.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.contains("hook (webhook): failed"), "the page's health table shows the channel")
        let metrics = try String(contentsOf: harness.folder.url.appendingPathComponent("metrics/deepcut.prom"), encoding: .utf8)
        #expect(metrics.contains(#"deepcut_notify_failing{channel="hook",type="webhook"} 1"#))
        #expect(metrics.contains(#"deepcut_notify_owed_items{channel="hook",type="webhook"} 1"#))
        // What the next run would send: the owed item, shown without sending it.
        let preview = await harness.run("notify", "--dry-run")
        #expect(preview.exitCode == .success)
        #expect(preview.console.out.contains("hook (webhook): 1 new release from Bonobo"), "\(preview.console.out)")
        #expect(preview.console.out.contains("New: Bonobo — Flicker"))
        #expect(try hook.requests().count == 2)
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
        try await harness.replaceCatalog(Self.news)
        // Polyphia cannot be checked: Khruangbin's new album is told, Polyphia's announcement is not.
        harness.fail("103", with: Fault(.status(code: 503, body: nil), on: .lookup))
        #expect(await harness.run("sweep").exitCode == .partial)
        var requests = try hook.requests()
        #expect(requests.count == 1)
        #expect(try Self.items(requests[0]).map { $0["title"] as? String } == ["Ali"])
        // An outage: nothing is published, nothing sent; health keeps each channel's standing.
        await harness.server.stop()
        #expect(await harness.run("sweep").exitCode == .tempFail)
        #expect(try hook.requests().count == 1)
        #expect(try harness.health().notify?.first?.outcome == .notAttempted)
        // The repair: Polyphia's announcement now, and Ali not again.
        try await harness.replaceCatalog(Self.news)
        #expect(await harness.run("sweep").exitCode == .success)
        requests = try hook.requests()
        #expect(requests.count == 2)
        #expect(try Self.items(requests[1]).map { $0["title"] as? String } == ["Playing God"])
    }

    @Test func aCrashBetweenSendingAndRecordingNeverSendsTwice() async throws {
        let hook = try await HTTPReceiver()
        let harness = try SweepHarness(config: ["notify": "[\(Self.webhook(hook))]"])
        #expect(await harness.run("sweep").exitCode == .success)
        try await harness.replaceCatalog(Self.news)
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

    /// Every channel type from the config through the real client (and libcurl's SMTP) to its
    /// loopback server in one run; a refused channel beside them changes nothing for the others.
    @Test func everyChannelTypeDeliversTheSameDigest() async throws {
        let http = try await HTTPReceiver()
        let smtp = try await SMTPReceiver(security: .startTLS, username: "deepcut", password: "s3cret-smtp")
        let scratch = ScratchFolder()
        let password = try scratch.write("smtp-password", "s3cret-smtp\n")
        let token = try scratch.write("ntfy-token", "tk_s3cretntfy\n")
        let down = LoopbackServerProcess.closedPort()
        let channels = [
            Self.webhook(http),
            #"{"name": "phone", "type": "ntfy", "url": "\#(http.url.appendingPathComponent("deepcut-topic").absoluteString)", "tokenFile": "\#(token.path)"}"#,
            #"{"name": "apprise", "type": "apprise", "url": "\#(http.url.absoluteString)apprise", "key": "deepcut"}"#,
            #"{"name": "mail", "type": "email", "server": "\#(smtp.url.absoluteString)", "from": "deepcut@example.org", "to": ["me@example.org"], "username": "deepcut", "passwordFile": "\#(password.path)", "caFile": "\#(smtp.caFile.path)"}"#,
            #"{"name": "down", "type": "webhook", "url": "http://127.0.0.1:\#(down)/hook"}"#
        ]
        let harness = try SweepHarness(config: ["notify": "[\(channels.joined(separator: ", "))]"])
        #expect(await harness.run("sweep").exitCode == .success)
        try await harness.replaceCatalog(Self.news)
        let run = await harness.run("sweep")
        #expect(run.exitCode == .success)
        let byPath = Dictionary(grouping: try http.requests(), by: \.path)
        #expect(Set(byPath.keys) == ["/hook", "/deepcut-topic", "/apprise/notify/deepcut"])
        let ntfy = try #require(byPath["/deepcut-topic"]?.first)
        #expect(ntfy.header("Authorization") == "Bearer tk_s3cretntfy")
        #expect(ntfy.header("Title") == "2 releases from Khruangbin and Polyphia")
        #expect(ntfy.text.contains("Ali"))
        let appriseRequest = try #require(byPath["/apprise/notify/deepcut"]?.first)
        let apprise = try #require(try JSONSerialization.jsonObject(with: appriseRequest.body) as? [String: Any])
        #expect(apprise["title"] as? String == "2 releases from Khruangbin and Polyphia")
        let mails = try smtp.messages()
        #expect(mails.count == 1)
        #expect(mails.first?.tls == true)
        #expect(mails.first?.user == "deepcut")
        #expect(mails.first?.recipients == ["me@example.org"])
        #expect(mails.first?.data.contains("multipart/alternative") == true)
        let standings = try #require(try harness.health().notify)
        #expect(standings.map(\.outcome) == [.delivered, .delivered, .delivered, .delivered, .failed])
        #expect(standings.last?.lastErrorKind == "unreachable")
        // No secret anywhere a person or a log can see.
        let seen = try harness.outputFiles().values.map { String(decoding: $0, as: UTF8.self) } + [run.console.out, run.console.err]
        for secret in ["s3cret-smtp", "tk_s3cretntfy"] {
            #expect(!seen.contains { $0.contains(secret) }, "\(secret) leaked")
        }
    }

    /// Under the hourly `--if-stale` timer the next run is usually a skip: it still delivers what a
    /// channel is owed, and the health report it keeps says so.
    @Test func aSkipRetriesWhatAChannelIsOwed() async throws {
        let hook = try await HTTPReceiver()
        let harness = try SweepHarness(config: ["notify": "[\(Self.webhook(hook))]"])
        #expect(await harness.run("sweep").exitCode == .success)
        try await harness.replaceCatalog(Self.news)
        try hook.setMode(.status(503))
        #expect(await harness.run("sweep").exitCode == .success)
        #expect(try harness.health().notify?.first?.outcome == .failed)
        try hook.setMode(.accept)
        let skipped = await harness.run("sweep", "--if-stale")
        #expect(skipped.exitCode == .success)
        let requests = try hook.requests()
        #expect(requests.count == 2)
        #expect(try Self.items(requests[1]).map { $0["title"] as? String } == ["Ali", "Playing God"])
        let health = try harness.health()
        #expect(health.lastSkip != nil)
        #expect(health.notify?.first?.outcome == .delivered)
        #expect(health.notify?.first?.pending == 0)
        // Nothing owed: a skip sends nothing and leaves the report's standings alone.
        #expect(await harness.run("sweep", "--if-stale").exitCode == .success)
        #expect(try hook.requests().count == 2)
        #expect(try harness.health().notify?.first?.outcome == .delivered)
    }

    @Test func notifyTestSendsAMarkedMessageToEachChannelAndRecordsNothing() async throws {
        let hook = try await HTTPReceiver()
        let other = try await HTTPReceiver(mode: .status(500))
        let harness = try SweepHarness(config: ["notify": "[\(Self.webhook(hook)), \(Self.webhook(other, name: "other"))]"])
        let both = await harness.run("notify", "--test")
        #expect(both.exitCode == .tempFail)
        #expect(both.console.out.contains("hook (webhook): delivered"))
        #expect(both.console.out.contains("other (webhook): failed: rejected:"), "\(both.console.out)")
        let one = await harness.run("notify", "--test", "hook")
        #expect(one.exitCode == .success)
        let requests = try hook.requests()
        #expect(requests.count == 2)
        let body = try #require(try JSONSerialization.jsonObject(with: requests[0].body) as? [String: Any])
        #expect(body["test"] as? Bool == true)
        #expect((body["title"] as? String)?.hasPrefix("Test from deepcut: ") == true)
        let unknown = await harness.run("notify", "--test", "nope")
        #expect(unknown.exitCode == .config)
        #expect(unknown.console.err.contains("no channel named 'nope' (configured: hook, other)"))
        #expect(await harness.run("notify").exitCode == .usage)
        // A test is not news: the first sweep still tells nothing, and nothing was recorded.
        #expect(await harness.run("sweep").exitCode == .success)
        #expect(try hook.requests().count == 2)
    }

    /// The same outage and recovery of a channel through the real binary, as the timer runs it.
    @Test func aChannelOutageThenRecoveryThroughTheBinary() async throws {
        let hook = try await HTTPReceiver()
        let harness = try SweepHarness(config: ["notify": "[\(Self.webhook(hook))]"])
        func sweep() async throws -> SpawnedProcess.Result {
            try await SpawnedProcess.deepcut(["sweep", "--config", harness.configPath, "--quiet"], in: harness.folder.url).finish()
        }
        #expect(try await sweep().status == 0)
        try await harness.replaceCatalog(Self.news)
        try hook.setMode(.status(502))
        let outage = try await sweep()
        #expect(outage.status == 0, "a channel's outage never changes the sweep's exit: \(outage.stderr)")
        #expect(outage.stderr.contains("notify.failed"), "logged at warning: \(outage.stderr)")
        #expect(try harness.health().notify?.first?.pending == 2)
        try hook.setMode(.accept)
        #expect(try await sweep().status == 0)
        let requests = try hook.requests()
        #expect(requests.count == 2)
        #expect(try Self.items(requests[1]).map { $0["title"] as? String } == ["Ali", "Playing God"])
        #expect(try harness.health().notify?.first?.outcome == .delivered)
        #expect(try await sweep().status == 0)
        #expect(try hook.requests().count == 2, "told once")
    }
}
