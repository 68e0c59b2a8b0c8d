import DeepCutCore
import DeepCutSQLite

/// The user's "Not interested" decisions, one row per album key.
///
/// Keys are stored as `AlbumKey.rawValue`, which is NFC: SQLite compares bytes, so an NFD
/// spelling of the same album lands on the same row instead of a duplicate.
package struct DismissalRepository {
    let database: Database

    private static let columns = """
        album_key, release_id, dismissed_at, title, artist_name, artwork_url, recording_type, release_date
        """

    // MARK: Reading

    /// Every dismissal, newest first; equal times in key order so listings are stable.
    package func all() throws -> [Dismissal] {
        try database.withConnection { connection in
            try connection.query(
                "SELECT \(Self.columns) FROM dismissals ORDER BY dismissed_at DESC, album_key",
                [], Self.dismissal)
        }
    }

    /// The dismissed album keys, as the diff subtracts them.
    package func keys() throws -> Set<AlbumKey> {
        try database.withConnection { connection in
            Set(try connection.query("SELECT album_key FROM dismissals") { try $0.get(0, as: AlbumKey.self) })
        }
    }

    package func find(key: AlbumKey) throws -> Dismissal? {
        try database.withConnection { connection in try Self.find(key: key, in: connection) }
    }

    /// The newest dismissal made from this catalog release, if any.
    package func find(releaseID: String) throws -> Dismissal? {
        try database.withConnection { connection in
            try connection.query(
                """
                SELECT \(Self.columns) FROM dismissals WHERE release_id = ?
                ORDER BY dismissed_at DESC, album_key LIMIT 1
                """, [releaseID], Self.dismissal
            ).first
        }
    }

    // MARK: Writing

    /// Stores a dismissal unless the row already kept for its key should win (see `Dismissal.supersedes`).
    @discardableResult
    package func save(_ dismissal: Dismissal) throws -> DismissalChange {
        try database.transaction { connection in try Self.save(dismissal, in: connection) }
    }

    /// Saves every row in one transaction, muted artists included: all land or none do. Idempotent.
    /// A mute of an artist muted already counts unchanged (the first mute is kept).
    @discardableResult
    package func importRows(_ dismissals: [Dismissal], mutes: [MutedArtist] = []) throws -> DismissalImportCounts {
        try database.transaction { connection in
            var counts = DismissalImportCounts()
            for dismissal in dismissals {
                counts.count(try Self.save(dismissal, in: connection))
            }
            for artist in mutes {
                counts.count(try MutedArtistRepository.save(artist, in: connection) ? .inserted : .unchanged)
            }
            return counts
        }
    }

    /// Restores one album. - Returns: whether it was dismissed.
    @discardableResult
    package func delete(key: AlbumKey) throws -> Bool {
        try database.withConnection { connection in
            try connection.execute("DELETE FROM dismissals WHERE album_key = ?", [key]) > 0
        }
    }

    /// Restores every album dismissed from this release. - Returns: how many rows were removed.
    @discardableResult
    package func delete(releaseID: String) throws -> Int {
        try database.withConnection { connection in
            try connection.execute("DELETE FROM dismissals WHERE release_id = ?", [releaseID])
        }
    }

    // MARK: Rows

    static func save(_ incoming: Dismissal, in connection: Connection) throws -> DismissalChange {
        var dismissal = incoming
        dismissal.dismissedAt = Dismissal.roundedTime(incoming.dismissedAt)
        let stored = try find(key: dismissal.albumKey, in: connection)
        if let stored, stored == dismissal || !dismissal.supersedes(stored) {
            return .unchanged
        }
        try connection.execute(
            "INSERT OR REPLACE INTO dismissals (\(columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [
                dismissal.albumKey, dismissal.releaseID, dismissal.dismissedAt, dismissal.title,
                dismissal.artistName, dismissal.artworkURL, dismissal.recordingType, dismissal.releaseDate
            ])
        return stored == nil ? .inserted : .updated
    }

    private static func find(key: AlbumKey, in connection: Connection) throws -> Dismissal? {
        try connection.query("SELECT \(columns) FROM dismissals WHERE album_key = ?", [key], dismissal).first
    }

    private static func dismissal(_ row: Row) throws -> Dismissal {
        Dismissal(
            releaseID: try row.get(1), albumKey: try row.get(0), dismissedAt: try row.get(2),
            title: try row.get(3), artistName: try row.get(4), artworkURL: try row.get(5),
            recordingType: try row.get(6), releaseDate: try row.get(7))
    }
}

/// What saving one dismissal did to the stored rows.
package enum DismissalChange: Sendable, Hashable {
    /// The album key was not dismissed before.
    case inserted
    /// The stored row was replaced by a richer or newer one.
    case updated
    /// The stored row was kept: identical, richer, or newer.
    case unchanged
}

/// The outcome of importing dismissals, per row. Importing the same rows again counts all unchanged.
package struct DismissalImportCounts: Sendable, Hashable, Codable {
    package var inserted = 0
    package var updated = 0
    package var unchanged = 0

    package init(inserted: Int = 0, updated: Int = 0, unchanged: Int = 0) {
        self.inserted = inserted
        self.updated = updated
        self.unchanged = unchanged
    }

    mutating func count(_ change: DismissalChange) {
        switch change {
        case .inserted: inserted += 1
        case .updated: updated += 1
        case .unchanged: unchanged += 1
        }
    }
}

extension Dismissal {
    /// Times are kept to the millisecond, the precision of the JSON exchange format, so an
    /// export imported back compares equal instead of "newer by 0.4 ms".
    static func roundedTime(_ seconds: Double) -> Double {
        (seconds * 1000).rounded() / 1000
    }

    /// Whether this dismissal should replace `stored`, the row already kept for its album key.
    ///
    /// Display data is free when a dismissal is made and expensive forever after, so a row that
    /// has it is never replaced by a legacy key-only row. Otherwise the newer dismissal wins;
    /// on a tie the incoming one does, so saving twice is still deterministic.
    func supersedes(_ stored: Dismissal) -> Bool {
        if isLegacy != stored.isLegacy { return !isLegacy }
        return dismissedAt >= stored.dismissedAt
    }
}
