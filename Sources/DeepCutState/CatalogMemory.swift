import DeepCutCore
import DeepCutSQLite
import Foundation

/// What the catalog said about each library artist the last time it answered.
///
/// Only definite answers are remembered: a failed or skipped artist changes nothing, so an
/// outage can never make releases look withdrawn or new.
package struct CatalogMemory {
    let database: Database

    /// Records one sweep's definite answers.
    /// - Parameter staged: what was staged while the sweep ran (`stage`): an artist whose answer is
    ///   exactly what was staged is not written row by row again.
    /// - Returns: when each fetched release was first seen, and the releases that vanished from
    ///   an artist's catalog since it was last checked.
    @discardableResult
    package func remember(
        _ results: [ArtistResult], provider: String, at date: Date, staged: StagedAnswers = StagedAnswers()
    ) throws -> MemoryUpdate {
        let now = date.timeIntervalSince1970
        return try database.transaction { connection in
            try Self.clampFuture(before: now, provider: provider, in: connection)
            var update = MemoryUpdate()
            let upsertArtist = try connection.prepare(
                """
                INSERT INTO catalog_artists (provider, artist, catalog_id, outcome, first_checked_at, checked_at)
                VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (provider, artist) DO UPDATE SET catalog_id = excluded.catalog_id, outcome = excluded.outcome,
                    checked_at = excluded.checked_at
                """)
            let writer = try StageWriter(connection: connection)
            // Every answered artist's releases end on the stage, then go to memory in one statement.
            var answered: [(artist: String, releases: [Release], coverage: ListingCoverage)] = []
            var believed: Set<String> = []
            for result in results {
                let artist = ArtistName.normalize(result.artist)
                let releases: [Release]
                switch result.outcome {
                case .fetched(let fetched): releases = fetched
                case .notFound: releases = []
                case .failed, .skipped: continue
                }
                try upsertArtist.reset()
                try upsertArtist.bind([provider, artist, result.catalogID, result.outcome.isNotFound ? "notFound" : "fetched", now, now])
                while try upsertArtist.step() {}
                if result.coverage.isWhole {
                    try connection.execute(
                        "UPDATE catalog_artists SET full_listing_at = ? WHERE provider = ? AND artist = ?",
                        [now, provider, artist])
                }
                if believed.contains(artist) {
                    // Two library spellings of one artist: both answers are its listing, as row by row.
                    try writer.add(artist: artist, releases: releases, provider: provider)
                } else if staged.releases[artist] != releases {
                    try writer.replace(artist: artist, releases: releases, provider: provider)
                }
                believed.insert(artist)
                answered.append((artist, releases, result.coverage))
            }
            // What is on the stage for an answer the run did not believe (re-asked, or failed after
            // all; or left by a run that ended early on this connection) is not memory.
            for artist in try writer.stagedArtists(provider: provider) where !believed.contains(artist) {
                try writer.replace(artist: artist, releases: [], provider: provider)
            }
            update.discovered = try Self.commitStage(provider: provider, at: now, in: connection)
            let remembered = try connection.prepare(
                """
                SELECT \(Self.releaseColumns) FROM catalog_releases
                WHERE provider = ? AND artist = ? AND withdrawn_at IS NULL AND last_seen_at < ?
                """)
            for (artist, releases, coverage) in answered {
                update.withdrawn += try withdraw(
                    artist: artist, provider: provider, keeping: Set(releases.map(\.id)), covered: coverage, at: now,
                    listed: remembered, in: connection)
            }
            return update
        }
    }

    /// Moves the provider's staged rows into memory; a release seen before keeps when it was first
    /// seen and comes back if it was withdrawn.
    /// - Returns: the staged releases first seen after their artist's first check, and when.
    private static func commitStage(provider: String, at now: Double, in connection: Connection) throws -> [String: Date] {
        try connection.execute(
            """
            INSERT INTO catalog_releases (\(stagedColumns), first_seen_at, last_seen_at)
            SELECT \(stagedColumns), ?1, ?1 FROM temp.staged_releases WHERE provider = ?2
            ON CONFLICT (provider, artist, release_id) DO UPDATE SET album_key = excluded.album_key,
                title = excluded.title, credited_artist = excluded.credited_artist, type = excluded.type,
                release_date = excluded.release_date, artwork_url = excluded.artwork_url, url = excluded.url,
                explicit = excluded.explicit, track_count = excluded.track_count,
                secondary_types = excluded.secondary_types, barcode = excluded.barcode, links = excluded.links,
                genre = excluded.genre, genres = excluded.genres, label = excluded.label,
                last_seen_at = excluded.last_seen_at, withdrawn_at = NULL
            """, [now, provider])
        // Only an artist checked before this run can have news: in this order a cold sweep's join is empty.
        var discovered: [String: Date] = [:]
        let rows = try connection.query(
            """
            SELECT r.release_id, r.first_seen_at FROM catalog_artists a
            CROSS JOIN temp.staged_releases s ON s.provider = a.provider AND s.artist = a.artist
            CROSS JOIN catalog_releases r ON r.provider = s.provider AND r.artist = s.artist AND r.release_id = s.release_id
            WHERE a.provider = ?1 AND a.first_checked_at < ?2 AND r.first_seen_at > a.first_checked_at
            """, [provider, now]
        ) { (try $0.get(0, as: String.self), try $0.get(1, as: Double.self)) }
        for (id, firstSeen) in rows { discovered[id] = Date(timeIntervalSince1970: firstSeen) }
        try connection.execute("DELETE FROM temp.staged_releases WHERE provider = ?", [provider])
        return discovered
    }

    /// Brings back every time an earlier run stamped after `now` (a clock that ran ahead, then was
    /// corrected) to just before `now`: those answers came before this run, that much is certain.
    /// Left alone, an artist first checked "in the future" would hide every release the catalog adds
    /// until real time catches up (discovery compares first seen with first checked), and a release
    /// last seen "in the future" could never be withdrawn. The one order discovery needs survives:
    /// a release first seen after its artist's first check still is, one second after it.
    /// Each source brings back its own rows: the others' are its business when it writes.
    private static func clampFuture(before now: Double, provider: String, in connection: Connection) throws {
        let justBefore = now - 1
        let firstCheck = now - 2
        // The three release times in one statement: each UPDATE walks the whole table (250,000
        // rows in BENCHMARKS.md §4), and a run almost never finds anything to bring back.
        try connection.execute(
            """
            UPDATE catalog_releases SET
                first_seen_at = CASE WHEN first_seen_at > ?1 THEN CASE
                    WHEN first_seen_at > COALESCE((SELECT first_checked_at FROM catalog_artists a
                        WHERE a.provider = catalog_releases.provider AND a.artist = catalog_releases.artist), 0)
                    THEN ?1 ELSE ?2 END ELSE first_seen_at END,
                last_seen_at = CASE WHEN last_seen_at > ?1 THEN ?1 ELSE last_seen_at END,
                withdrawn_at = CASE WHEN withdrawn_at > ?1 THEN ?1 ELSE withdrawn_at END
            WHERE provider = ?3 AND (first_seen_at > ?1 OR last_seen_at > ?1 OR withdrawn_at > ?1)
            """, [justBefore, firstCheck, provider])
        try connection.execute(
            "UPDATE catalog_artists SET first_checked_at = ? WHERE provider = ? AND first_checked_at > ?",
            [firstCheck, provider, justBefore])
        try connection.execute(
            "UPDATE catalog_artists SET checked_at = ? WHERE provider = ? AND checked_at > ?", [justBefore, provider, justBefore])
    }

    /// Marks the artist's remembered releases that the catalog no longer lists, inside the range the
    /// answer covers: a release older than a cut listing reaches is not missing, only unseen.
    /// - Parameter listed: the artist's remembered releases not seen in this run, prepared once per write.
    private func withdraw(
        artist: String, provider: String, keeping current: Set<String>, covered: ListingCoverage, at now: Double,
        listed: Statement, in connection: Connection
    ) throws -> [Release] {
        try listed.reset()
        try listed.bind([provider, artist, now])
        var vanished: [Release] = []
        while try listed.step() {
            let release = try Self.release(listed)
            if !current.contains(release.id) && covered.covers(release.releaseDate) { vanished.append(release) }
        }
        for release in vanished {
            try connection.execute(
                "UPDATE catalog_releases SET withdrawn_at = ? WHERE provider = ? AND artist = ? AND release_id = ?",
                [now, provider, artist, release.id])
        }
        return vanished
    }

    /// True before any sweep of this provider answered: nothing can count as discovered yet.
    func isEmpty(provider: String) throws -> Bool {
        try database.withConnection { connection in
            try connection.query("SELECT 1 FROM catalog_artists WHERE provider = ? LIMIT 1", [provider]) { _ in true }.isEmpty
        }
    }

    /// An artist's last definite answer, and when it was given.
    package struct Remembered: Sendable, Hashable {
        /// Rebuilt as a sweep result (`source` `.memory`): `.fetched` with the releases still listed, or `.notFound`.
        package var result: ArtistResult
        package var checkedAt: Date
    }

    /// Each artist's last definite answer, by library name; artists never answered are absent.
    /// - Parameter links: `.omitted` leaves every release's artwork and catalog URLs nil: what a run
    ///   reads back for the diff, which needs neither; `links(provider:of:)` fills in those it keeps.
    ///   Barcodes and `Release.links` are read either way: they are merge evidence, not display links.
    package func lastAnswers(provider: String, artists: [String], links: LinkReading = .included) throws -> [String: Remembered] {
        // Two statements prepared once and reused per artist: preparing them anew for each of
        // thousands of artists cost more than reading their rows.
        let columns = links == .included ? Self.releaseColumns : Self.releaseColumnsWithoutLinks
        return try database.withConnection { connection in
            let answer = try connection.prepare(
                "SELECT catalog_id, outcome, checked_at FROM catalog_artists WHERE provider = ? AND artist = ?")
            let listing = try connection.prepare(
                """
                SELECT \(columns) FROM catalog_releases
                WHERE provider = ? AND artist = ? AND withdrawn_at IS NULL ORDER BY release_id
                """)
            var remembered: [String: Remembered] = [:]
            var scratch = ReleaseScratch()
            for artist in artists {
                let key = ArtistName.normalize(artist)
                try answer.reset()
                try answer.bind([provider, key])
                guard try answer.step() else { continue }
                let catalogID = try answer.value(at: 0, as: String?.self)
                let outcome = try answer.value(at: 1, as: String.self)
                let checked = Date(timeIntervalSince1970: try answer.value(at: 2, as: Double.self))
                while try answer.step() {}
                if outcome == "notFound" {
                    remembered[artist] = Remembered(
                        result: ArtistResult(
                            artist: artist, catalogID: catalogID, outcome: .notFound,
                            source: .memory), checkedAt: checked)
                    continue
                }
                try listing.reset()
                try listing.bind([provider, key])
                while try listing.step() { scratch.append(try Self.release(listing)) }
                // Grown by doubling, a list has room for up to twice its releases: kept exactly
                // sized, 250,000 remembered releases hold 14 MB less (BENCHMARKS.md §4). Moved out of
                // one reused buffer, not copied: a copy retained every string of every release.
                let releases = scratch.takeAll()
                remembered[artist] = Remembered(
                    result: ArtistResult(
                        artist: artist, catalogID: catalogID, outcome: .fetched(releases),
                        source: .memory), checkedAt: checked)
            }
            return remembered
        }
    }

    /// Definite answers checked since `date`, rebuilt as sweep results: what a repair run reuses.
    func results(
        provider: String, artists: [String], checkedSince date: Date, links: LinkReading = .included
    ) throws
        -> [String: ArtistResult]
    {
        try lastAnswers(provider: provider, artists: artists, links: links).filter { $0.value.checkedAt >= date }.mapValues(\.result)
    }

    private static let releaseColumns =
        "release_id, title, credited_artist, type, release_date, artwork_url, url, explicit, track_count, secondary_types, barcode, links, genre, genres, label"

    /// The same columns with the artwork and catalog URLs left NULL, so one decoder reads both.
    private static let releaseColumnsWithoutLinks =
        "release_id, title, credited_artist, type, release_date, NULL, NULL, explicit, track_count, secondary_types, barcode, links, genre, genres, label"

    private static func release(_ row: some ReleaseColumns) throws -> Release {
        // The type, the secondary types and the links read as text first: their generic conversions
        // (across the module boundary, for every one of 250,000 rows) cost more than the reading.
        // Anything else, an error included, goes the general way.
        let type = row.text(3).flatMap(RecordingType.init(rawValue:))
        let noSecondaryTypes = row.text(9)?.isEmpty == true
        let noLinks = row.text(11)?.isEmpty == true
        var release = Release(
            id: try row.column(0), title: try row.column(1), artist: try row.column(2), type: try type ?? row.column(3),
            releaseDate: try row.optionalColumn(4), artworkURL: try row.optionalColumn(5), url: try row.optionalColumn(6),
            isExplicit: try row.column(7, as: Int.self) != 0, trackCount: try row.optionalColumn(8),
            secondaryTypes: noSecondaryTypes ? [] : try row.column(9), genre: try row.optionalColumn(12),
            barcode: try row.optionalColumn(10), links: noLinks ? [] : StoredReleaseLinks.links(try row.column(11)))
        release.genres = StoredGenres.genres(try row.optionalColumn(13))
        release.label = try row.optionalColumn(14)
        return release
    }
}

