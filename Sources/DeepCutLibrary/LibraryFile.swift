import DeepCutConfig
import DeepCutCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A library file opened for reading: a regular file only, read in chunks with cancellation checked,
/// within a size cap.
///
/// The kind is checked with `stat` before `open`, so a FIFO never blocks in `open` and `/dev/zero` is
/// never read forever; `open` also gets `O_NONBLOCK` in case the path becomes a FIFO in between, and
/// `fstat` confirms that what was opened is a regular file.
final class LibraryFile {
    /// Formats read in a stream (csv, itunes-xml, beets): 1 GiB, about ten times the largest real
    /// Library.xml exports (a 60,000-track export is 40 to 115 MB).
    static let streamedSizeLimit: Int64 = 1 << 30
    /// Formats parsed whole in memory (json): 256 MiB, millions of albums.
    static let wholeSizeLimit: Int64 = 1 << 28
    static let chunkSize = 1 << 16

    let url: URL
    private let descriptor: Int32
    private let sizeLimit: Int64
    private var bytesRead: Int64 = 0

    /// - Throws: `LibraryError` (exit 65) for a missing or unreadable file, anything but a regular file,
    ///   or a file larger than `sizeLimit`.
    init(opening url: URL, sizeLimit: Int64) throws {
        self.url = url
        self.sizeLimit = sizeLimit
        try Self.stamp(of: url).checkSize(limit: sizeLimit, url: url)
        let descriptor = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw LibraryError.unreadable(url, errno: errno) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, FileKind(status.st_mode) == .regular else {
            let kind = FileKind(status.st_mode)
            close(descriptor)
            throw LibraryError.notRegular(url, kind)
        }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// What `stat` says of the file behind `url` (symbolic links followed), refusing anything but a regular file.
    static func stamp(of url: URL) throws -> LibraryFileStamp {
        var status = stat()
        guard stat(url.path, &status) == 0 else { throw LibraryError.unreadable(url, errno: errno) }
        let stamp = LibraryFileStamp(status)
        guard stamp.kind == .regular else { throw LibraryError.notRegular(url, stamp.kind) }
        return stamp
    }

    /// The next chunk, nil at the end of the file.
    /// - Throws: `LibraryReadCancelledError` once the run is cancelled (SIGTERM); `LibraryError` when
    ///   reading fails or the file grows past the size cap while being read.
    func nextChunk() throws -> Data? {
        if BlockingQueue.isCancelled { throw LibraryReadCancelledError(file: url) }
        var buffer = [UInt8](repeating: 0, count: Self.chunkSize)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, Self.chunkSize) }
        guard count >= 0 else { throw LibraryError.unreadable(url, errno: errno) }
        guard count > 0 else { return nil }
        bytesRead += Int64(count)
        if bytesRead > sizeLimit { throw LibraryError.tooLarge(url, limit: sizeLimit) }
        return Data(buffer[0..<count])
    }

    /// The whole file, read in chunks so cancellation and the size cap are checked on the way.
    func readAll() throws -> Data {
        var data = Data()
        while let chunk = try nextChunk() { data.append(chunk) }
        return data
    }
}

/// What the stability check compares before and after a read: which file, how big, when last written.
struct LibraryFileStamp: Equatable {
    var kind: FileKind
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modifiedSeconds: Int
    var modifiedNanoseconds: Int

    init(_ status: stat) {
        kind = FileKind(status.st_mode)
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
        modifiedSeconds = Int(status.st_mtim.tv_sec)
        modifiedNanoseconds = Int(status.st_mtim.tv_nsec)
    }

    func checkSize(limit: Int64, url: URL) throws {
        if size > limit { throw LibraryError.tooLarge(url, limit: limit) }
    }
}
