import DeepCutCore
import Foundation
import Testing

@testable import DeepCutPublish

/// `publish.feedEntries`: feed.json, feed.atom and index.html hold the newest N entries and say
/// so; the snapshot files keep every entry.
@Suite struct FeedLengthTests {
    /// 7 entries, newest first (ids 1…7), and one announcement.
    static func snapshot(complete: Bool = true) -> Snapshot {
        let entries = (1...7).map { PublishFixtures.entry(String($0), "Record \($0)", date: "2026-10-\(String(format: "%02d", 20 - $0))") }
        var snapshot = PublishFixtures.snapshot(complete: complete, entries: entries)
        snapshot.upcoming = [PublishFixtures.entry("99", "Soon", date: "2026-12-24")]
        return snapshot
    }

    private func json(_ data: Data?) throws -> [String: Any] {
        let data = try #require(data)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func feedsAndPageHoldTheNewestNAndSnapshotsKeepAll() throws {
        try PublishFixtures.withFolder { folder in
            let snapshot = Self.snapshot()
            let publish = Publish(outputDirectory: folder, keepSnapshots: 30, now: { PublishFixtures.runDate })
            let context = PublishContext(feedEntries: 3)
            _ = try publish(snapshot, context: context)
            try publish.writePage(snapshot, context: context, baseline: nil)
            let files = try PublishFixtures.files(in: folder)

            for name in ["latest.json", "current.json", "snapshots/20261129T120000Z.json"] {
                #expect(try Snapshot.load(from: folder.appendingPathComponent(name))?.entries.count == 7, "\(name)")
            }
            let feed = try json(files["feed.json"])
            let items = try #require(feed["items"] as? [[String: Any]])
            let ids = items.compactMap { ($0["id"] as? String)?.split(separator: "/").dropFirst().joined(separator: "/") }
            #expect(ids == ["1", "2", "3", "99/upcoming"])
            let deepcut = try #require(feed["_deepcut"] as? [String: Any])
            #expect(deepcut["totalEntries"] as? Int == 7)
            #expect(
                (feed["description"] as? String)?.contains("Showing the newest 3 of 7; all are in latest.json.") == true,
                "\(feed["description"] ?? "")")

            let atom = try AtomDocument(String(decoding: try #require(files["feed.atom"]), as: UTF8.self))
            #expect(atom.entries.count == 4)
            #expect(atom.values["feed/subtitle"]?.first?.contains("Showing the newest 3 of 7; all are in latest.json.") == true)

            let page = String(decoding: try #require(files["index.html"]), as: UTF8.self)
            #expect(page.components(separatedBy: "<li class=\"card").count - 1 == 3)
            #expect(page.contains("<p class=\"sub\">Showing the newest 3 of 7; all are in latest.json.</p>"))
            #expect(page.contains("Record 3") && !page.contains("Record 4"))
            #expect(page.contains("7 new releases by artists in your library"))

            // A failed run later reports the feed's entries as the snapshot's, not the cut's.
            #expect(try PublishedFeed.read(outputDirectory: folder) == PublishedFeed(entries: 7, upcoming: 1, runID: "20261129T120000Z"))
        }
    }

    @Test func aPartialFeedPointsAtCurrentJSON() throws {
        let snapshot = Self.snapshot(complete: false)
        let page = HTMLRenderer.render(snapshot, context: PublishContext(feedEntries: 2))
        #expect(page.contains("Showing the newest 2 of 7; all are in current.json."))
        #expect(AtomRenderer.render(snapshot, limit: 2).contains("Showing the newest 2 of 7; all are in current.json."))
    }

    /// A feed that holds every entry reads exactly as before the cap existed: no line, no key.
    @Test func aFeedWithinTheLimitSaysNothingOfIt() throws {
        let snapshot = Self.snapshot()
        for limit in [7, 500] {
            let feed = String(decoding: try JSONFeedRenderer.render(snapshot, limit: limit), as: UTF8.self)
            #expect(!feed.contains("totalEntries") && !feed.contains("Showing"))
            #expect(!AtomRenderer.render(snapshot, limit: limit).contains("Showing"))
            #expect(!HTMLRenderer.render(snapshot, context: PublishContext(feedEntries: limit)).contains("Showing"))
            #expect(try JSONFeedRenderer.render(snapshot, limit: limit) == (try JSONFeedRenderer.render(snapshot)))
        }
    }
}