/// A query's current row, mapped (`Row`) or read off a reused statement: one release decoder serves both.
private protocol ReleaseColumns {
    func column<T: DatabaseValueConvertible>(_ index: Int, as type: T.Type) throws -> T
    /// A column that may be NULL: `column(_:as: T?.self)`, without `Optional`'s generic conformance.
    func optionalColumn<T: DatabaseValueConvertible>(_ index: Int, as type: T.Type) throws -> T?
    /// The column's text, or nil when it holds anything else.
    func text(_ index: Int) -> String?
}

extension ReleaseColumns {
    func column<T: DatabaseValueConvertible>(_ index: Int) throws -> T {
        try column(index, as: T.self)
    }

    func optionalColumn<T: DatabaseValueConvertible>(_ index: Int) throws -> T? {
        try optionalColumn(index, as: T.self)
    }
}

extension Row: ReleaseColumns {
    func column<T: DatabaseValueConvertible>(_ index: Int, as type: T.Type) throws -> T {
        try get(index, as: type)
    }

    func optionalColumn<T: DatabaseValueConvertible>(_ index: Int, as type: T.Type) throws -> T? {
        try get(index, as: T?.self)
    }

    func text(_ index: Int) -> String? {
        // Only a shortcut: a value that is not text reads as nil here and then goes the general,
        // throwing way (`release(_:)`), so no error is lost.
        try? get(index, as: String.self)
    }
}

