import Glibc

/// A file being written as a stream: renderers append UTF-8 text, which leaves in 64 KiB writes,
/// so no output file is ever held whole in memory (BENCHMARKS.md §4).
///
/// The first failed write sticks: later text is dropped and `finish` reports the failure, so a
/// renderer can write on without a `try` at every line, and a full disk still fails the file.
struct FileStream: TextOutputStream {
    static let capacity = 64 * 1024

    private let descriptor: Int32
    private var buffer: [UInt8] = []
    /// The `errno` of the first write that failed.
    private(set) var failure: Int32?

    init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer.reserveCapacity(Self.capacity)
    }

    mutating func write(_ text: String) {
        var text = text
        text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard failure == nil else { return }
        if buffer.count + bytes.count > Self.capacity {
            flush()
            // Larger than the buffer itself: straight to the file, no copy.
            if bytes.count >= Self.capacity {
                failure = Self.writeAll(bytes, to: descriptor)
                return
            }
        }
        buffer.append(contentsOf: bytes)
    }

    /// Writes out what is buffered; check `failure` afterwards.
    mutating func flush() {
        guard failure == nil, !buffer.isEmpty else { return }
        failure = buffer.withUnsafeBytes { Self.writeAll($0, to: descriptor) }
        buffer.removeAll(keepingCapacity: true)
    }

    /// - Returns: the `errno` of a failed write, nil when every byte was written.
    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        guard var next = bytes.baseAddress else { return nil }
        var remaining = bytes.count
        while remaining > 0 {
            let written = Glibc.write(descriptor, next, remaining)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            next += written
            remaining -= written
        }
        return nil
    }
}
