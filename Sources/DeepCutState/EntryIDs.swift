import DeepCutCore
import DeepCutSQLite
import Foundation

/// The feed entry id each source's release was published under when several sources are merged
/// (`ReleaseMerge`), keyed by the source (`provider`, the source key) and the source's release id.
/// Read before a merge, written after it: an entry keeps its id when the home source starts listing
/// a release another source named first, or stops listing it — no re-announcement, no withdrawal.
package struct EntryIDs {
    let database: Database

    /// The remembered entry ids of `listings` (those without one are absent).
    package func ids(of listings: some Collection<ListingKey>) throws -> [ListingKey: String] {
        guard !listings.isEmpty else { return [:] }
        return try database.withConnection { connection in
            var found: [ListingKey: String] = [:]
            for listing in listings {
                let id = try connection.query(
                    "SELECT entry_id FROM entry_ids WHERE provider = ? AND release_id = ?", [listing.source, listing.releaseID]
                ) { try $0.get(0, as: String.self) }.first
                if let id { found[listing] = id }
            }
            return found
        }
    }

    /// Remembers `ids` (a listing already known keeps its first id: the merge hands it back unchanged).
    package func save(_ ids: [ListingKey: String], at date: Date) throws {
        guard !ids.isEmpty else { return }
        try database.transaction { connection in
            for (listing, id) in ids.sorted(by: { $0.key < $1.key }) {
                _ = try connection.execute(
                    """
                    INSERT INTO entry_ids (provider, release_id, entry_id, seen_at) VALUES (?, ?, ?, ?)
                    ON CONFLICT (provider, release_id) DO UPDATE SET entry_id = excluded.entry_id, seen_at = excluded.seen_at
                    """, [listing.source, listing.releaseID, id, date.timeIntervalSince1970])
            }
        }
    }
}

extension StateStore {
    /// The merged entries' ids (`EntryIDs`).
    package var entryIDs: EntryIDs { EntryIDs(database: database) }
}
