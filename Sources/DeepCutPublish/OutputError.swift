import DeepCutCore
import Foundation
import Glibc

/// Writing an output file or folder failed. Disk trouble (full, quota, I/O) is exit 74; anything
/// that says "this path cannot be written" (permissions, read-only, missing folder) is exit 73.
struct OutputError: DeepCutError, Equatable {
    let exitCode: ExitCode
    let message: String
    /// The `errno` behind the failure, when there was one; lets callers and tests tell causes apart.
    let code: Int32?

    init(exitCode: ExitCode, message: String, code: Int32? = nil) {
        self.exitCode = exitCode
        self.message = message
        self.code = code
    }

    /// Classifies a failed system call on `path`.
    init(path: String, action: String, errno code: Int32) {
        switch code {
        case ENOSPC, EDQUOT:
            self.init(exitCode: .ioError, message: "cannot \(action) \(path): disk full (\(Self.describe(code)))", code: code)
        case EIO:
            self.init(exitCode: .ioError, message: "cannot \(action) \(path): I/O error (\(Self.describe(code)))", code: code)
        default:
            self.init(exitCode: .cannotCreate, message: "cannot \(action) \(path): \(Self.describe(code))", code: code)
        }
    }

    static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}

/// An output file we wrote earlier (snapshot, baseline, health report) exists but cannot be used.
/// Our own output gone bad is corrupt state (exit 74): it is reported and left exactly as found,
/// never repaired or overwritten silently.
package struct OutputReadError: DeepCutError, Equatable {
    let path: String
    let reason: String

    package var exitCode: ExitCode { .ioError }
    package var message: String { "\(path) is unreadable (\(reason)); it is left as found: move it aside to start afresh" }

    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}
