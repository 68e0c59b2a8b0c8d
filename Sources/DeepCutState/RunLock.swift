import DeepCutCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One sweep at a time: an exclusive `flock` on a lock file in the state folder.
///
/// The file is never deleted (deleting a flock'ed file lets a third process lock a new inode
/// while the second still holds the old one). The kernel drops the lock when the process dies,
/// so a kill -9 never leaves a stale lock. It holds the owner's pid for the error message.
package final class RunLock: Sendable {
    package struct Busy: DeepCutError {
        package var pid: Int32?
        package init(pid: Int32?) { self.pid = pid }
        package var exitCode: ExitCode { .tempFail }
        package var message: String {
            // The owner writes its pid just after locking: a run starting in that instant cannot know it.
            "another sweep is running (" + (pid.map { "pid \($0)" } ?? "pid unknown: it had only just started") + ")"
        }
    }

    package struct Failure: DeepCutError {
        package var path: String
        package var reason: String
        package var exitCode: ExitCode { .ioError }
        package var message: String { "\(path): cannot lock (\(reason))" }
    }

    private let descriptor: Int32

    /// Takes the lock or throws `Busy` at once: a timer-started run must not queue behind another.
    package init(path: URL) throws {
        try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
        let fd = open(path.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Failure(path: path.path, reason: String(cString: strerror(errno))) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let busy = errno == EWOULDBLOCK
            let reason = String(cString: strerror(errno))
            let owner = Self.readPID(fd)
            close(fd)
            if busy { throw Busy(pid: owner) }
            throw Failure(path: path.path, reason: reason)
        }
        descriptor = fd
        // Written over the old pid, then cut to length: a reader never finds the file empty.
        let pid = "\(getpid())\n"
        _ = pid.withCString { pwrite(fd, $0, strlen($0), 0) }
        ftruncate(fd, off_t(pid.utf8.count))
    }

    /// Takes the lock, waiting up to `seconds` for the holder to let go (a person's command waits
    /// briefly for another one; a sweep takes minutes, and then `Busy` names it). It polls with
    /// `Task.sleep`, so the wait holds no thread (`flock` itself never blocks: `LOCK_NB`).
    package static func acquire(path: URL, waitingUpTo seconds: Double) async throws -> RunLock {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while true {
            do {
                return try RunLock(path: path)
            } catch is Busy where ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(100))
            }
        }
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    private static func readPID(_ fd: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = pread(fd, &buffer, buffer.count - 1, 0)
        guard count > 0 else { return nil }
        let firstLine = String(decoding: buffer[..<count], as: UTF8.self).split(separator: "\n").first ?? ""
        return Int32(firstLine.trimmingCharacters(in: .whitespaces))
    }
}
