import Foundation
import Testing

@testable import DeepCut
@testable import DeepCutPublish

/// `publish.feedEntries` through a whole sweep: the config key reaches the feeds and the page,
/// the snapshots keep every entry, and a bad value is exit 78 naming the key.
@Suite struct FeedEntriesEndToEndTests {
    @Test func aSweepPublishesTheNewestNAndSnapshotsAll() async throws {
        let harness = try SweepHarness(config: ["publish": #"{"feedEntries": 2}"#])
        #expect(await harness.run("sweep").exitCode == .success)
        let latest = try #require(harness.json("latest.json")["entries"] as? [[String: Any]])
        try #require(latest.count > 2, "the harness's world must have more than 2 entries")
        let items = try #require(harness.json("feed.json")["items"] as? [[String: Any]])
        let released = items.filter { ($0["tags"] as? [String])?.contains("upcoming") != true }
        #expect(
            released.compactMap { $0["title"] as? String } == latest.prefix(2).compactMap { "\($0["artist"] ?? "") — \($0["title"] ?? "")" }
        )
        let page = try String(contentsOf: harness.feed.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.contains("Showing the newest 2 of \(latest.count); all are in latest.json."))
        #expect(try harness.health().diff.entries == latest.count)
    }

    @Test func aBadValueIs78NamingTheKey() async throws {
        let result = try await SweepHarness(config: ["publish": #"{"feedEntries": 0}"#]).run("check-config")
        #expect(result.exitCode == .config)
        #expect(result.console.err.contains("publish.feedEntries: must be between 1 and 100000, got 0"), "\(result.console.err)")
    }
}
