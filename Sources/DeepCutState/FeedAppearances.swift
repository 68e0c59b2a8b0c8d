import DeepCutCore
import DeepCutSQLite
import Foundation

/// When each release first entered a published list — the feed or the upcoming list.
///
/// Feed readers sort by the publication date; using the entry's first appearance (not the run
/// time, not the release date) means a reader shows each release once, at the moment it became
/// news, and a partial run that drops an entry for a day does not re-announce it later.
package struct FeedAppearances {
    package enum List: String, Sendable {
        case feed
        case upcoming
    }

    let database: Database

    /// Stamps the entries' first appearance (keeping earlier ones) and returns them with `addedAt` set,
    /// and `updatedAt` once a title or release date differs from what an earlier run stamped (Atom
    /// `updated` moves then, `published` never). Rows stamped before titles were kept (migration 11)
    /// learn them on their next stamp without counting as a change.
    /// A first appearance dated after `date` was stamped by a clock that ran ahead: it becomes `date`,
    /// so no entry stays dated in the future once the clock is right again.
    package func stamp(_ entries: [FeedEntry], list: List, provider: String, at date: Date) throws -> [FeedEntry] {
        guard !entries.isEmpty else { return entries }
        return try database.transaction { connection in
            // In DO UPDATE, bare column names are the row as it was before this statement.
            let statement = try connection.prepare(
                """
                INSERT INTO feed_appearances (provider, release_id, list, first_at, title, release_date) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (provider, release_id, list) DO UPDATE SET
                    first_at = MIN(first_at, excluded.first_at),
                    updated_at = CASE WHEN title IS NOT NULL
                                       AND (title IS NOT excluded.title OR release_date IS NOT excluded.release_date)
                                      THEN excluded.first_at ELSE MIN(updated_at, excluded.first_at) END,
                    title = excluded.title,
                    release_date = excluded.release_date
                RETURNING first_at, updated_at
                """)
            return try entries.map { entry in
                try statement.reset()
                try statement.bind([
                    provider, entry.id, list.rawValue, date.timeIntervalSince1970, entry.title, entry.releaseDate.description
                ])
                var stamped = entry
                if try statement.step() {
                    stamped.addedAt = Date(timeIntervalSince1970: try statement.value(at: 0, as: Double.self))
                    stamped.updatedAt = try statement.value(at: 1, as: Double?.self).map(Date.init(timeIntervalSince1970:))
                }
                while try statement.step() {}
                return stamped
            }
        }
    }
}
