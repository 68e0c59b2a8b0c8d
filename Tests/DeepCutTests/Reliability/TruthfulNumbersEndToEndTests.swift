import DeepCutCore
import DeepCutFixtures
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCut
@testable import DeepCutPublish

/// Issue 30: after a failed run, `deepcut health`'s perfdata and the metrics report what the feed
/// holds (feed.json's items), beside the failed run's state — never `'entries'=0` while the feed
/// people read still holds the last published items. Through the real `deepcut` binary.
@Suite struct TruthfulNumbersEndToEndTests {
    static let artistCount = 6
    /// Three recent albums per artist, one owned album apiece that is not among them.
    static let feedItems = artistCount * 3

    @Test(.timeLimit(.minutes(2)))
    func afterAFailedRunPerfdataAndMetricsCountTheFeedBesideTheFailure() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let world = try ReliabilityWorld(
            artists: ReliabilityWorld.artists(Self.artistCount), library: ReliabilityWorld.library(Self.artistCount),
            topLevelKeys: ["prometheusTextfile": #""metrics/deepcut.prom""#])
        let metrics = world.folder.url.appendingPathComponent("metrics/deepcut.prom")

        let good = try await world.spawn("sweep").finish()
        #expect(good.status == 0, "\(good.stderr)")
        let goodRun = try world.health().runID.rawValue
        #expect(try Self.itemsInFeed(world) == Self.feedItems)
        let healthy = try await world.spawn("health").finish()
        #expect(healthy.status == 0, "\(healthy.stdout)")
        #expect(healthy.stdout.contains("'entries'=\(Self.feedItems);;;0"), "\(healthy.stdout)")
        #expect(try Self.sample("deepcut_feed_entries", in: metrics) == "\(Self.feedItems)")

        // The catalog goes down: the run fails (75) and publishes nothing.
        await world.server.stop()
        let failed = try await world.spawn("sweep").finish()
        #expect(failed.status == 75, "\(failed.stderr)")
        let report = try world.health()
        #expect(report.status == .failed && report.diff.entries == 0)
        #expect(try Self.itemsInFeed(world) == Self.feedItems, "the failed run left the feed as it was")

        // deepcut health: CRITICAL for the failure, and the feed's count, from the run that made it.
        let check = try await world.spawn("health").finish()
        #expect(check.status == 2, "\(check.stdout)")
        let line = check.stdout.trimmingCharacters(in: .newlines)
        #expect(line.hasPrefix("DEEPCUT CRITICAL: last run \(report.runID) failed: "), "\(line)")
        #expect(line.contains("feed.json still holds \(Self.feedItems) entries from run \(goodRun)"), "\(line)")
        #expect(line.contains("| 'entries'=\(Self.feedItems);;;0 "), "\(line)")
        #expect(line.contains("'artists_not_asked'=") && !line.contains("'entries'=0"), "\(line)")

        // The metrics: the failure (status, completeness) and, beside it, what the feed holds.
        #expect(try Self.sample("deepcut_feed_entries", in: metrics) == "\(Self.feedItems)")
        #expect(try Self.sample(#"deepcut_last_run_status{status="failed"}"#, in: metrics) == "1")
        #expect(try Self.sample(#"deepcut_last_run_status{status="complete"}"#, in: metrics) == "0")
        #expect(try Self.sample("deepcut_sweep_complete", in: metrics) == "0")
    }

    /// No feed yet (the first run failed): the feed holds nothing, and says so; a feed.json that is
    /// not a feed is UNKNOWN-valued perfdata and a WARNING-or-worse line naming the file.
    @Test(.timeLimit(.minutes(2)))
    func withNoFeedEntriesIsZeroAndWithABrokenFeedUnknown() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let world = try ReliabilityWorld(
            artists: ReliabilityWorld.artists(2), library: ReliabilityWorld.library(2),
            topLevelKeys: ["prometheusTextfile": #""metrics/deepcut.prom""#])
        await world.server.stop()
        #expect(try await world.spawn("sweep").finish().status == 75)
        let first = try await world.spawn("health").finish()
        #expect(first.stdout.contains("| 'entries'=0;;;0 "), "\(first.stdout)")
        #expect(!first.stdout.contains("feed.json still holds"), "\(first.stdout)")
        #expect(try Self.sample("deepcut_feed_entries", in: world.folder.url.appendingPathComponent("metrics/deepcut.prom")) == "0")

        try Data("{\"items\": 3}".utf8).write(to: world.feed.appendingPathComponent("feed.json"))
        let broken = try await world.spawn("health").finish()
        #expect(broken.status == 2, "the failed run stays CRITICAL: \(broken.stdout)")
        #expect(broken.stdout.contains("| 'entries'=U;;;0 "), "\(broken.stdout)")
        #expect(broken.stdout.contains("feed.json is unreadable"), "\(broken.stdout)")
    }

    static func itemsInFeed(_ world: ReliabilityWorld) throws -> Int {
        try #require(try world.json("feed.json")["items"] as? [Any]).count
    }

    /// The value of the one sample named exactly `series` (labels included).
    static func sample(_ series: String, in file: URL) throws -> String? {
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
        return lines.first { $0.hasPrefix(series + " ") }.map { String($0.dropFirst(series.count + 1)) }
    }
}
