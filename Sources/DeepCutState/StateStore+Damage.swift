import CSQLite
import DeepCutSQLite

extension StateStore {
    /// Refuses a damaged database before anything writes to it. SQLite reads around a broken page
    /// it is not asked about, so without this a migration or a run would go on writing into a
    /// corrupt file; `PRAGMA quick_check` walks every page (not the index cross-checks of
    /// `integrity_check`), which is cheap next to a sweep.
    /// - Throws: `DatabaseError` (`SQLITE_CORRUPT`, exit 74) naming the first problem, on one line.
    static func refuseDamage(_ database: Database) throws {
        let problems = try database.withConnection { connection in
            try connection.query("PRAGMA quick_check") { try $0.get(0, as: String.self) }
        }
        guard problems != ["ok"] else { return }
        let lines = problems.flatMap { $0.split(whereSeparator: \.isNewline) }.filter { !$0.hasPrefix("*** ") }
        throw DatabaseError(resultCode: SQLITE_CORRUPT, detail: "database is corrupt (\(lines.first ?? "quick_check failed"))",
                            path: database.path)
    }
}
