import DeepCutConfig
import DeepCutCore
import Foundation

/// A library file that cannot be used: exit 65, one line naming the file (and line where it applies).
package struct LibraryError: DeepCutError, Equatable {
    package var message: String
    package var exitCode: ExitCode { .dataError }

    package init(message: String) {
        self.message = message
    }
}

extension LibraryError {
    static func unreadable(_ url: URL, errno code: Int32) -> LibraryError {
        LibraryError(message: "\(url.path): cannot read library: \(String(cString: strerror(code)))")
    }

    static func notRegular(_ url: URL, _ kind: FileKind) -> LibraryError {
        LibraryError(message: "\(url.path): not a library file: it is \(kind.rawValue); a library must be a regular file")
    }

    static func tooLarge(_ url: URL, limit: Int64) -> LibraryError {
        LibraryError(message: "\(url.path): larger than \(limit >> 20) MiB, the most a library file of this format may be")
    }

    static func changedWhileRead(_ url: URL) -> LibraryError {
        LibraryError(
            message: "\(url.path): changed while being read (size or modification time differ before and after, "
                + "twice); is an export still being written? Run again once it is finished")
    }
}

/// A library source that could not be reached (network, not data): exit 75, try again later.
///
/// Distinct from `LibraryError` (exit 65) so a flaky connection never reads as a malformed library,
/// and the run stops rather than sweeping against half a library.
package struct LibraryUnavailableError: DeepCutError, Equatable {
    /// The classified request failure, for the health report. Its message never carries a token.
    package var failure: FetchFailure
    package var message: String
    package var exitCode: ExitCode { .tempFail }

    package init(failure: FetchFailure, message: String) {
        self.failure = failure
        self.message = message
    }
}

/// The run was cancelled (SIGTERM, SIGINT) while a library file was being read: exit 75, nothing
/// published, the next run starts over.
struct LibraryReadCancelledError: DeepCutError {
    var file: URL
    var message: String { "cancelled while reading the library \(file.path); nothing published, baseline kept" }
    var exitCode: ExitCode { .tempFail }
}
