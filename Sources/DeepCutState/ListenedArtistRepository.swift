import DeepCutCore
import DeepCutSQLite
import Foundation

/// The artists from `artistSources` (schema version 17): each source's last good import, and each
/// artist's standing.
///
/// A source's import replaces only that source's rows, and only when the source answered: a
/// failed source keeps its last good import (`lastImport`). The standing of an artist outlives every
/// import: a rejected artist stays rejected whatever the next import says, an accepted one stays
/// swept when it drops out of a short period's chart, and a pending one waits.
package struct ListenedArtistRepository {
    let database: Database

    static let schema = """
        CREATE TABLE artist_source_imports (
            source TEXT PRIMARY KEY NOT NULL,
            imported_at REAL NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE artist_source_rows (
            source TEXT NOT NULL,
            artist_key TEXT NOT NULL,
            name TEXT NOT NULL,
            plays INTEGER,
            PRIMARY KEY (source, artist_key)
        ) WITHOUT ROWID;
        CREATE TABLE listened_artists (
            artist_key TEXT PRIMARY KEY NOT NULL,
            name TEXT NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('pending', 'accepted', 'rejected')),
            first_seen_at REAL NOT NULL,
            decided_at REAL,
            decided_by TEXT
        ) WITHOUT ROWID;
        """

    // MARK: Imports

    /// Records a source's answer: its rows replace the last import's, and each artist not in the
    /// library and not decided before becomes pending, or accepted at `autoAcceptPlays` plays.
    /// - Parameter libraryKeys: the library's artists, `ArtistName.normalize`d: they are swept anyway.
    /// - Returns: the artists that became pending or were accepted by this import, in import order.
    @discardableResult
    package func recordImport(
        source: String, artists: [ImportedArtist], libraryKeys: Set<String>, autoAcceptPlays: Int?, at date: Date
    ) throws -> [ListenedArtist] {
        let now = date.timeIntervalSince1970
        return try database.transaction { connection in
            try connection.execute("DELETE FROM artist_source_rows WHERE source = ?", [source])
            try connection.execute(
                "INSERT INTO artist_source_imports (source, imported_at) VALUES (?, ?) ON CONFLICT (source) DO UPDATE SET imported_at = excluded.imported_at",
                [source, now])
            var changed: [ListenedArtist] = []
            for artist in artists {
                let key = ArtistName.normalize(artist.name)
                guard !key.isEmpty else { continue }
                try connection.execute(
                    """
                    INSERT INTO artist_source_rows (source, artist_key, name, plays) VALUES (?, ?, ?, ?)
                    ON CONFLICT (source, artist_key) DO UPDATE SET plays = MAX(IFNULL(plays, 0), IFNULL(excluded.plays, 0))
                    """, [source, key, artist.name, artist.plays])
                guard !libraryKeys.contains(key) else { continue }
                let autoAccept = autoAcceptPlays.map { (artist.plays ?? 0) >= $0 } ?? false
                let standing = try connection.query("SELECT status FROM listened_artists WHERE artist_key = ?", [key]) {
                    try $0.get(0, as: String.self)
                }.first
                switch standing {
                case nil:
                    try connection.execute(
                        "INSERT INTO listened_artists (artist_key, name, status, first_seen_at, decided_at, decided_by) VALUES (?, ?, ?, ?, ?, ?)",
                        [
                            key, artist.name, autoAccept ? "accepted" : "pending", now, autoAccept ? now : nil,
                            autoAccept ? "autoAcceptPlays" : nil
                        ])
                case "pending" where autoAccept:
                    try connection.execute(
                        "UPDATE listened_artists SET status = 'accepted', decided_at = ?, decided_by = 'autoAcceptPlays' WHERE artist_key = ?",
                        [now, key])
                default:
                    continue
                }
                changed.append(
                    ListenedArtist(
                        name: artist.name, status: autoAccept ? .accepted : .pending, plays: artist.plays, sources: [source],
                        firstSeenAt: now, decidedAt: autoAccept ? now : nil, decidedBy: autoAccept ? "autoAcceptPlays" : nil))
            }
            return changed
        }
    }

    /// The source's last good import: how many artists it named, and when; nil when it never answered.
    package func lastImport(source: String) throws -> (artists: Int, at: Date)? {
        try database.withConnection { connection in
            guard
                let at = try connection.query(
                    "SELECT imported_at FROM artist_source_imports WHERE source = ?", [source],
                    {
                        try $0.get(0, as: Double.self)
                    }
                ).first
            else { return nil }
            let count =
                try connection.query("SELECT COUNT(*) FROM artist_source_rows WHERE source = ?", [source]) {
                    try $0.get(0, as: Int.self)
                }.first ?? 0
            return (count, Date(timeIntervalSince1970: at))
        }
    }

    // MARK: Reading

    /// The artists with this standing, most plays first, then by name.
    package func all(_ status: ListenedArtist.Status) throws -> [ListenedArtist] {
        try database.withConnection { connection in
            try connection.query(
                """
                SELECT l.artist_key, l.name, l.status, l.first_seen_at, l.decided_at, l.decided_by,
                       MAX(r.plays), GROUP_CONCAT(r.source, ',')
                FROM listened_artists l LEFT JOIN artist_source_rows r ON r.artist_key = l.artist_key
                WHERE l.status = ? GROUP BY l.artist_key ORDER BY MAX(r.plays) IS NULL, MAX(r.plays) DESC, l.artist_key
                """, [status.rawValue], Self.artist)
        }
    }

    /// The accepted artists' names: swept like library artists.
    package func acceptedNames() throws -> [String] {
        try all(.accepted).map(\.name)
    }

    package func find(name: String) throws -> ListenedArtist? {
        let key = ArtistName.normalize(name)
        return try database.withConnection { connection in
            try connection.query(
                """
                SELECT l.artist_key, l.name, l.status, l.first_seen_at, l.decided_at, l.decided_by,
                       MAX(r.plays), GROUP_CONCAT(r.source, ',')
                FROM listened_artists l LEFT JOIN artist_source_rows r ON r.artist_key = l.artist_key
                WHERE l.artist_key = ? GROUP BY l.artist_key
                """, [key], Self.artist
            ).first
        }
    }

    // MARK: Deciding

    /// Accepts or rejects an artist, known from a source or not (a name typed by hand is followed, or
    /// refused before any source names it). - Returns: its standing before, nil when unknown.
    @discardableResult
    package func decide(
        name: String, _ status: ListenedArtist.Status, by who: String = "user", at date: Date
    ) throws -> ListenedArtist.Status? {
        let key = ArtistName.normalize(name)
        let now = date.timeIntervalSince1970
        return try database.transaction { connection in
            let before = try connection.query("SELECT status FROM listened_artists WHERE artist_key = ?", [key]) {
                try $0.get(0, as: String.self)
            }.first
            try connection.execute(
                """
                INSERT INTO listened_artists (artist_key, name, status, first_seen_at, decided_at, decided_by) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (artist_key) DO UPDATE SET status = excluded.status, decided_at = excluded.decided_at,
                    decided_by = excluded.decided_by
                """, [key, name, status.rawValue, now, status == .pending ? nil : now, status == .pending ? nil : who])
            return before.flatMap(ListenedArtist.Status.init(rawValue:))
        }
    }

    /// Rejections from a dismissals file: each artist rejected as of its time (an accepted artist too:
    /// the file is the user's word); already rejected ones keep their first rejection.
    /// - Returns: how many were not rejected before.
    @discardableResult
    package func importRejections(_ artists: [ListenedArtist]) throws -> Int {
        try database.transaction { connection in
            var added = 0
            for artist in artists {
                let key = artist.artistKey
                let time = Dismissal.roundedTime(artist.decidedAt ?? artist.firstSeenAt)
                added += try connection.execute(
                    """
                    INSERT INTO listened_artists (artist_key, name, status, first_seen_at, decided_at, decided_by)
                    VALUES (?, ?, 'rejected', ?, ?, 'import')
                    ON CONFLICT (artist_key) DO UPDATE SET status = 'rejected', decided_at = excluded.decided_at, decided_by = 'import'
                    WHERE status != 'rejected'
                    """, [key, artist.name, time, time])
            }
            return added
        }
    }

    private static func artist(_ row: Row) throws -> ListenedArtist {
        ListenedArtist(
            name: try row.get(1), status: ListenedArtist.Status(rawValue: try row.get(2)) ?? .pending, plays: try row.get(6),
            sources: (try row.get(7, as: String?.self) ?? "").split(separator: ",").map(String.init).sorted(),
            firstSeenAt: try row.get(3), decidedAt: try row.get(4), decidedBy: try row.get(5))
    }
}

extension StateStore {
    /// The artists from listening history and followed lists (schema version 17).
    package var listened: ListenedArtistRepository {
        ListenedArtistRepository(database: database)
    }
}
