import CSQLite
import DeepCutCore

/// A failure of the state database or another SQLite file: exit 74, one line naming the file.
///
/// Corruption is reported, never repaired: the operator decides what to do with the file.
package struct DatabaseError: DeepCutError {
    /// The SQLite (extended) result code, e.g. `SQLITE_NOTADB` (26) or `SQLITE_CONSTRAINT_UNIQUE` (2067).
    package let resultCode: Int32
    /// What went wrong, without the file name.
    package let detail: String
    /// The statement that failed, when one did.
    package let sql: String?
    /// The database file.
    package let path: String

    package var exitCode: ExitCode { .ioError }

    /// `path: detail`, plus the statement when it helps: a damaged, locked or full file is
    /// about the file, whichever statement happened to notice.
    package var message: String {
        guard let sql, !Self.fileConditions.contains(primaryResultCode) else { return "\(path): \(detail)" }
        return "\(path): \(detail) in \"\(Self.oneLine(sql))\""
    }

    /// The primary result code, so `SQLITE_CORRUPT_INDEX` still reads as `SQLITE_CORRUPT`.
    package var primaryResultCode: Int32 { resultCode & 0xFF }

    package init(resultCode: Int32, detail: String, sql: String? = nil, path: String) {
        self.resultCode = resultCode
        self.detail = detail
        self.sql = sql
        self.path = path
    }

    /// Builds the error SQLite reported, phrasing the conditions an operator must recognise.
    init(resultCode: Int32, sqliteMessage: String, sql: String?, path: String) {
        let detail =
            switch resultCode & 0xFF {
            case SQLITE_NOTADB: "not a SQLite database (\(sqliteMessage))"
            case SQLITE_CORRUPT: "database is corrupt (\(sqliteMessage))"
            case SQLITE_CANTOPEN: "cannot open (\(sqliteMessage))"
            case SQLITE_FULL: "disk full (\(sqliteMessage))"
            case SQLITE_READONLY: "cannot write (\(sqliteMessage))"
            case SQLITE_BUSY:
                "locked by another process for over \(Connection.busyTimeoutMilliseconds / 1000) s (\(sqliteMessage))"
            default: "\(sqliteMessage) (SQLite code \(resultCode))"
            }
        self.init(resultCode: resultCode, detail: detail, sql: sql, path: path)
    }

    /// The schema was written by a newer deepcut; migrating down would lose its data.
    static func schemaTooNew(found: Int, known: Int, path: String) -> DatabaseError {
        DatabaseError(
            resultCode: SQLITE_ERROR,
            detail: "schema version \(found) is newer than this deepcut understands (\(known))", path: path)
    }

    private static let fileConditions: Set<Int32> = [
        SQLITE_NOTADB, SQLITE_CORRUPT, SQLITE_CANTOPEN, SQLITE_FULL, SQLITE_BUSY,
        SQLITE_READONLY
    ]

    /// Statements span lines in source; the message must stay one line and short.
    private static func oneLine(_ sql: String) -> String {
        let words = sql.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return words.count > 120 ? words.prefix(117) + "..." : words
    }
}
