import Foundation

/// A SQLite database file, safe to share across tasks.
///
/// The connection is not Sendable, so it lives behind a lock and is only lent out inside
/// `withConnection`: statements and rows cannot escape the lock. Keep each call short; a
/// blocked thread here defeats task deadlines and cancellation.
package final class Database: Sendable {
    package enum Access: Sendable {
        /// Creates the file if missing; WAL journal.
        case readWrite
        /// For files deepcut must never change, such as a beets library.
        case readOnly
    }

    package let path: String
    private let lock = NSLock()
    /// Only touched while `lock` is held. (`Mutex` cannot lend its value to a caller's
    /// closure: its `inout sending` parameter would have to stay disconnected from it.)
    nonisolated(unsafe) private let connection: Connection

    package init(path: String, access: Access = .readWrite) throws {
        self.path = path
        connection = try Connection(path: path, access: access)
    }

    @discardableResult
    package func withConnection<T>(_ body: (Connection) throws -> T) throws -> T {
        try lock.withLock { try body(connection) }
    }

    /// `withConnection` inside one `BEGIN IMMEDIATE` transaction.
    @discardableResult
    package func transaction<T>(_ body: (Connection) throws -> T) throws -> T {
        try withConnection { connection in try connection.transaction { try body(connection) } }
    }
}
