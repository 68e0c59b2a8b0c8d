import DeepCutCore
import DeepCutSQLite
import Foundation

/// The history of runs, newest first, for `health` and trend questions.
package struct RunHistoryRepository {
    package let database: Database

    private static let columns = """
        run_id, started_at, finished_at, status, exit_code, duration_seconds,
        artists_total, artists_failed, entries, requests, library_artists
        """

    /// Records a run; recording the same run id again replaces it.
    package func record(_ run: RunHistoryEntry) throws {
        try database.withConnection { connection in
            try connection.execute(
                "INSERT OR REPLACE INTO runs (\(Self.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    run.runID, run.startedAt, run.finishedAt, run.status, run.exitCode, run.durationSeconds,
                    run.artistsTotal, run.artistsFailed, run.entries, run.requests, run.libraryArtists
                ])
        }
    }

    /// The `limit` most recent runs by start time, newest first.
    package func recent(limit: Int) throws -> [RunHistoryEntry] {
        precondition(limit > 0, "a run history query needs a positive limit")
        return try database.withConnection { connection in
            try connection.query(
                "SELECT \(Self.columns) FROM runs ORDER BY started_at DESC, run_id DESC LIMIT ?",
                [limit], Self.run)
        }
    }

    /// The run recorded last, whatever its clock said: a run stamped under a clock that ran ahead
    /// must not stay "the last run" until real time catches up with it.
    package func last() throws -> RunHistoryEntry? {
        try database.withConnection { connection in
            try connection.query("SELECT \(Self.columns) FROM runs ORDER BY rowid DESC LIMIT 1", [], Self.run).first
        }
    }

    /// Whether a run with this id was recorded: run ids are never reused.
    package func contains(runID: String) throws -> Bool {
        try database.withConnection { connection in
            try !connection.query("SELECT 1 FROM runs WHERE run_id = ?", [runID]) { _ in true }.isEmpty
        }
    }

    /// Artists (by `ArtistName.normalize`d name) left without a definite answer in some run since
    /// their last definite one: the "previously failed" a repair run asks first and never reuses.
    /// Kept here, not read from `health.json`, which is an output and says only the last run.
    package func unansweredArtists(provider: String) throws -> Set<String> {
        try database.withConnection { connection in
            Set(
                try connection.query("SELECT artist FROM unanswered_artists WHERE provider = ?", [provider]) {
                    try $0.get(0, as: String.self)
                })
        }
    }

    /// Records who a run left without an answer and who it answered.
    /// - Parameters:
    ///   - unanswered: library names without a definite answer in this run; kept until answered.
    ///   - answered: library names whose definite answer this run remembered; no longer owed.
    package func recordAnswers(provider: String, runID: String, unanswered: [String], answered: [String]) throws {
        try database.transaction { connection in
            for artist in answered {
                try connection.execute(
                    "DELETE FROM unanswered_artists WHERE provider = ? AND artist = ?",
                    [provider, ArtistName.normalize(artist)])
            }
            for artist in unanswered {
                try connection.execute(
                    "INSERT OR IGNORE INTO unanswered_artists (provider, artist, since_run) VALUES (?, ?, ?)",
                    [provider, ArtistName.normalize(artist), runID])
            }
        }
    }

    private static func run(_ row: Row) throws -> RunHistoryEntry {
        RunHistoryEntry(
            runID: try row.get(0), startedAt: try row.get(1), finishedAt: try row.get(2),
            status: try row.get(3), exitCode: try row.get(4), durationSeconds: try row.get(5),
            artistsTotal: try row.get(6), artistsFailed: try row.get(7), entries: try row.get(8),
            requests: try row.get(9), libraryArtists: try row.get(10))
    }
}

extension RunHistoryRepository {
    /// When the newest complete run finished: the metrics' last success, which a partial or
    /// failed run must not reset.
    package func lastCompleteFinish() throws -> Date? {
        try database.withConnection { connection in
            try connection.query("SELECT MAX(finished_at) FROM runs WHERE status = ?", [RunStatus.complete]) {
                try $0.get(0, as: Date?.self)
            }.first ?? nil
        }
    }

    /// How many library artists the newest complete run swept: the library guard's reference. Rows
    /// written before `library_artists` was kept fall back to the sweep's artist count, which was
    /// the library's.
    package func lastCompleteLibraryArtists() throws -> (runID: String, artists: Int)? {
        try database.withConnection { connection in
            try connection.query(
                """
                SELECT run_id, COALESCE(library_artists, artists_total) FROM runs WHERE status = ?
                ORDER BY started_at DESC, run_id DESC LIMIT 1
                """, [RunStatus.complete]
            ) { (try $0.get(0, as: String.self), try $0.get(1, as: Int.self)) }.first
        }
    }
}