extension Statement: ReleaseColumns {
    /// Converted here, where `T` is known: through `value(at:as:)` across the module boundary, every
    /// value of 250,000 releases looked up its type's metadata (BENCHMARKS.md §4).
    func column<T: DatabaseValueConvertible>(_ index: Int, as type: T.Type) throws -> T {
        let value = value(at: index)
        guard let converted = T(databaseValue: value) else { throw mismatch(at: index, value, as: T.self) }
        return converted
    }

    /// `Optional`'s conversion lives in DeepCutSQLite, generic: done here, NULL first, as it does.
    func optionalColumn<T: DatabaseValueConvertible>(_ index: Int, as type: T.Type) throws -> T? {
        let value = value(at: index)
        if case .null = value { return nil }
        guard let converted = T(databaseValue: value) else { throw mismatch(at: index, value, as: T?.self) }
        return converted
    }

    func text(_ index: Int) -> String? {
        if case .text(let text) = value(at: index) { return text }
        return nil
    }
}

extension CatalogMemory {
    /// The ids of every release remembered for these artists: what an unchecked artist's feed
    /// entries may be, so a change set never calls them removed.
    package func releaseIDs(provider: String, artists: [String]) throws -> Set<String> {
        try database.withConnection { connection in
            var ids: Set<String> = []
            for artist in artists {
                ids.formUnion(
                    try connection.query(
                        "SELECT release_id FROM catalog_releases WHERE provider = ? AND artist = ?",
                        [provider, ArtistName.normalize(artist)]
                    ) { try $0.get(0, as: String.self) })
            }
            return ids
        }
    }
}

