import CSQLite
import DeepCutCore
import DeepCutSQLite
import Foundation

/// deepcut's own database: dismissals and run history, migrated to the latest schema on open.
///
/// Safe to share across tasks; several stores (or processes) may open the same file, and
/// their writes wait for each other (WAL, busy timeout) instead of failing.
package final class StateStore: Sendable {
    package let dismissals: DismissalRepository
    package let runs: RunHistoryRepository
    package let owned: OwnedAlbumRepository
    package let memory: CatalogMemory
    package let appearances: FeedAppearances
    package let trackLists: TrackListRepository
    let database: Database

    /// Opens the state database, creating it and its folder when missing.
    /// - Throws: `DatabaseError` (exit 74) when the folder cannot be created, the file, its `-wal` or
    ///   `-shm`, or the folder is not writable (checked before SQLite creates anything), the file is not
    ///   a sound SQLite database (checked before any write), or its schema is newer than this deepcut.
    package init(url: URL) throws {
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw DatabaseError(resultCode: SQLITE_CANTOPEN,
                                detail: "cannot create folder \(folder.path) (\(error.fileSystemReason))", path: url.path)
        }
        try Self.refuseUnwritable(url)
        try Self.createPrivately(url)
        database = try Database(path: url.path)
        try Self.refuseDamage(database)
        try Self.migrator.migrate(database)
        dismissals = DismissalRepository(database: database)
        runs = RunHistoryRepository(database: database)
        owned = OwnedAlbumRepository(database: database)
        memory = CatalogMemory(database: database)
        appearances = FeedAppearances(database: database)
        trackLists = TrackListRepository(database: database)
    }

    /// This install's id in the feeds' entry ids (`FeedIdentity`), made once by migration 11;
    /// nil for an install that published feeds before ids carried one (it keeps the legacy ids).
    package func installID() throws -> String? {
        let id = try database.withConnection { connection in
            try connection.query("SELECT id FROM installation LIMIT 1") { try $0.get(0, as: String.self) }.first
        }
        return id?.isEmpty == false ? id : nil
    }

    /// `PRAGMA integrity_check`: `["ok"]` when the file is sound, otherwise one line per problem.
    package func integrityCheck() throws -> [String] {
        try database.withConnection { connection in try connection.integrityCheck() }
    }
}
