import DeepCutFixtures
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCut
@testable import DeepCutPublish

/// One item never blocks a channel, nothing seen before is told as new, and no secret reaches an
/// error, through the real binary against loopback receivers.
@Suite struct NotificationHonestyEndToEndTests {
    static func sweep(_ harness: SweepHarness) async throws -> SpawnedProcess.Result {
        try await SpawnedProcess.deepcut(["sweep", "--config", harness.configPath, "--quiet"], in: harness.folder.url).finish()
    }

    /// The harness's catalog with a release whose title runs to 10 KB and one credited "Khruangbin & "
    /// plus 70 KB, beside an ordinary new release.
    static var oversized: [FixtureArtist] {
        var artists = NotificationEndToEndTests.news
        artists[0].releases.append(SweepHarness.release("1004", String(repeating: "Long title ", count: 1_000), daysAgo: 1))
        var credited = SweepHarness.release("1005", "Duet", daysAgo: 1)
        credited.artistName = "Khruangbin & " + String(repeating: "x", count: 70_000)
        artists[0].releases.append(credited)
        return artists
    }

    // MARK: - Sizes

    /// ntfy behind a server that refuses header blocks past 1,100 bytes (431) and bodies past 4,096
    /// (413): every item arrives, cut, in one message whose sizes the test measures.
    @Test func oversizedFieldsAreCutAndNeverBlockNtfy() async throws {
        let ntfy = try await HTTPReceiver(mode: .limit(headerBytes: 1_100, bodyBytes: 4_096))
        let harness = try SweepHarness(
            config: ["notify": #"[{"name": "phone", "type": "ntfy", "url": "\#(ntfy.url.absoluteString)topic"}]"#])
        #expect(try await Self.sweep(harness).status == 0)
        try await harness.replaceCatalog(Self.oversized)
        let run = try await Self.sweep(harness)
        #expect(run.status == 0, "\(run.stderr)")
        let requests = try ntfy.requests()
        let request = try #require(requests.first)
        let headerBytes = request.headers.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count + 4 }
        let title = try #require(request.header("Title"))
        print("ntfy, 10 KB title and 70 KB credit: body \(request.body.count) B, headers \(headerBytes) B, Title \(title.utf8.count) B")
        #expect(requests.count == 1, "one message")
        #expect(request.body.count <= 4_096)
        #expect(headerBytes <= 1_024)
        #expect(request.text.contains("Ali"))
        #expect(request.text.contains("…"), "a cut field ends with an ellipsis")
        let channel = try #require(try harness.health().notify?.first)
        #expect(channel.outcome == .delivered)
        #expect(channel.pending == 0)
    }

    /// A webhook receiver that refuses bodies past a size: the digest is split in halves, an item
    /// still refused alone is given up for the channel (`refused`), and the rest arrives.
    @Test func aDigestRefusedForItsSizeIsSplitAndAnItemRefusedAloneIsDropped() async throws {
        let hook = try await HTTPReceiver(mode: .limit(headerBytes: 100_000, bodyBytes: 900))
        let harness = try SweepHarness(config: ["notify": "[\(NotificationEndToEndTests.webhook(hook))]"])
        #expect(try await Self.sweep(harness).status == 0)
        var artists = NotificationEndToEndTests.news
        artists[0].releases.append(SweepHarness.release("1004", String(repeating: "Very long title ", count: 100), daysAgo: 1))
        try await harness.replaceCatalog(artists)
        let run = try await Self.sweep(harness)
        #expect(run.status == 0, "\(run.stderr)")
        let requests = try hook.requests()
        print("webhook, 900-byte body limit: \(requests.map(\.body.count)) bytes per request")
        let delivered = try requests.filter { $0.body.count <= 900 }.flatMap(NotificationEndToEndTests.items)
        #expect(Set(delivered.compactMap { $0["title"] as? String }) == ["Ali", "Playing God"])
        #expect(requests.count > 2, "the whole digest, then halves")
        var channel = try #require(try harness.health().notify?.first)
        #expect(channel.refused == 1)
        #expect(channel.pending == 0)
        #expect(channel.outcome == .delivered)
        // The refused item is given up: the next run sends nothing more.
        let count = try hook.requests().count
        #expect(try await Self.sweep(harness).status == 0)
        #expect(try hook.requests().count == count)
        channel = try #require(try harness.health().notify?.first)
        #expect(channel.refused == 1)
    }

    // MARK: - Told once, only news

    /// Two empty answers in a row remove an artist's releases; when the catalog recovers, nothing
    /// it had before is told as new; a release that is really new is.
    @Test func aCatalogGlitchNeverTurnsOldReleasesIntoNews() async throws {
        let hook = try await HTTPReceiver()
        let harness = try SweepHarness(config: ["notify": "[\(NotificationEndToEndTests.webhook(hook))]"])
        #expect(try await Self.sweep(harness).status == 0)
        var glitch = SweepHarness.artists
        glitch[1].releases = []
        for _ in 0..<3 {
            try await harness.replaceCatalog(glitch)
            _ = try await Self.sweep(harness)
        }
        var recovered = SweepHarness.artists
        try await harness.replaceCatalog(recovered)
        #expect(try await Self.sweep(harness).status == 0)
        let afterRecovery = try hook.requests()
        #expect(afterRecovery.isEmpty, "old releases coming back are not news: \(afterRecovery.map(\.text))")
        recovered[1].releases.append(SweepHarness.release("1013", "Flicker", daysAgo: 0))
        try await harness.replaceCatalog(recovered)
        #expect(try await Self.sweep(harness).status == 0)
        let told = try hook.requests().flatMap(NotificationEndToEndTests.items).compactMap { $0["title"] as? String }
        #expect(told == ["Flicker"])
    }

    /// An artist whose first answer was empty: its first real answer is history, except a release
    /// dated after that empty answer (a debut).
    @Test func anArtistsFirstRealAnswerIsHistoryButADebutIsNews() async throws {
        let hook = try await HTTPReceiver()
        var artists = SweepHarness.artists
        let catalog = artists[1].releases
        artists[1].releases = []
        let harness = try SweepHarness(artists: artists, config: ["notify": "[\(NotificationEndToEndTests.webhook(hook))]"])
        _ = try await Self.sweep(harness)
        _ = try await Self.sweep(harness)
        artists[1].releases = catalog + [SweepHarness.release("1019", "Debut", daysAgo: -1)]
        try await harness.replaceCatalog(artists)
        #expect(try await Self.sweep(harness).status == 0)
        let told = try hook.requests().flatMap(NotificationEndToEndTests.items).compactMap { $0["title"] as? String }
        #expect(told == ["Debut"], "the back catalog is history, the release dated after the empty answer is news")
    }

    // MARK: - Secrets

    /// A recognisable secret planted in each place a broken config can hold one: no output shows it.
    @Test func noSecretInAnyMessageOfABrokenConfig() async throws {
        let hook = try await HTTPReceiver()
        let broken = [
            #"[{"name": "mail", "type": "email", "server": "smtp://me:PLANTEDPASS@relay.example:587", "from": "a@example.org", "to": ["b@example.org"]}]"#,
            #"[{"name": "phone", "type": "ntfy", "url": "ftp://ntfy.example/PLANTEDTOPIC"}]"#,
            #"[{"name": "hook", "type": "webhook", "url": "gopher://PLANTEDUSER:PLANTEDPASS@hooks.example/PLANTEDPATH?token=PLANTEDTOKEN"}]"#
        ]
        var seen: [String] = []
        for notify in broken {
            let harness = try SweepHarness(config: ["notify": notify])
            for words in [["sweep"], ["check-config"], ["health"]] {
                let result = try await SpawnedProcess.deepcut(words + ["--config", harness.configPath], in: harness.folder.url).finish()
                #expect(result.status != 0, "\(words): \(result.stderr)")
                seen += [result.stdout, result.stderr]
            }
            seen += try harness.outputFiles().values.map { String(decoding: $0, as: UTF8.self) }
        }
        let monitoring = try SweepHarness(
            config: [
                "notify": "[\(NotificationEndToEndTests.webhook(hook))]",
                "monitoring": #"{"url": "htps//hc-ping.example/PLANTEDCHECK"}"#
            ])
        for words in [["sweep"], ["check-config"]] {
            let result = try await SpawnedProcess.deepcut(words + ["--config", monitoring.configPath], in: monitoring.folder.url).finish()
            seen += [result.stdout, result.stderr]
        }
        seen += try monitoring.outputFiles().values.map { String(decoding: $0, as: UTF8.self) }
        #expect(seen.contains { $0.contains("relay.example") }, "the error still names the relay's host")
        for secret in ["PLANTEDPASS", "PLANTEDTOPIC", "PLANTEDUSER", "PLANTEDPATH", "PLANTEDTOKEN", "PLANTEDCHECK"] {
            #expect(!seen.contains { $0.contains(secret) }, "\(secret) leaked: \(seen.filter { $0.contains(secret) })")
        }
    }
}
