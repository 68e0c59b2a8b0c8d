import CSQLite
import DeepCutCore
import DeepCutSQLite
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// deepcut's own database: dismissals and run history, migrated to the latest schema on open.
///
/// An actor on a thread of its own (`SerialThreadExecutor`): every SQLite call, and the wait
/// for another process's write lock (WAL, busy timeout) that any of them may meet, runs there and
/// never holds a thread of Swift's cooperative pool. Several stores (or processes) may open the
/// same file; their writes wait for each other instead of failing.
///
/// - `try await StateStore(url:)` opens it, on the store's thread.
/// - `try await store.perform { store in … }` runs a closure isolated to the store: the
///   repositories (`dismissals`, `runs`, `memory`, `mutes`, …) are plain synchronous types,
///   not Sendable, reachable only there. Group the calls one step needs in one `perform`:
///   one hop, and no other caller's work between them. The closure is `@Sendable`: it captures
///   values (copy a `var` into a `let` or a capture list first).
/// - `installID()` and `integrityCheck()` are the store's own methods: `try await store.installID()`.
/// - A function taking `store: isolated StateStore` runs on the store's thread too (awaited by its
///   callers), for work that reads and writes the store in several places.
package actor StateStore {
    let executor: SerialThreadExecutor
    package let dismissals: DismissalRepository
    package let runs: RunHistoryRepository
    package let owned: OwnedAlbumRepository
    package let memory: CatalogMemory
    package let appearances: FeedAppearances
    package let trackLists: TrackListRepository
    package let deliveries: DeliveryLedger
    package let news: NewsHistory
    let database: Database

    package nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    /// Opens the state database, creating it and its folder when missing; all of it on the store's thread.
    /// - Throws: `DatabaseError` (exit 74) when the folder cannot be created, the file, its `-wal` or
    ///   `-shm`, or the folder is not writable (checked before SQLite creates anything), the file is not
    ///   a sound SQLite database (checked before any write), or its schema is newer than this deepcut.
    ///
    /// - Parameter catalog: a household's own state database, for a profile's store: the catalog's
    ///   tables (`catalogTables`) are read and written there, everything else in `url`. It is
    ///   opened (and migrated) first, so a profile never attaches an older schema.
    package init(url: URL, catalog: URL? = nil) async throws {
        let executor = SerialThreadExecutor()
        let database = try await executor.run {
            let database = try Self.openDatabase(url)
            if let catalog {
                _ = try Self.openDatabase(catalog)
                try database.withConnection { try $0.attach(catalog.path, Self.catalogTables) }
            }
            return database
        }
        self.executor = executor
        self.database = database
        dismissals = DismissalRepository(database: database)
        runs = RunHistoryRepository(database: database)
        owned = OwnedAlbumRepository(database: database)
        memory = CatalogMemory(database: database)
        appearances = FeedAppearances(database: database)
        trackLists = TrackListRepository(database: database)
        deliveries = DeliveryLedger(database: database)
        news = NewsHistory(database: database)
    }

    /// Runs `work` isolated to the store, on its thread: `try await store.perform { try $0.runs.last() }`.
    @discardableResult
    package func perform<T: Sendable>(_ work: @Sendable (isolated StateStore) throws -> T) rethrows -> T {
        try work(self)
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

extension StateStore {
    /// What one sweep learns of the catalog, shared by every profile of a household: the memory of
    /// each artist's answers, identities, learned traits and pace, track lists, and who went unanswered.
    static let catalogTables = AttachedTables(
        schema: "catalog",
        tables: [
            "artist_resolutions", "catalog_artists", "catalog_learning", "catalog_releases", "suspect_artists", "track_lists",
            "unanswered_artists"
        ])

    /// The folder, the writability checks, the file, quick_check and the migrations, in that order.
    private static func openDatabase(_ url: URL) throws -> Database {
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw DatabaseError(
                resultCode: SQLITE_CANTOPEN,
                detail: "cannot create folder \(folder.path) (\(error.fileSystemReason))", path: url.path)
        }
        try refuseUnwritable(url)
        try createPrivately(url)
        let database = try Database(path: url.path)
        try refuseDamage(database)
        try migrator.migrate(database)
        return database
    }
}

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
        throw DatabaseError(
            resultCode: SQLITE_CORRUPT, detail: "database is corrupt (\(lines.first ?? "quick_check failed"))",
            path: database.path)
    }
}

