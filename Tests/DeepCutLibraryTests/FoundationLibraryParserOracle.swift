import DeepCutCore
import Foundation

@testable import DeepCutLibrary

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The Library.xml reader before `ITunesTrackStream`: Foundation's `XMLParser` (SAX over libxml2),
/// kept unchanged as the oracle the libxml2 stream must agree with (`ITunesTrackStreamOracleTests`).
final class FoundationLibraryParserOracle: NSObject, XMLParserDelegate {
    struct ParseError: Error {
        var line: Int
        var message: String
        /// The run was cancelled mid-parse (SIGTERM): not a problem of the file.
        var cancelled = false
    }

    /// Elements between two looks at the task's cancellation: often enough to stop within
    /// milliseconds, rare enough to cost nothing.
    private static let elementsPerCancellationCheck = 256

    private enum Place {
        case outside
        case tracks
        case track
    }

    private var tracks: [ITunesTrack] = []
    private var place = Place.outside
    /// Nesting of `dict`/`array` elements, so nested values inside a track are skipped correctly.
    private var depth = 0
    private var tracksDepth = -1
    private var trackDepth = -1
    private var lastKey: String?
    private var text = ""
    private var current = ITunesTrack()
    private var sawPlist = false
    private var sawTracks = false
    /// Where the first error was reported: once `parse()` returns, `lineNumber` has moved on to the end.
    private var errorLine: Int?
    private var elements = 0
    private var cancelled = false

    /// - Returns: every track, in file order.
    static func tracks(in url: URL) throws(ParseError) -> [ITunesTrack] {
        guard let stream = InputStream(url: url) else { throw ParseError(line: 0, message: "cannot open") }
        if let line = invalidUTF8Line(url) { throw ParseError(line: line, message: "malformed XML (not UTF-8)") }
        let parser = XMLParser(stream: stream)
        let delegate = FoundationLibraryParserOracle()
        parser.delegate = delegate
        parser.shouldResolveExternalEntities = false
        // On Linux `parse()` returns true for a document that ends early (a truncated export), so
        // success also means that no error was recorded.
        let parsed = parser.parse()
        if delegate.cancelled { throw ParseError(line: 0, message: "cancelled", cancelled: true) }
        guard parsed, parser.parserError == nil else {
            throw ParseError(line: delegate.errorLine ?? parser.lineNumber, message: "malformed XML (\(reason(parser.parserError)))")
        }
        guard delegate.sawPlist else { throw ParseError(line: 1, message: "not a property list (no <plist> element)") }
        guard delegate.sawTracks else { throw ParseError(line: 0, message: "not an iTunes library export (no Tracks dictionary)") }
        return delegate.tracks
    }

    /// Foundation's `XMLParser` crashes (SIGILL) on an element or attribute name that is not UTF-8, so
    /// a file that starts as markup is checked first; anything else fails at its first byte anyway,
    /// and keeps the parser's own description ("not XML").
    /// A pre-check only: a file it cannot read is left for the parser, which reports it (exit 65).
    private static func invalidUTF8Line(_ url: URL) -> Int? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        let head = (try? handle.read(upToCount: 64)) ?? Data()
        try? handle.close()  // Closing a read-only handle cannot lose data.
        let markup = head.drop { [0xEF, 0xBB, 0xBF, 0x20, 0x09, 0x0A, 0x0D].contains($0) }.first == UInt8(ascii: "<")
        return markup ? (try? OracleUTF8Scan.firstInvalidLine(in: url)) ?? nil : nil
    }

    /// Foundation on Linux describes parser errors only by number: libxml2's numbers, which
    /// `NSXMLParserError` mirrors (swift-corelibs' `XMLParser.ErrorCode` enum is off by one, so the
    /// numbers are matched directly). Name the ones a broken export produces.
    private static func reason(_ error: (any Error)?) -> String {
        guard let error else { return "not well-formed" }
        let code = (error as NSError).code
        switch code {
        case 4: return "not XML"
        case 5: return "the file ends early; a truncated export?"
        default: return "not well-formed, XML parser error \(code)"
        }
    }

    func parser(
        _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        elements += 1
        if elements % Self.elementsPerCancellationCheck == 0, BlockingQueue.isCancelled {
            cancelled = true
            parser.abortParsing()
        }
        text = ""
        switch element {
        case "plist":
            sawPlist = true
        case "dict", "array":
            depth += 1
            if place == .outside, element == "dict", depth == 2, lastKey == "Tracks" {
                place = .tracks
                tracksDepth = depth
                sawTracks = true
            } else if place == .tracks, element == "dict", depth == tracksDepth + 1 {
                place = .track
                trackDepth = depth
                current = ITunesTrack()
            }
        default:
            break
        }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        if errorLine == nil { errorLine = parser.lineNumber }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
    }

    func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
        switch element {
        case "dict", "array":
            if place == .track, depth == trackDepth {
                tracks.append(current)
                place = .tracks
            } else if place == .tracks, depth == tracksDepth {
                place = .outside
            }
            depth -= 1
        case "key":
            lastKey = text
        case "string", "integer", "true", "false", "date", "real", "data":
            if place == .track, depth == trackDepth, let key = lastKey { assign(key: key, element: element, value: text) }
        default:
            break
        }
        text = ""
    }

    private func assign(key: String, element: String, value: String) {
        let flag = element == "true"
        switch key {
        case "Track ID": current.trackID = value
        case "Name": current.name = value
        case "Total Time": current.totalTime = Int(value)
        case "Artist": current.artist = value
        case "Album Artist": current.albumArtist = value
        case "Album": current.album = value
        case "Kind": current.kind = value
        case "Genre": current.genre = value
        case "Year": current.year = Int(value)
        case "Track Type": current.trackType = value
        case "Compilation": current.isCompilation = flag
        case "Movie", "TV Show", "Music Video", "Podcast", "iTunesU", "Has Video", "Audiobook":
            if flag { current.isVideoOrSpoken = true }
        default: break
        }
    }
}

/// Finds the first byte sequence in a file that is not UTF-8, reading it in chunks.
///
/// Foundation's `XMLParser` on Linux crashes (SIGILL) when libxml2 hands it an element or
/// attribute name that is not valid UTF-8, so a hostile or damaged Library.xml would kill the run
/// instead of failing it with exit 65. Exports are UTF-8; checking first turns that crash into a
/// line number.
enum OracleUTF8Scan {
    private static let chunkSize = 1 << 20

    /// - Returns: the 1-based line of the first invalid sequence, or nil when the file is UTF-8. A
    ///   sequence cut off by the end of the file is left for the parser to call a truncated file.
    /// - Throws: `CancellationError` once the run is cancelled, so a huge file never delays SIGTERM.
    static func firstInvalidLine(in url: URL) throws -> Int? {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }  // Closing a read-only handle cannot lose data.
        var carry: [UInt8] = []
        var consumed = 0
        while let chunk = try handle.read(upToCount: chunkSize), !chunk.isEmpty {
            try BlockingQueue.checkCancellation()
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
        defer { try? handle.close() }  // Closing a read-only handle cannot lose data.
        let prefix = try handle.read(upToCount: offset) ?? Data()
        return prefix.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
    }
}