extension CatalogMemory {
    /// Artists (by `ArtistName.normalize`d name) whose catalog suddenly listed nothing in an
    /// earlier run: the next empty answer confirms it.
    package func suspects(provider: String) throws -> Set<String> {
        try database.withConnection { connection in
            Set(
                try connection.query("SELECT artist FROM suspect_artists WHERE provider = ?", [provider]) {
                    try $0.get(0, as: String.self)
                })
        }
    }

    /// Marks `marked` as suspect and clears the marks of `cleared` (library names).
    package func updateSuspects(provider: String, marked: [String], cleared: [String], at date: Date) throws {
        try database.transaction { connection in
            for artist in cleared {
                try connection.execute(
                    "DELETE FROM suspect_artists WHERE provider = ? AND artist = ?",
                    [provider, ArtistName.normalize(artist)])
            }
            for artist in marked {
                try connection.execute(
                    "INSERT OR IGNORE INTO suspect_artists (provider, artist, marked_at) VALUES (?, ?, ?)",
                    [provider, ArtistName.normalize(artist), date.timeIntervalSince1970])
            }
        }
    }
}

extension CatalogMemory {
    /// What a warm sweep plans with, per artist with releases remembered: its catalog id, when its
    /// listing was last read whole (complete, or as much as the catalog ever lists; nil: never),
    /// how many releases are remembered for it, and the newest of them (latest date, then highest
    /// id), which a newest-first answer must hold. By library name.
    package struct Listed: Sendable {
        package var catalogID: String
        package var readWholeAt: Date?
        package var releases: Int
        package var newestReleaseID: String?
    }

