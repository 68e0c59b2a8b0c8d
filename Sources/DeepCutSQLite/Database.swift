import Foundation

/// A SQLite database file and its one connection.
///
/// Not Sendable: one owner uses it, one call at a time, and never from a cooperative thread for
/// long. The state database's owner is `StateStore`, an actor on its own thread
/// (`SerialThreadExecutor`), which serialises every use; other owners keep theirs local to one
/// call. The connection is only lent out inside `withConnection`, so statements and rows cannot
/// outlive the call.
package final class Database {
    package enum Access: Sendable {
        /// Creates the file if missing; WAL journal.
        case readWrite
        /// For files deepcut must never change, such as a beets library.
        case readOnly
    }

    package let path: String
    private let connection: Connection

    package init(path: String, access: Access = .readWrite) throws {
        self.path = path
        connection = try Connection(path: path, access: access)
    }

    @discardableResult
    package func withConnection<T>(_ body: (Connection) throws -> T) throws -> T {
        try body(connection)
    }

    /// `withConnection` inside one `BEGIN IMMEDIATE` transaction.
    @discardableResult
    package func transaction<T>(_ body: (Connection) throws -> T) throws -> T {
        try withConnection { connection in try connection.transaction { try body(connection) } }
    }
}
