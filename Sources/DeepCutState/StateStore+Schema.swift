import DeepCutCore
import DeepCutSQLite

extension StateStore {
    /// The state database's schema history. Append new versions; never edit a shipped one.
    package static let migrator = Migrator([
        Migration(
            version: 1,
            sql: """
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
        Migration(
            version: 2,
            sql: """
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
        Migration(
            version: 3,
            sql: """
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
        // Catalog memory: what each artist's catalog held when last checked, and when each release
        // was first and last seen. Serves newness by discovery, withdrawals and repair runs.
        Migration(
            version: 5,
            sql: """
                CREATE TABLE catalog_artists (
                    provider TEXT NOT NULL,
                    artist TEXT NOT NULL,
                    catalog_id TEXT,
                    outcome TEXT NOT NULL,
                    first_checked_at REAL NOT NULL,
                    checked_at REAL NOT NULL,
                    PRIMARY KEY (provider, artist)
                );
                CREATE TABLE catalog_releases (
                    provider TEXT NOT NULL,
                    artist TEXT NOT NULL,
                    release_id TEXT NOT NULL,
                    album_key TEXT NOT NULL,
                    title TEXT NOT NULL,
                    credited_artist TEXT NOT NULL,
                    type TEXT NOT NULL,
                    release_date TEXT,
                    artwork_url TEXT,
                    url TEXT,
                    explicit INTEGER NOT NULL,
                    track_count INTEGER,
                    first_seen_at REAL NOT NULL,
                    last_seen_at REAL NOT NULL,
                    withdrawn_at REAL,
                    PRIMARY KEY (provider, artist, release_id)
                );
                """),
        // When each release first entered the feed or the upcoming list: stable feed dates.
        Migration(
            version: 6,
            sql: """
                CREATE TABLE feed_appearances (
                    provider TEXT NOT NULL,
                    release_id TEXT NOT NULL,
                    list TEXT NOT NULL,
                    first_at REAL NOT NULL,
                    PRIMARY KEY (provider, release_id, list)
                );
                """),
        // Which catalog artist each library artist name is, per provider; `artist_key` is
        // `ArtistName.normalize` (NFC). A notFound row has no catalog id or name.
        Migration(
            version: 7,
            sql: """
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
        // Honest over time. `unanswered_artists`: every artist left without a definite answer in a
        // run since its last definite one (what a repair run must ask, never reuse).
        // `suspect_artists`: artists whose catalog suddenly listed nothing, waiting for a later run
        // to confirm it. Both keyed like the catalog memory (`ArtistName.normalize`).
        Migration(
            version: 8,
            sql: """
                CREATE TABLE unanswered_artists (
                    provider TEXT NOT NULL,
                    artist TEXT NOT NULL,
                    since_run TEXT NOT NULL,
                    PRIMARY KEY (provider, artist)
                ) WITHOUT ROWID;
                CREATE TABLE suspect_artists (
                    provider TEXT NOT NULL,
                    artist TEXT NOT NULL,
                    marked_at REAL NOT NULL,
                    PRIMARY KEY (provider, artist)
                ) WITHOUT ROWID;
                """),
        // How many artists each run's library held, so a library that suddenly shrinks is refused.
        Migration(version: 9, sql: "ALTER TABLE runs ADD COLUMN library_artists INTEGER;"),
        // Track lists of catalog releases fetched as evidence (`TrackEvidence`): a release's
        // tracks do not change, so each is fetched once and kept.
        Migration(
            version: 10,
            sql: """
                CREATE TABLE track_lists (
                    provider TEXT NOT NULL,
                    release_id TEXT NOT NULL,
                    tracks TEXT NOT NULL,
                    complete INTEGER NOT NULL,
                    fetched_at REAL NOT NULL,
                    PRIMARY KEY (provider, release_id)
                ) WITHOUT ROWID;
                """),
        // Issue 16. `installation`: this install's id for feed entry ids, so two installs never share
        // ids in one reader; a database that already published feeds gets '' (the legacy shared
        // ids), so an upgrade never shows its readers every entry again as new. `feed_appearances`
        // keeps what each entry looked like, so Atom `updated` moves when its title or date changes.
        Migration(
            version: 11,
            sql: """
                CREATE TABLE installation (id TEXT NOT NULL);
                INSERT INTO installation (id)
                    SELECT CASE WHEN EXISTS (SELECT 1 FROM feed_appearances) THEN '' ELSE lower(hex(randomblob(8))) END;
                ALTER TABLE feed_appearances ADD COLUMN title TEXT;
                ALTER TABLE feed_appearances ADD COLUMN release_date TEXT;
                ALTER TABLE feed_appearances ADD COLUMN updated_at REAL;
                """),
        // What the sweep learned about each catalog for the next run (`CatalogLearning`): the pace
        // it accepts (`pace`, requests per minute) and how it counts `limit` (`lookupLimit`); and
        // when each artist's listing was last read whole (warm sweeps ask only the newest between).
        Migration(
            version: 12,
            sql: """
                ALTER TABLE catalog_artists ADD COLUMN full_listing_at REAL;
                CREATE TABLE catalog_learning (
                    provider TEXT NOT NULL,
                    name TEXT NOT NULL,
                    value TEXT NOT NULL,
                    learned_at REAL NOT NULL,
                    PRIMARY KEY (provider, name)
                ) WITHOUT ROWID;
                """),
        // Issue 20. A remembered release keeps its secondary types (`live,soundtrack`; '' for none),
        // so a stale entry and a reused answer are filtered and labelled as the catalog said.
        // Releases remembered before this know none; the next definite answer fills them in.
        Migration(version: 13, sql: "ALTER TABLE catalog_releases ADD COLUMN secondary_types TEXT NOT NULL DEFAULT '';"),
        // Issue 20. Muted artists (`deepcut mute`), one row per `ArtistName.normalize`d name, with the
        // display data known when muted. `unmute` keeps the row with `unmuted_at` set: the next
        // `sweep --if-stale` then sweeps instead of skipping, so the artist's releases come back.
        Migration(
            version: 14,
            sql: """
                CREATE TABLE muted_artists (
                    artist_key TEXT PRIMARY KEY NOT NULL,
                    name TEXT NOT NULL,
                    muted_at REAL NOT NULL,
                    catalog_name TEXT,
                    catalog_id TEXT,
                    artwork_url TEXT,
                    unmuted_at REAL
                ) WITHOUT ROWID;
                """),
        // Issue 20. The events of `upcoming.ics` (`CalendarRepository`), per provider and release, so a
        // UID and its SEQUENCE survive runs and a withdrawn release can be published as cancelled.
        Migration(
            version: 15,
            sql: """
                CREATE TABLE calendar_events (
                    provider TEXT NOT NULL,
                    release_id TEXT NOT NULL,
                    uid TEXT NOT NULL,
                    title TEXT NOT NULL,
                    artist TEXT NOT NULL,
                    type TEXT NOT NULL,
                    release_date TEXT NOT NULL,
                    url TEXT,
                    sequence INTEGER NOT NULL,
                    status TEXT NOT NULL CHECK (status IN ('confirmed', 'cancelled')),
                    created_at REAL NOT NULL,
                    changed_at REAL NOT NULL,
                    PRIMARY KEY (provider, release_id)
                ) WITHOUT ROWID;
                """),
        // Issue 20. The notification ledger: one row per digest item and channel, so each is told
        // once (`DeliveryLedger`), and each channel's last delivery for health, page and metrics.
        Migration(
            version: 16,
            sql: """
                CREATE TABLE deliveries (
                    channel TEXT NOT NULL,
                    dedupe_key TEXT NOT NULL,
                    event TEXT NOT NULL,
                    entry BLOB NOT NULL,
                    state TEXT NOT NULL,
                    queued_at REAL NOT NULL,
                    position INTEGER NOT NULL,
                    run_id TEXT NOT NULL,
                    attempts INTEGER NOT NULL DEFAULT 0,
                    updated_at REAL NOT NULL,
                    PRIMARY KEY (channel, dedupe_key)
                ) WITHOUT ROWID;
                CREATE INDEX deliveries_by_state ON deliveries (channel, state, queued_at);
                CREATE TABLE channel_status (
                    channel TEXT PRIMARY KEY NOT NULL,
                    last_attempt_at REAL,
                    last_success_at REAL,
                    last_error_kind TEXT,
                    last_error TEXT,
                    consecutive_failures INTEGER NOT NULL DEFAULT 0
                ) WITHOUT ROWID;
                """),
        // Issue 32. A remembered release keeps its merge evidence: its barcode (EAN-13 digits, NULL for
        // none) and its links to other catalogs (`apple:1441458047,musicbrainz-release:…`, '' for none),
        // so reused and stale answers merge as the catalog's own answer did; and its genres and label,
        // so `feed.excludeGenres`/`excludeLabels` and classical matching judge a remembered release as
        // they judged it fresh (a filter that forgot on warm runs would bring an excluded release back).
        // Releases remembered before this know none; the next definite answer fills them in.
        Migration(
            version: 17,
            sql: """
                ALTER TABLE catalog_releases ADD COLUMN barcode TEXT;
                ALTER TABLE catalog_releases ADD COLUMN links TEXT NOT NULL DEFAULT '';
                ALTER TABLE catalog_releases ADD COLUMN genre TEXT;
                ALTER TABLE catalog_releases ADD COLUMN genres TEXT;
                ALTER TABLE catalog_releases ADD COLUMN label TEXT;
                """),
        // Issue 33. Artists from listening history and followed lists (`ListenedArtistRepository`):
        // each source's last good import, and each artist's standing (pending, accepted, rejected).
        Migration(version: 18, sql: ListenedArtistRepository.schema),
        // Issue 32. The id each source's release was published under once merged with other sources'
        // listings (`EntryIDs`): an entry keeps its id as sources start or stop listing it.
        Migration(
            version: 19,
            sql: """
                CREATE TABLE entry_ids (
                    provider TEXT NOT NULL,
                    release_id TEXT NOT NULL,
                    entry_id TEXT NOT NULL,
                    seen_at REAL NOT NULL,
                    PRIMARY KEY (provider, release_id)
                ) WITHOUT ROWID;
                """)
    ])
}

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
            let rows = try connection.query(
                """
                SELECT release_id, dismissed_at, title, artist_name, artwork_url, recording_type, release_date
                FROM dismissals WHERE album_key = ?
                """, [raw]
            ) { row in
                Dismissal(
                    releaseID: try row.get(0), albumKey: AlbumKey(rawValue: raw), dismissedAt: try row.get(1),
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

/// Stored as the NFC raw value, so SQLite's byte comparison agrees with Swift's.
extension AlbumKey: DatabaseValueConvertible {
    package var databaseValue: DatabaseValue { .text(rawValue) }

    package init?(databaseValue: DatabaseValue) {
        guard let text = String(databaseValue: databaseValue) else { return nil }
        self.init(rawValue: text)
    }
}

/// Stored as ISO text (`2019`, `2019-06`, `2019-06-14`), the SPEC's own spelling.
extension ReleaseDate: DatabaseValueConvertible {
    package var databaseValue: DatabaseValue { .text(description) }

    package init?(databaseValue: DatabaseValue) {
        guard let text = String(databaseValue: databaseValue) else { return nil }
        self.init(iso: text)
    }
}

extension RecordingType: DatabaseValueConvertible {}

/// Stored as the names joined by commas (`live,soundtrack`), '' for none; an unknown name fails the read.
extension Array: DatabaseValueConvertible where Element == SecondaryType {
    package var databaseValue: DatabaseValue { .text(map(\.rawValue).joined(separator: ",")) }

    package init?(databaseValue: DatabaseValue) {
        guard let text = String(databaseValue: databaseValue) else { return nil }
        var types: [SecondaryType] = []
        for name in text.split(separator: ",") {
            guard let type = SecondaryType(rawValue: String(name)) else { return nil }
            types.append(type)
        }
        self = SecondaryType.normalized(types)
    }
}
extension RunStatus: DatabaseValueConvertible {}

extension ExitCode: DatabaseValueConvertible {
    package var databaseValue: DatabaseValue { .integer(Int(rawValue)) }

    package init?(databaseValue: DatabaseValue) {
        guard let value = Int(databaseValue: databaseValue), let raw = Int32(exactly: value) else { return nil }
        self.init(rawValue: raw)
    }
}

extension ResolutionMethod: DatabaseValueConvertible {}
