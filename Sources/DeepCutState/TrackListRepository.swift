import DeepCutCore
import DeepCutSQLite
import Foundation

/// Catalog track lists kept for good: each release's tracks are fetched once, as evidence for an
/// edition the title rules cannot place, and read from here by every later run.
package struct TrackListRepository {
    let database: Database

    /// The stored track lists of `releaseIDs` that have one.
    package func lists(provider: String, releaseIDs: [String]) throws -> [String: TrackList] {
        guard !releaseIDs.isEmpty else { return [:] }
        return try database.withConnection { connection in
            var lists: [String: TrackList] = [:]
            for id in releaseIDs {
                let rows = try connection.query(
                    "SELECT tracks, complete FROM track_lists WHERE provider = ? AND release_id = ?",
                    [provider, id]
                ) { row in (try row.get(0, as: String.self), try row.get(1, as: Int.self)) }
                guard let (json, complete) = rows.first else { continue }
                // A row this code cannot read is refetched rather than trusted.
                guard let tracks = try? JSONDecoder().decode([TrackListing].self, from: Data(json.utf8)) else { continue }
                lists[id] = TrackList(tracks: tracks, isComplete: complete != 0)
            }
            return lists
        }
    }

    package func save(_ list: TrackList, provider: String, releaseID: String, at date: Date) throws {
        let json = String(decoding: try JSONEncoder().encode(list.tracks), as: UTF8.self)
        try database.withConnection { connection in
            _ = try connection.execute(
                """
                INSERT INTO track_lists (provider, release_id, tracks, complete, fetched_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (provider, release_id) DO UPDATE SET tracks = excluded.tracks, complete = excluded.complete,
                    fetched_at = excluded.fetched_at
                """, [provider, releaseID, json, list.isComplete ? 1 : 0, date.timeIntervalSince1970])
        }
    }
}
