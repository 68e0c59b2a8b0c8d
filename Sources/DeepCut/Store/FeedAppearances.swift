import DeepCutCore
import Foundation

/// When each release first entered a published list — the feed or the upcoming list.
///
/// Feed readers sort by the publication date; using the entry's first appearance (not the run
/// time, not the release date) means a reader shows each release once, at the moment it became
/// news, and a partial run that drops an entry for a day does not re-announce it later.
public struct FeedAppearances: Sendable {
    public enum List: String, Sendable {
        case feed
        case upcoming
    }

    let database: Database

    /// Stamps the entries' first appearance (keeping earlier ones) and returns them with `addedAt` set.
    /// A first appearance dated after `date` was stamped by a clock that ran ahead: it becomes `date`,
    /// so no entry stays dated in the future once the clock is right again.
    func stamp(_ entries: [FeedEntry], list: List, provider: String, at date: Date) throws -> [FeedEntry] {
        guard !entries.isEmpty else { return entries }
        return try database.transaction { connection in
            let statement = try connection.prepare("""
                INSERT INTO feed_appearances (provider, release_id, list, first_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (provider, release_id, list) DO UPDATE SET first_at = MIN(first_at, excluded.first_at)
                RETURNING first_at
                """)
            return try entries.map { entry in
                try statement.reset()
                try statement.bind([provider, entry.id, list.rawValue, date.timeIntervalSince1970])
                var stamped = entry
                if try statement.step() {
                    stamped.addedAt = Date(timeIntervalSince1970: try statement.value(at: 0, as: Double.self))
                }
                while try statement.step() {}
                return stamped
            }
        }
    }
}
