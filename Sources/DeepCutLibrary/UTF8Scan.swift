import Foundation

/// Finds the first byte sequence in a file that is not UTF-8, reading it in chunks.
///
/// Foundation's `XMLParser` on Linux crashes (SIGILL) when libxml2 hands it an element or
/// attribute name that is not valid UTF-8, so a hostile or damaged Library.xml would kill the run
/// instead of failing it with exit 65. Exports are UTF-8; checking first turns that crash into a
/// line number.
enum UTF8Scan {
    private static let chunkSize = 1 << 20

    /// - Returns: the 1-based line of the first invalid sequence, or nil when the file is UTF-8. A
    ///   sequence cut off by the end of the file is left for the parser to call a truncated file.
    /// - Throws: `CancellationError` once the run is cancelled, so a huge file never delays SIGTERM.
    static func firstInvalidLine(in url: URL) throws -> Int? {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        var carry: [UInt8] = []
        var consumed = 0
        while let chunk = try handle.read(upToCount: chunkSize), !chunk.isEmpty {
            try Task.checkCancellation()
            var bytes = carry + chunk
            let tail = incompleteTailCount(bytes)
            carry = Array(bytes.suffix(tail))
            bytes.removeLast(tail)
            if String(validating: bytes, as: UTF8.self) == nil, let offset = firstInvalidOffset(bytes) {
                return try line(atOffset: consumed + offset, in: url)
            }
            consumed += bytes.count
        }
        return nil
    }

    /// How many bytes at the end start a sequence the chunk does not finish.
    private static func incompleteTailCount(_ bytes: [UInt8]) -> Int {
        for back in 1...min(3, bytes.count) {
            let byte = bytes[bytes.count - back]
            guard byte & 0xC0 == 0x80 else {
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                return length > back ? back : 0
            }
        }
        return 0
    }

    private static func firstInvalidOffset(_ bytes: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .error: return offset
            case .emptyInput: return nil
            }
        }
    }

    private static func line(atOffset offset: Int, in url: URL) throws -> Int {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        let prefix = try handle.read(upToCount: offset) ?? Data()
        return prefix.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
    }
}
