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
        // Albums recorded as owned with `deepcut library add`, beyond the library files.
        Migration(version: 3, sql: """
            CREATE TABLE owned_albums (
                album_key TEXT PRIMARY KEY NOT NULL,
                title TEXT NOT NULL,
                artist TEXT NOT NULL,
                added_at REAL NOT NULL
            );
            """),
        // Keys written by older tools in another Unicode form (or with stray case and spaces)
        // become their NFC album key; duplicates merge keeping the richer row. Nothing is lost.
        Migration(version: 4, apply: DismissalKeyMigration.apply),
    ])
}
