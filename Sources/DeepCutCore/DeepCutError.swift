import Foundation

/// An error a user or operator must act on: one line on stderr and the SPEC's exit code.
///
/// Every module's user-facing errors conform, so the CLI maps them in one place and never
/// prints a stack trace. `message` names the file, line or key where it applies and never a secret.
package protocol DeepCutError: Error, Sendable {
    var exitCode: ExitCode { get }
    var message: String { get }
}

/// The SPEC's exit codes (sysexits and the monitoring-plugins convention).
package enum ExitCode: Int32, Sendable, Codable {
    case success = 0
    /// `health`: WARNING.
    case warning = 1
    /// `health`: CRITICAL.
    case critical = 2
    /// `sweep`: partial. `health`: UNKNOWN.
    case partial = 3
    case usage = 64
    case dataError = 65
    case software = 70
    case cannotCreate = 73
    case ioError = 74
    /// Sweep failed, or another sweep holds the lock.
    case tempFail = 75
    case config = 78
}

extension Error {
    /// The operating system's reason ("No such file or directory", "Permission denied") rather than
    /// Foundation's generic "The operation could not be completed", so a one-line error says what to fix.
    package var fileSystemReason: String {
        let error = self as NSError
        // On Linux the underlying error is a Swift `POSIXError`, which does not cast to `NSError` directly.
        let underlying = error.userInfo[NSUnderlyingErrorKey] as? any Error
        for candidate in [error, underlying.map { $0 as NSError }].compactMap({ $0 }) where candidate.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(candidate.code)))
        }
        return error.localizedDescription
    }
}
