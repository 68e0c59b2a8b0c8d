import CSQLite

/// One open SQLite connection. Not Sendable: `Database` owns it and lends it out one call at a time.
///
/// Opening never creates, deletes or rewrites anything but a missing read-write database:
/// a file that is not a database, or a corrupt one, is reported and left byte-for-byte as found.
package final class Connection {
    let path: String
    let handle: OpaquePointer
    /// Set by `attach`: the tables statements read from the attached database.
    private(set) var attached: AttachedTables?

    /// How long a statement waits for another connection's lock before failing with SQLITE_BUSY.
    static let busyTimeoutMilliseconds: Int32 = 5000

    init(path: String, access: Database.Access) throws {
        var opened: OpaquePointer?
        let flags =
            switch access {
            case .readWrite: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
            case .readOnly: SQLITE_OPEN_READONLY
            }
        // Its owner serialises every use (`Database` is not Sendable), so SQLite's own mutex is redundant.
        let code = sqlite3_open_v2(path, &opened, flags | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let opened else {
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_close_v2(opened)
            throw DatabaseError(resultCode: code, sqliteMessage: message, sql: nil, path: path)
        }
        // SQLite quietly falls back to read-only when it cannot write the file; reading would then
        // create read-only -wal/-shm files that outlive a fix of the file's mode. Checked before the first read.
        if access == .readWrite, sqlite3_db_readonly(opened, "main") == 1 {
            sqlite3_close_v2(opened)
            throw DatabaseError(resultCode: SQLITE_READONLY, detail: "opened read-only, but deepcut must write it", path: path)
        }
        self.path = path
        self.handle = opened
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, Self.busyTimeoutMilliseconds)
        // SQLite opens lazily; reading the schema now turns a bad file into an error at open time.
        _ = try query("SELECT count(*) FROM sqlite_master") { try $0.get(0, as: Int.self) }
        if access == .readWrite {
            // WAL lets readers proceed while a sweep writes; it only matters to writers.
            _ = try query("PRAGMA journal_mode=WAL") { try $0.get(0, as: String.self) }
        }
        try execute("PRAGMA foreign_keys=ON")
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    // MARK: Statements

    package func prepare(_ sql: String) throws -> Statement {
        try Statement(sql: attached?.qualify(sql) ?? sql, connection: self)
    }

    /// Attaches the database at `path` as `tables.schema`; from now on every statement names
    /// `tables.tables` in it (`AttachedTables`). Both files then commit each transaction together.
    package func attach(_ path: String, _ tables: AttachedTables) throws {
        try execute("ATTACH DATABASE ? AS \(tables.schema)", [path])
        attached = tables
    }

    /// Runs one statement to completion.
    /// - Returns: the rows it inserted, updated or deleted (0 for other statements).
    @discardableResult
    package func execute(_ sql: String, _ arguments: [any DatabaseValueConvertible] = []) throws -> Int {
        let statement = try prepare(sql)
        try statement.bind(arguments)
        let before = sqlite3_total_changes64(handle)
        while try statement.step() {}
        return Int(sqlite3_total_changes64(handle) - before)
    }

    /// Runs several `;`-separated statements without arguments, as migrations do.
    package func executeScript(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, attached?.qualify(sql) ?? sql, nil, nil, &message)
        guard code == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_free(message)
            throw DatabaseError(resultCode: sqlite3_extended_errcode(handle), sqliteMessage: text, sql: sql, path: path)
        }
    }

    /// Runs a query and maps each row; the `Row` is only valid inside `map`.
    package func query<T>(
        _ sql: String, _ arguments: [any DatabaseValueConvertible] = [],
        _ map: (Row) throws -> T
    ) throws -> [T] {
        let statement = try prepare(sql)
        try statement.bind(arguments)
        var results: [T] = []
        while try statement.step() {
            results.append(try map(Row(statement)))
        }
        return results
    }

    // MARK: Transactions

    /// Runs `body` in a transaction, committing when it returns and rolling back when it throws.
    ///
    /// `BEGIN IMMEDIATE` takes the write lock up front, so a concurrent writer waits on the busy
    /// timeout here instead of failing later when a read transaction tries to upgrade.
    @discardableResult
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            // SQLite may already have rolled back (e.g. on SQLITE_FULL); then there is nothing to undo.
            // A failing ROLLBACK is not reported: the caller needs the error that caused it.
            if sqlite3_get_autocommit(handle) == 0 {
                sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
            }
            throw error
        }
    }

    // MARK: Maintenance

    /// The schema version migrations record in the database header.
    var userVersion: Int {
        get throws { try query("PRAGMA user_version") { try $0.get(0, as: Int.self) }.first ?? 0 }
    }

    func setUserVersion(_ version: Int) throws {
        try execute("PRAGMA user_version = \(version)")
    }

    /// `PRAGMA integrity_check`: `["ok"]` for a sound file, otherwise one line per problem found.
    package func integrityCheck() throws -> [String] {
        try query("PRAGMA integrity_check") { try $0.get(0, as: String.self) }
    }

    /// The error SQLite just reported on this connection, for the statement that caused it.
    func lastError(_ code: Int32, sql: String?) -> DatabaseError {
        let extended = sqlite3_extended_errcode(handle)
        let resultCode = extended & 0xFF == code & 0xFF ? extended : code
        return DatabaseError(
            resultCode: resultCode, sqliteMessage: String(cString: sqlite3_errmsg(handle)),
            sql: sql, path: path)
    }
}