    package func listed(provider: String, artists: [String]) throws -> [String: Listed] {
        try database.withConnection { connection in
            // Prepared once and reused per artist: preparing it anew for each of 5,000 artists was
            // a third of this read (BENCHMARKS.md §4).
            let select = try connection.prepare(
                """
                SELECT catalog_id, full_listing_at, (SELECT COUNT(*) FROM catalog_releases r WHERE r.provider = a.provider
                    AND r.artist = a.artist AND r.withdrawn_at IS NULL),
                    (SELECT release_id FROM catalog_releases r WHERE r.provider = a.provider AND r.artist = a.artist
                        AND r.withdrawn_at IS NULL AND r.release_date IS NOT NULL
                        ORDER BY r.release_date DESC, r.release_id DESC LIMIT 1)
                FROM catalog_artists a WHERE provider = ? AND artist = ? AND outcome = 'fetched' AND catalog_id IS NOT NULL
                """)
            var listed: [String: Listed] = [:]
            for artist in artists {
                try select.reset()
                try select.bind([provider, ArtistName.normalize(artist)])
                guard try select.step() else { continue }
                listed[artist] = Listed(
                    catalogID: try select.value(at: 0, as: String.self),
                    readWholeAt: try select.value(at: 1, as: Double?.self).map { Date(timeIntervalSince1970: $0) },
                    releases: try select.value(at: 2, as: Int.self), newestReleaseID: try select.value(at: 3, as: String?.self))
                while try select.step() {}
            }
            return listed
        }
    }
}

extension CatalogMemory {
    /// The artists with the most releases remembered, most first, as (library name, catalog id):
    /// what `deepcut probe` asks about, so cut listings and sort orders have something to show.
    package func mostListed(provider: String, limit: Int) throws -> [(artist: String, catalogID: String)] {
        try database.withConnection { connection in
            try connection.query(
                """
                SELECT a.artist, a.catalog_id FROM catalog_artists a
                WHERE a.provider = ? AND a.outcome = 'fetched' AND a.catalog_id IS NOT NULL
                ORDER BY (SELECT COUNT(*) FROM catalog_releases r WHERE r.provider = a.provider AND r.artist = a.artist
                    AND r.withdrawn_at IS NULL) DESC, a.artist
                LIMIT ?
                """, [provider, limit]
            ) { row in (try row.get(0, as: String.self), try row.get(1, as: String.self)) }
        }
    }
}

/// What remembering one sweep changed.
package struct MemoryUpdate: Sendable {
    /// Releases that appeared in an artist's catalog after its first check, and when they were
    /// first seen. Everything in an artist's first answer is history, not news: a new install
    /// (or a newly added artist) is not flooded.
    package var discovered: [String: Date] = [:]
    /// Releases an artist's catalog listed before and no longer lists.
    package var withdrawn: [Release] = []

    package init(discovered: [String: Date] = [:], withdrawn: [Release] = []) {
        self.discovered = discovered
        self.withdrawn = withdrawn
    }
}