extension StateStore {
    /// The files SQLite keeps beside a WAL database while it is open.
    static let sidecarSuffixes = ["-wal", "-shm"]

    /// Refuses, before SQLite touches anything, a state database this user could not write.
    ///
    /// Left to itself SQLite opens an unwritable database read-only without a word, creates `-wal`
    /// and `-shm` beside it with the database's mode (a 0444 database leaves 0444 sidecars, which
    /// outlive a later `chmod` of the database and keep every run failing), and only fails at the
    /// first write, naming the database. So each file is checked here and the one at fault named,
    /// with its mode and owner; nothing is created or changed.
    /// - Throws: `DatabaseError` (`SQLITE_READONLY` or `SQLITE_CANTOPEN`, exit 74).
    static func refuseUnwritable(_ url: URL) throws {
        let database = url.path
        let sidecars = sidecarSuffixes.map { database + $0 }
        let manager = FileManager.default
        if let problem = writeProblem(database) {
            throw DatabaseError(
                resultCode: SQLITE_READONLY,
                detail: "\(problem.reason); deepcut must write its state database: "
                    + "\(problem.remedy). Nothing was opened or changed", path: database)
        }
        for sidecar in sidecars where manager.fileExists(atPath: sidecar) {
            if let problem = writeProblem(sidecar) {
                let name = url.lastPathComponent
                throw DatabaseError(
                    resultCode: SQLITE_READONLY,
                    detail: "\(problem.reason), although \(name) is writable; SQLite "
                        + "keeps this file beside \(name) and cannot use the database until it is writable too: "
                        + problem.remedy, path: sidecar)
            }
        }
        // SQLite creates the database, its journal and its sidecars in the folder; ones that already
        // exist and are writable need nothing more from it.
        let folder = url.deletingLastPathComponent().path
        if !([database] + sidecars).allSatisfy(manager.fileExists(atPath:)), let problem = writeProblem(folder) {
            throw DatabaseError(
                resultCode: SQLITE_CANTOPEN,
                detail: "\(problem.reason); SQLite creates \(url.lastPathComponent) and "
                    + "its -wal and -shm files in this folder: \(problem.remedy)", path: folder)
        }
    }

    /// Creates a missing state database, empty, with mode 0600 before SQLite opens it: it holds the
    /// user's dismissals and history, and SQLite gives the `-wal` and `-shm` it creates later the
    /// database's mode, so all three stay private (SQLite alone makes them 0644). An existing file
    /// keeps its mode: deepcut never changes modes.
    /// - Throws: `DatabaseError` (`SQLITE_CANTOPEN`, exit 74) when the file cannot be created.
    static func createPrivately(_ url: URL) throws {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            close(descriptor)
            return
        }
        let cause = errno
        guard cause != EEXIST else { return }
        throw DatabaseError(resultCode: SQLITE_CANTOPEN, detail: "cannot create it (\(String(cString: strerror(cause))))", path: url.path)
    }

    /// Why this process cannot write `path` ("not writable by uid 65534 (mode 0444, owner uid 65534)")
    /// and what the operator can do, or nil when it can or the file does not exist. `access` with the
    /// effective ids, so root (which ignores modes) and ACLs are judged as the kernel will judge the open.
    private static func writeProblem(_ path: String) -> (reason: String, remedy: String)? {
        guard faccessat(AT_FDCWD, path, W_OK, AT_EACCESS) != 0 else { return nil }
        let cause = errno
        guard cause != ENOENT else { return nil }
        if cause == EROFS { return ("on a read-only file system", "remount it read-write or point stateDatabase elsewhere") }
        var status = stat()
        guard stat(path, &status) == 0 else {
            return ("not writable (\(String(cString: strerror(cause))))", "make it writable for uid \(geteuid())")
        }
        let octal = String(status.st_mode & 0o7777, radix: 8)
        let mode = String(repeating: "0", count: max(0, 4 - octal.count)) + octal
        let reason = "not writable by uid \(geteuid()) (mode \(mode), owner uid \(status.st_uid))"
        // The owner can chmod; anyone else needs the owner (or root).
        guard status.st_uid == geteuid() else {
            return (reason, "run deepcut as uid \(status.st_uid), or give uid \(geteuid()) write access (chown)")
        }
        return (reason, "make it writable (chmod u+w \(path))")
    }
}
