import DeepCutCore
import Foundation

/// What `feed.json` holds now: its items, counted as entries and announcements, and the snapshot
/// it was built from.
///
/// A failed run publishes nothing, so the feed people subscribed to still holds the last published
/// snapshot's items; that, not the failed run's zero, is the number `deepcut health`'s perfdata
/// and the metrics report beside the run's state.
package struct PublishedFeed: Sendable, Hashable {
    /// The releases the feed's snapshot holds: what a run counts as its entries (`diff.entries`);
    /// feed.json's own items when it holds them all.
    package var entries: Int
    /// feed.json's items announcing an upcoming release (tagged `upcoming`), counted apart.
    package var upcoming: Int
    /// The snapshot's run id (`_deepcut.runID`), when the feed names it.
    package var runID: String?

    package init(entries: Int, upcoming: Int, runID: String?) {
        self.entries = entries
        self.upcoming = upcoming
        self.runID = runID
    }

    /// - Returns: nil when there is no feed.json yet (nothing was ever published).
    /// - Throws: `OutputReadError` naming the file when it cannot be read or is not a feed.
    package static func read(outputDirectory: URL) throws -> PublishedFeed? {
        guard let document = try OutputJSON.load(Document.self, from: OutputFolder(outputDirectory).jsonFeed) else { return nil }
        let upcoming = document.items.filter { $0.tags?.contains(Self.upcomingTag) == true }.count
        // A feed cut to `publish.feedEntries` says how many entries its snapshot holds in all.
        let entries = document.deepcut?.totalEntries ?? document.items.count - upcoming
        return PublishedFeed(entries: entries, upcoming: upcoming, runID: document.deepcut?.runID)
    }

    /// The tag `JSONFeedRenderer` gives announcements.
    static let upcomingTag = "upcoming"

    /// Only what is counted is decoded.
    private struct Document: Decodable {
        let items: [Item]
        let deepcut: Extension?

        struct Item: Decodable {
            let tags: [String]?
        }

        struct Extension: Decodable {
            let runID: String?
            let totalEntries: Int?
        }

        enum CodingKeys: String, CodingKey {
            case items
            case deepcut = "_deepcut"
        }
    }
}
