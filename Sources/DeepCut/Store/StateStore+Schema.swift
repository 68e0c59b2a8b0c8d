extension StateStore {
    /// The state database's schema history. Append new versions; never edit a shipped one.
    static let migrator = Migrator([
        Migration(version: 1, sql: """
            CREATE TABLE dismissals (
                album_key TEXT PRIMARY KEY NOT NULL,
                release_id TEXT NOT NULL,
                dismissed_at REAL NOT NULL,
                title TEXT,
                artist_name TEXT,
                artwork_url TEXT,
                recording_type TEXT,
                release_date TEXT
            );
            CREATE INDEX dismissals_by_release_id ON dismissals (release_id);
            """),
        Migration(version: 2, sql: """
            CREATE TABLE runs (
                run_id TEXT PRIMARY KEY NOT NULL,
                started_at REAL NOT NULL,
                finished_at REAL NOT NULL,
                status TEXT NOT NULL,
                exit_code INTEGER NOT NULL,
                duration_seconds REAL NOT NULL,
                artists_total INTEGER NOT NULL,
                artists_failed INTEGER NOT NULL,
                entries INTEGER NOT NULL,
                requests INTEGER NOT NULL
            );
            CREATE INDEX runs_by_started_at ON runs (started_at);
            """),
        // Which catalog artist each library artist name is, per provider; `artist_key` is
        // `ArtistName.normalize` (NFC). A notFound row has no catalog id or name.
        Migration(version: 3, sql: """
            CREATE TABLE artist_resolutions (
                provider TEXT NOT NULL,
                artist_key TEXT NOT NULL,
                catalog_id TEXT,
                catalog_name TEXT,
                method TEXT NOT NULL,
                resolved_at REAL NOT NULL,
                PRIMARY KEY (provider, artist_key),
                CHECK ((catalog_id IS NULL) = (method = 'notFound')),
                CHECK ((catalog_id IS NULL) = (catalog_name IS NULL))
            ) WITHOUT ROWID;
            """),
    ])
}
