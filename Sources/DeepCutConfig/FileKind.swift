import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The file types `stat` reports, named for messages. Input files (config, library) must be regular
/// files: checked before `open`, a FIFO never blocks a run and a device is never read forever.
package enum FileKind: String {
    case regular = "a regular file"
    case directory = "a directory"
    case fifo = "a FIFO (named pipe)"
    case characterDevice = "a character device"
    case blockDevice = "a block device"
    case socket = "a socket"
    case symbolicLink = "a symbolic link"
    case unknown = "not a regular file"

    package init(_ mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .directory
        case S_IFIFO: self = .fifo
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFSOCK: self = .socket
        case S_IFLNK: self = .symbolicLink
        default: self = .unknown
        }
    }

    /// What the path names (symbolic links followed); nil when `stat` fails, leaving the reason to `open`.
    static func of(_ url: URL) -> FileKind? {
        var status = stat()
        return stat(url.path, &status) == 0 ? FileKind(status.st_mode) : nil
    }
}
