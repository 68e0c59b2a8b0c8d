import DeepCutCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Writes a new config file whole or not at all, and never over an existing one unless asked.
///
/// The text goes to a temporary file beside the target, which is then linked into place: `link(2)`
/// fails when the target exists, so two `init`s racing cannot both win and a config someone wrote
/// in the meantime is kept. Replacing (`--force`) renames over the target instead, still atomically.
package enum NewConfigFile {
    /// - Throws: `NewConfigFileError`: `.exists` when the target is there and `replacing` is false,
    ///   `.unwritable` (exit 73) when the folder cannot be made or written.
    package static func write(_ text: String, to url: URL, replacing: Bool, permissions: Int = 0o644) throws {
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw NewConfigFileError.unwritable(url, reason: error.fileSystemReason)
        }
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        guard
            FileManager.default.createFile(atPath: temporary.path, contents: Data(text.utf8), attributes: [.posixPermissions: permissions])
        else {
            throw NewConfigFileError.unwritable(url, reason: String(cString: strerror(errno)))
        }
        defer { unlink(temporary.path) }
        let placed = replacing ? rename(temporary.path, url.path) : link(temporary.path, url.path)
        guard placed == 0 else {
            if errno == EEXIST { throw NewConfigFileError.exists(url) }
            throw NewConfigFileError.unwritable(url, reason: String(cString: strerror(errno)))
        }
    }
}

/// A new config file that was not written.
package enum NewConfigFileError: DeepCutError, Equatable {
    /// A file is already there (and was kept).
    case exists(URL)
    case unwritable(URL, reason: String)

    package var exitCode: ExitCode { .cannotCreate }

    package var message: String {
        switch self {
        case .exists(let url): "\(url.path): a config is already there; kept it as it is"
        case .unwritable(let url, let reason): "\(url.path): cannot write the config: \(reason)"
        }
    }
}
