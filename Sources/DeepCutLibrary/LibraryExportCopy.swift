import DeepCutConfig
import DeepCutCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The system service's own copy of a library export: it runs with `ProtectHome=yes` and cannot read
/// one under /home, so `deepcut init --system` copies the export into its state folder.
package enum LibraryExportCopy {
    /// The copy's name in the folder, by format: the config names it, and a refreshed export goes there.
    package static func fileName(for format: LibraryFormat) -> String {
        switch format {
        case .itunesXML: "Library.xml"
        case .beets: "library.db"
        case .csv: "library.csv"
        case .json, .appleMusicLibrary: "library.json"
        }
    }

    /// Copies `source` into `folder` (made when missing) under `fileName(for:)`, replacing an older
    /// copy atomically; readable by everyone (mode 0644, like the feed the service publishes) and,
    /// when run as root and `owner` exists, owned by that user and group.
    /// - Returns: the copy, and the owner given to it (nil when left to whoever runs this).
    /// - Throws: `CopyError` (exit 73) naming the copy when it cannot be made.
    package static func copy(_ source: URL, format: LibraryFormat, into folder: URL, owner: String) throws -> (URL, owner: String?) {
        let target = folder.appendingPathComponent(fileName(for: format))
        let temporary = folder.appendingPathComponent(".\(target.lastPathComponent).\(getpid()).tmp")
        func failure(_ reason: String) -> CopyError { CopyError(message: "\(target.path): cannot copy the library there: \(reason)") }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try? FileManager.default.removeItem(at: temporary)
            try FileManager.default.copyItem(at: source, to: temporary)
        } catch {
            throw failure(error.fileSystemReason)
        }
        defer { unlink(temporary.path) }
        guard chmod(temporary.path, 0o644) == 0 else { throw failure(String(cString: strerror(errno))) }
        var owned: String?
        if getuid() == 0, let user = getpwnam(owner) {
            guard chown(temporary.path, user.pointee.pw_uid, user.pointee.pw_gid) == 0 else {
                throw failure(String(cString: strerror(errno)))
            }
            owned = owner
        }
        guard rename(temporary.path, target.path) == 0 else { throw failure(String(cString: strerror(errno))) }
        return (target, owned)
    }

    package struct CopyError: DeepCutError {
        package var message: String
        package var exitCode: ExitCode { .cannotCreate }
    }
}
