import Foundation
import Glibc

/// Durable atomic replacement of output files, because `Data.write(options: .atomic)` on Linux
/// neither fsyncs the folder nor keeps the file mode, and silently replaces symlinks.
///
/// A write goes to `.<name>.tmp-<random>` in the target's own folder (created with `O_EXCL`, so it
/// never clobbers anything; renderers stream into it through `FileStream`), is fsynced, takes the mode of the file it replaces (else 0644), and is
/// renamed over the target; then the folder is fsynced so the rename itself survives a crash. A
/// reader sees the old file or the new one, never a torn one.
///
/// A target that is a symbolic link is refused (exit 73) rather than followed or replaced: an
/// operator who links a feed file somewhere meant something, and guessing which would surprise them.
/// Link the output *folder* instead; only the last path component is checked.
package enum AtomicFile {
    /// Marks temporaries in a file name: `.<name>.tmp-<random>`.
    static let temporaryMarker = ".tmp-"

    package static func write(_ text: String, to url: URL) throws {
        try write(Data(text.utf8), to: url)
    }

    static func write(_ data: Data, to url: URL) throws {
        try write(to: url) { stream in data.withUnsafeBytes { stream.append($0) } }
    }

    /// Replaces `url` with a copy of the file at `source`, read in the stream's 64 KiB chunks
    /// (the snapshot written once, then copied to `current.json` and `latest.json`).
    static func write(copying source: URL, to url: URL) throws {
        let input = open(source.path, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw OutputError(path: source.path, action: "read", errno: errno) }
        defer { close(input) }
        try write(to: url) { stream in
            var chunk = [UInt8](repeating: 0, count: FileStream.capacity)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count >= 0 else { throw OutputError(path: source.path, action: "read", errno: errno) }
                if count == 0 { return }
                chunk.withUnsafeBytes { stream.append(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            }
        }
    }

    /// Streams the file's content into its temporary: `render` appends text to the stream, which
    /// writes it out as it goes, and the file replaces the target only once all of it is written.
    /// A write that fails (disk full, file too large) fails the file here, with the target untouched.
    static func write(to url: URL, _ render: (inout FileStream) throws -> Void) throws {
        let target = url.path
        let folder = url.deletingLastPathComponent().path
        let mode = try modeToKeep(at: target)
        let (descriptor, temporary) = try createTemporary(in: folder, for: url.lastPathComponent, target: target)
        var isOpen = true
        do {
            var stream = FileStream(descriptor: descriptor)
            try render(&stream)
            stream.flush()
            if let code = stream.failure { throw OutputError(path: target, action: "write", errno: code) }
            try check(fchmod(descriptor, mode), target: target)
            try check(fsync(descriptor), target: target)
            isOpen = false
            try check(close(descriptor), target: target)
            try check(rename(temporary, target), target: target)
        } catch {
            if isOpen { close(descriptor) }
            unlink(temporary)
            throw error
        }
        try syncDirectory(folder)
    }

    /// Removes the temporaries a crashed run left in `folder` (not recursive). Safe only while no
    /// other writer works in the folder; the sweep lock guarantees that.
    /// - Returns: how many were removed.
    @discardableResult
    static func removeStaleTemporaries(in folder: URL) -> Int {
        // Housekeeping only: a folder that cannot be listed fails the writes that follow, loudly.
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return 0 }
        return names.filter(isTemporaryName).filter { unlink(folder.appendingPathComponent($0).path) == 0 }.count
    }

    static func isTemporaryName(_ name: String) -> Bool {
        name.hasPrefix(".") && name.dropFirst().contains(temporaryMarker)
    }

    /// `mkdir -p`: creates the folder and any missing parents (mode 0755); an existing folder is fine.
    package static func createDirectory(_ url: URL) throws {
        let path = url.standardizedFileURL.path
        var current = ""
        for component in path.split(separator: "/") {
            let parent = current.isEmpty ? "/" : current
            current += "/" + component
            var status = stat()
            if stat(current, &status) == 0 {
                guard status.st_mode & S_IFMT == S_IFDIR else {
                    throw OutputError(path: current, action: "create folder", errno: ENOTDIR)
                }
                continue
            }
            if mkdir(current, 0o755) != 0 {
                let code = errno
                if code == EEXIST, stat(current, &status) == 0, status.st_mode & S_IFMT == S_IFDIR { continue }
                throw OutputError(path: current, action: "create folder", errno: code)
            }
            try syncDirectory(parent)
        }
    }

    // MARK: Steps

    /// The permission bits of the file being replaced, else 0644. Refuses symlinks; a folder in the
    /// way is refused by `rename` itself (EISDIR).
    private static func modeToKeep(at target: String) throws -> mode_t {
        var status = stat()
        guard lstat(target, &status) == 0 else {
            let code = errno
            if code == ENOENT { return 0o644 }
            throw OutputError(path: target, action: "write", errno: code)
        }
        if status.st_mode & S_IFMT == S_IFLNK {
            throw OutputError(exitCode: .cannotCreate, message: "cannot write \(target): it is a symbolic link; refusing to replace it")
        }
        return status.st_mode & 0o7777
    }

    private static func createTemporary(in folder: String, for name: String, target: String) throws -> (Int32, String) {
        while true {
            let suffix = String(UInt64.random(in: .min ... .max), radix: 16)
            let path = folder + "/." + name + temporaryMarker + suffix
            let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
            if descriptor >= 0 { return (descriptor, path) }
            let code = errno
            if code != EEXIST && code != EINTR { throw OutputError(path: target, action: "write", errno: code) }
        }
    }

    /// Makes a rename or a new entry in `folder` durable. Filesystems that cannot fsync a folder
    /// (EINVAL) have nothing to make durable, so that is not an error.
    private static func syncDirectory(_ folder: String) throws {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw OutputError(path: folder, action: "open folder", errno: errno) }
        defer { close(descriptor) }
        if fsync(descriptor) != 0, errno != EINVAL {
            throw OutputError(path: folder, action: "sync folder", errno: errno)
        }
    }

    private static func check(_ result: Int32, target: String) throws {
        if result != 0 { throw OutputError(path: target, action: "write", errno: errno) }
    }
}
