import DeepCutCore
import DeepCutSQLite

/// Answers written row by row while the sweep waits on its rate budget, kept apart until the run
/// believes them (`CatalogMemory.remember`).
///
/// Turning thousands of releases into bound rows costs most of a memory write; done as each
/// artist answers, the write at the sweep's end is one set-based statement. That is what lets
/// several sources that end together not wait on each other's writes (BENCHMARKS.md §8). Staged
/// rows live in a TEMP table: never in the state file, gone with the connection, so a run that
/// believes nothing (a faulty catalog) or dies midway leaves nothing behind.
package struct StagedAnswers: Sendable {
    /// The releases staged per artist (`ArtistName.normalize`d): `remember` takes an artist's rows
    /// from the stage only when its believed answer is exactly what was staged.
    package var releases: [String: [Release]] = [:]

    package init() {}
}

extension CatalogMemory {
    /// Stages each artist's releases for `provider`, replacing what was staged for it before.
    package func stage(_ answers: [(artist: String, releases: [Release])], provider: String) throws -> StagedAnswers {
        var staged = StagedAnswers()
        try database.transaction { connection in
            let writer = try StageWriter(connection: connection)
            for (artist, releases) in answers {
                let key = ArtistName.normalize(artist)
                try writer.replace(artist: key, releases: releases, provider: provider)
                staged.releases[key] = releases
            }
        }
        return staged
    }

    /// Forgets what was staged for `provider`: a run that believed nothing of its catalog.
    package func discardStaged(provider: String) throws {
        try database.withConnection { connection in
            try StageWriter.create(in: connection)
            try connection.execute("DELETE FROM temp.staged_releases WHERE provider = ?", [provider])
        }
    }

    /// The release columns a stage row carries: everything but the times `remember` sets.
    static let stagedColumns =
        "provider, artist, release_id, album_key, title, credited_artist, type, release_date, artwork_url, url, explicit, track_count, secondary_types, barcode, links, genre, genres, label"
}

/// Writes stage rows on one connection, its statements prepared once.
struct StageWriter {
    private let connection: Connection
    private let clear: Statement
    private let insert: Statement

    init(connection: Connection) throws {
        try Self.create(in: connection)
        self.connection = connection
        clear = try connection.prepare("DELETE FROM temp.staged_releases WHERE provider = ? AND artist = ?")
        // The first listing of an id wins, as it did when each row was written on its own.
        insert = try connection.prepare(
            """
            INSERT OR IGNORE INTO temp.staged_releases (\(CatalogMemory.stagedColumns))
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
    }

    static func create(in connection: Connection) throws {
        try connection.execute(
            """
            CREATE TEMP TABLE IF NOT EXISTS staged_releases (
                provider TEXT NOT NULL, artist TEXT NOT NULL, release_id TEXT NOT NULL, album_key TEXT NOT NULL,
                title TEXT NOT NULL, credited_artist TEXT NOT NULL, type TEXT NOT NULL, release_date TEXT,
                artwork_url TEXT, url TEXT, explicit INTEGER NOT NULL, track_count INTEGER,
                secondary_types TEXT NOT NULL, barcode TEXT, links TEXT NOT NULL, genre TEXT, genres TEXT, label TEXT,
                PRIMARY KEY (provider, artist, release_id)
            )
            """)
    }

    /// The artists with rows on the stage for `provider`.
    func stagedArtists(provider: String) throws -> [String] {
        try connection.query("SELECT DISTINCT artist FROM temp.staged_releases WHERE provider = ?", [provider]) {
            try $0.get(0, as: String.self)
        }
    }

    /// Stages `releases` as the artist's whole answer.
    func replace(artist: String, releases: [Release], provider: String) throws {
        try clear.reset()
        try clear.bind([provider, artist])
        while try clear.step() {}
        try add(artist: artist, releases: releases, provider: provider)
    }

    /// Stages `releases` beside what is staged for the artist already.
    func add(artist: String, releases: [Release], provider: String) throws {
        for release in releases {
            try insert.reset()
            try insert.bind([
                provider, artist, release.id, AlbumKey(title: release.title, artist: release.artist), release.title,
                release.artist, release.type, release.releaseDate, release.artworkURL, release.url,
                release.isExplicit ? 1 : 0, release.trackCount, release.secondaryTypes, release.barcode,
                StoredReleaseLinks.text(release.links), release.genre, StoredGenres.text(release.genres), release.label
            ])
            while try insert.step() {}
        }
    }
}
