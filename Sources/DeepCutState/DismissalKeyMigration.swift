import DeepCutCore
import DeepCutSQLite

/// Rewrites every stored dismissal key into its normalised `AlbumKey` form.
///
/// SQLite compares bytes: an NFD key from an older tool would never match, nor be restorable
/// by `--key`. Rows whose normalised keys collide merge by the repository's rule (the row with
/// display data wins, then the newer one), so no dismissal is lost.
enum DismissalKeyMigration {
    static func apply(_ connection: Connection) throws {
        let stored = try connection.query("SELECT album_key FROM dismissals") { try $0.get(0, as: String.self) }
        // Compare bytes: Swift `==` treats NFD and NFC spellings as equal, SQLite does not.
        for raw in stored where !AlbumKey(rawValue: raw).rawValue.utf8.elementsEqual(raw.utf8) {
            let rows = try connection.query("""
                SELECT release_id, dismissed_at, title, artist_name, artwork_url, recording_type, release_date
                FROM dismissals WHERE album_key = ?
                """, [raw]) { row in
                Dismissal(releaseID: try row.get(0), albumKey: AlbumKey(rawValue: raw), dismissedAt: try row.get(1),
                          title: try row.get(2), artistName: try row.get(3), artworkURL: try row.get(4),
                          recordingType: try row.get(5), releaseDate: try row.get(6))
            }
            _ = try connection.execute("DELETE FROM dismissals WHERE album_key = ?", [raw])
            for dismissal in rows {
                _ = try DismissalRepository.save(dismissal, in: connection)
            }
        }
    }
}
