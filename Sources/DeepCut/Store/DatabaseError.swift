import CSQLite

/// A failure of the state database or another SQLite file: exit 74, one line naming the file.
///
/// Corruption is reported, never repaired: the operator decides what to do with the file.
public struct DatabaseError: DeepCutError {
    /// The SQLite (extended) result code, e.g. `SQLITE_NOTADB` (26) or `SQLITE_CONSTRAINT_UNIQUE` (2067).
    public let resultCode: Int32
    /// What went wrong, without the file name.
    public let detail: String
    /// The statement that failed, when one did.
    public let sql: String?
    /// The database file.
    public let path: String

    public var exitCode: ExitCode { .ioError }

    public var message: String {
        guard let sql else { return "\(path): \(detail)" }
        return "\(path): \(detail) in \"\(Self.oneLine(sql))\""
    }

    /// The primary result code, so `SQLITE_CORRUPT_INDEX` still reads as `SQLITE_CORRUPT`.
    public var primaryResultCode: Int32 { resultCode & 0xFF }

    init(resultCode: Int32, detail: String, sql: String? = nil, path: String) {
        self.resultCode = resultCode
        self.detail = detail
        self.sql = sql
        self.path = path
    }

    /// Builds the error SQLite reported, phrasing the codes an operator must recognise.
    init(resultCode: Int32, sqliteMessage: String, sql: String?, path: String) {
        switch resultCode & 0xFF {
        case SQLITE_NOTADB:
            self.init(resultCode: resultCode, detail: "not a SQLite database (\(sqliteMessage))", path: path)
        case SQLITE_CORRUPT:
            self.init(resultCode: resultCode, detail: "database is corrupt (\(sqliteMessage))", path: path)
        case SQLITE_CANTOPEN:
            self.init(resultCode: resultCode, detail: "cannot open (\(sqliteMessage))", path: path)
        case SQLITE_FULL:
            self.init(resultCode: resultCode, detail: "disk full (\(sqliteMessage))", path: path)
        default:
            self.init(resultCode: resultCode, detail: "\(sqliteMessage) (SQLite code \(resultCode))", sql: sql, path: path)
        }
    }

    /// The schema was written by a newer deepcut; migrating down would lose its data.
    static func schemaTooNew(found: Int, known: Int, path: String) -> DatabaseError {
        DatabaseError(resultCode: SQLITE_ERROR,
                      detail: "schema version \(found) is newer than this deepcut understands (\(known))", path: path)
    }

    /// Statements span lines in source; the message must stay one line and short.
    private static func oneLine(_ sql: String) -> String {
        let words = sql.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return words.count > 120 ? words.prefix(117) + "..." : words
    }
}
