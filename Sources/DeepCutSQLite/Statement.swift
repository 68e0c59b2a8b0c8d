import CSQLite
import Foundation

/// A prepared statement: typed binding by 1-based parameter index, typed reads by 0-based column.
///
/// Not Sendable and only reachable inside `Database.withConnection`, so it never outlives
/// the lock that guards its connection. Finalized when released.
package final class Statement {
    let sql: String
    private let handle: OpaquePointer
    private let connection: Connection

    /// Compiles exactly one statement; trailing statements would otherwise be dropped silently.
    init(sql: String, connection: Connection) throws {
        var prepared: OpaquePointer?
        var trailing = ""
        let code = sql.withCString { text in
            var tail: UnsafePointer<CChar>?
            let code = sqlite3_prepare_v2(connection.handle, text, -1, &prepared, &tail)
            if let tail { trailing = String(cString: tail) }
            return code
        }
        guard code == SQLITE_OK else { throw connection.lastError(code, sql: sql) }
        guard let prepared else {
            throw DatabaseError(resultCode: SQLITE_MISUSE, detail: "no statement to run", sql: sql, path: connection.path)
        }
        self.sql = sql
        self.handle = prepared
        self.connection = connection
        guard trailing.allSatisfy({ $0.isWhitespace || $0 == ";" }) else {
            throw DatabaseError(
                resultCode: SQLITE_MISUSE, detail: "more than one statement; use executeScript",
                sql: sql, path: connection.path)
        }
    }

    deinit {
        sqlite3_finalize(handle)
    }

    // MARK: Binding

    /// Binds every parameter in order; a count mismatch is a programming error reported as such.
    package func bind(_ arguments: [any DatabaseValueConvertible]) throws {
        let expected = Int(sqlite3_bind_parameter_count(handle))
        guard arguments.count == expected else {
            throw DatabaseError(
                resultCode: SQLITE_RANGE,
                detail: "\(arguments.count) arguments for \(expected) parameters",
                sql: sql, path: connection.path)
        }
        for (offset, argument) in arguments.enumerated() {
            try bind(argument, at: offset + 1)
        }
    }

    /// Binds one parameter; `index` is 1-based as in SQLite.
    func bind(_ value: some DatabaseValueConvertible, at index: Int) throws {
        let position = Int32(index)
        let code: Int32
        switch value.databaseValue {
        case .null:
            code = sqlite3_bind_null(handle, position)
        case .integer(let integer):
            code = sqlite3_bind_int64(handle, position, Int64(integer))
        case .real(let real):
            code = sqlite3_bind_double(handle, position, real)
        case .text(var text):
            // Bound from the string's own UTF-8 bytes: passing the String itself made a C-string
            // copy of every bound text first (a fifth of a cold sweep's memory write).
            code = text.withUTF8 { bytes in
                // No bytes, no address: bound as '' (a nil pointer would store NULL).
                guard let base = bytes.baseAddress else { return sqlite3_bind_text(handle, position, "", 0, csqlite_transient()) }
                let characters = UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
                return sqlite3_bind_text(handle, position, characters, Int32(bytes.count), csqlite_transient())
            }
        case .blob(let data) where data.isEmpty:
            // An empty buffer has no base address, and binding a nil pointer would store NULL.
            code = sqlite3_bind_zeroblob(handle, position, 0)
        case .blob(let data):
            code = data.withUnsafeBytes { bytes in
                sqlite3_bind_blob(handle, position, bytes.baseAddress, Int32(bytes.count), csqlite_transient())
            }
        }
        guard code == SQLITE_OK else { throw connection.lastError(code, sql: sql) }
    }

    // MARK: Stepping

    /// Advances to the next row: `true` while a row is available, `false` when done.
    package func step() throws -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw connection.lastError(code, sql: sql)
        }
    }

    /// Makes the statement runnable again with new bindings: reuse beats re-preparing in bulk writes.
    package func reset() throws {
        let code = sqlite3_reset(handle)
        guard code == SQLITE_OK else { throw connection.lastError(code, sql: sql) }
        sqlite3_clear_bindings(handle)
    }

    // MARK: Columns

    func columnName(at index: Int) -> String {
        sqlite3_column_name(handle, Int32(index)).map { String(cString: $0) } ?? "column \(index)"
    }

    /// The current row's value in its storage class.
    package func value(at index: Int) -> DatabaseValue {
        let column = Int32(index)
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER:
            return .integer(Int(sqlite3_column_int64(handle, column)))
        case SQLITE_FLOAT:
            return .real(sqlite3_column_double(handle, column))
        case SQLITE_TEXT:
            let bytes = UnsafeRawBufferPointer(
                start: sqlite3_column_text(handle, column),
                count: Int(sqlite3_column_bytes(handle, column)))
            return .text(String(decoding: bytes, as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(handle, column))
            guard count > 0, let bytes = sqlite3_column_blob(handle, column) else { return .blob(Data()) }
            return .blob(Data(bytes: bytes, count: count))
        default:
            return .null
        }
    }

    /// The current row's value converted to `T`; a NULL or wrong type names the column.
    package func value<T: DatabaseValueConvertible>(at index: Int, as type: T.Type = T.self) throws -> T {
        let value = value(at: index)
        guard let converted = T(databaseValue: value) else { throw mismatch(at: index, value, as: T.self) }
        return converted
    }

    /// The error for a column whose `value` does not read as `type`: a NULL or a wrong storage class.
    package func mismatch(at index: Int, _ value: DatabaseValue, as type: Any.Type) -> DatabaseError {
        DatabaseError(
            resultCode: SQLITE_MISMATCH, detail: "column \(columnName(at: index)): cannot read \(value) as \(type)",
            sql: sql, path: connection.path)
    }
}

/// The current row of a query, handed to the closure that maps it.
///
/// A view on the statement, not a copy: valid only inside that closure.
package struct Row {
    private let statement: Statement

    init(_ statement: Statement) {
        self.statement = statement
    }

    /// The value of a 0-based column as `T`; use an Optional `T` for columns that may be NULL.
    package func get<T: DatabaseValueConvertible>(_ index: Int, as type: T.Type = T.self) throws -> T {
        try statement.value(at: index, as: type)
    }

}
