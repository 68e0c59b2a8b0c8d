import DeepCutCore
import DeepCutSQLite
import Foundation

/// The feed entry id each source's release was published under when several sources are merged
/// (`ReleaseMerge`), keyed by the source (`provider`, the source key) and the source's release id.
/// Read before a merge, written after it: an entry keeps its id when the home source starts listing
/// a release another source named first, or stops listing it — no re-announcement, no withdrawal.
package struct EntryIDs {
    let database: Database

    /// The remembered entry ids of `listings` (those without one are absent). One statement,
    /// prepared once: a merge reads thousands of listings.
    package func ids(of listings: some Collection<ListingKey>) throws -> [ListingKey: String] {
        guard !listings.isEmpty else { return [:] }
        return try database.withConnection { connection in
            let statement = try connection.prepare("SELECT entry_id FROM entry_ids WHERE provider = ? AND release_id = ?")
            var found: [ListingKey: String] = [:]
            for listing in listings {
                try statement.bind([listing.source, listing.releaseID])
                if try statement.step() { found[listing] = try statement.value(at: 0, as: String.self) }
                try statement.reset()
            }
            return found
        }
    }

    /// Remembers `ids` (a listing already known keeps its first id: the merge hands it back
    /// unchanged), in one transaction through one prepared statement.
    package func save(_ ids: [ListingKey: String], at date: Date) throws {
        guard !ids.isEmpty else { return }
        try database.transaction { connection in
            let statement = try connection.prepare(
                """
                INSERT INTO entry_ids (provider, release_id, entry_id, seen_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (provider, release_id) DO UPDATE SET entry_id = excluded.entry_id, seen_at = excluded.seen_at
                """)
            for (listing, id) in ids.sorted(by: { $0.key < $1.key }) {
                try statement.bind([listing.source, listing.releaseID, id, date.timeIntervalSince1970])
                while try statement.step() {}
                try statement.reset()
            }
        }
    }
}

extension StateStore {
    /// The merged entries' ids (`EntryIDs`).
    package var entryIDs: EntryIDs { EntryIDs(database: database) }
}
