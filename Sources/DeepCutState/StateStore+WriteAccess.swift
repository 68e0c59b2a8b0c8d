import CSQLite
import Foundation
import DeepCutSQLite
#if canImport(Glibc)
import Glibc
#endif

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
            throw DatabaseError(resultCode: SQLITE_READONLY, detail: "\(problem.reason); deepcut must write its state database: "
                                + "\(problem.remedy). Nothing was opened or changed", path: database)
        }
        for sidecar in sidecars where manager.fileExists(atPath: sidecar) {
            if let problem = writeProblem(sidecar) {
                let name = url.lastPathComponent
                throw DatabaseError(resultCode: SQLITE_READONLY, detail: "\(problem.reason), although \(name) is writable; SQLite "
                                    + "keeps this file beside \(name) and cannot use the database until it is writable too: "
                                    + problem.remedy, path: sidecar)
            }
        }
        // SQLite creates the database, its journal and its sidecars in the folder; ones that already
        // exist and are writable need nothing more from it.
        let folder = url.deletingLastPathComponent().path
        if !([database] + sidecars).allSatisfy(manager.fileExists(atPath:)), let problem = writeProblem(folder) {
            throw DatabaseError(resultCode: SQLITE_CANTOPEN, detail: "\(problem.reason); SQLite creates \(url.lastPathComponent) and "
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
