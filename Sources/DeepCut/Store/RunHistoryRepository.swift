/// The history of runs, newest first, for `health` and trend questions.
public struct RunHistoryRepository: Sendable {
    let database: Database

    private static let columns = """
        run_id, started_at, finished_at, status, exit_code, duration_seconds,
        artists_total, artists_failed, entries, requests, library_artists
        """

    /// Records a run; recording the same run id again replaces it.
    public func record(_ run: RunRecord) throws {
        try database.withConnection { connection in
            try connection.execute("INSERT OR REPLACE INTO runs (\(Self.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", [
                run.runID, run.startedAt, run.finishedAt, run.status, run.exitCode, run.durationSeconds,
                run.artistsTotal, run.artistsFailed, run.entries, run.requests, run.libraryArtists,
            ])
        }
    }

    /// The `limit` most recent runs by start time, newest first.
    public func recent(limit: Int) throws -> [RunRecord] {
        precondition(limit > 0, "a run history query needs a positive limit")
        return try database.withConnection { connection in
            try connection.query("SELECT \(Self.columns) FROM runs ORDER BY started_at DESC, run_id DESC LIMIT ?",
                                 [limit], Self.run)
        }
    }

    public func last() throws -> RunRecord? {
        try recent(limit: 1).first
    }

    private static func run(_ row: Row) throws -> RunRecord {
        RunRecord(runID: try row.get(0), startedAt: try row.get(1), finishedAt: try row.get(2),
                  status: try row.get(3), exitCode: try row.get(4), durationSeconds: try row.get(5),
                  artistsTotal: try row.get(6), artistsFailed: try row.get(7), entries: try row.get(8),
                  requests: try row.get(9), libraryArtists: try row.get(10))
    }
}
