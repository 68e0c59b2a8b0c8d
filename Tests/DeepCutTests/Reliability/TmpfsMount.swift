import Foundation
import Glibc

/// A small tmpfs mounted for one test: a real filesystem that really fills up. Needs root (and a
/// container that allows mounts); `isPermitted` says whether this machine can, so tests fall back
/// to RLIMIT_FSIZE otherwise.
final class TmpfsMount: Sendable {
    let url: URL

    /// Mounts a tmpfs of `kilobytes` on a fresh folder.
    init(kilobytes: Int) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("deepcut-tmpfs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        guard mount("tmpfs", url.path, "tmpfs", 0, "size=\(kilobytes)k,mode=0755") == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: url)
            throw MountError(reason: reason)
        }
    }

    deinit {
        umount2(url.path, Int32(MNT_DETACH))
        try? FileManager.default.removeItem(at: url)
    }

    struct MountError: Error {
        var reason: String
    }

    static let isPermitted: Bool = {
        guard getuid() == 0 else { return false }
        return (try? TmpfsMount(kilobytes: 64)) != nil
    }()

    /// Writes a filler file until the filesystem refuses with ENOSPC; returns the bytes written.
    @discardableResult
    func fill(name: String = "filler") -> Int {
        let descriptor = open(url.appendingPathComponent(name).path, O_CREAT | O_WRONLY | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return 0 }
        defer { close(descriptor) }
        let chunk = [UInt8](repeating: 0x46, count: 4096)
        var total = 0
        while true {
            let written = chunk.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written <= 0 { break }
            total += written
        }
        // Single bytes, until not even one more fits.
        while Glibc.write(descriptor, chunk, 1) == 1 { total += 1 }
        return total
    }
}
