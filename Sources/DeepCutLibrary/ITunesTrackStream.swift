import CLibXML2
import DeepCutCore
import Foundation

/// Streams the tracks out of a Music/iTunes "Export Library" plist with libxml2's push parser (SAX2).
///
/// Real exports run to tens of MB. libxml2 is fed the opened file's chunks (so the size cap and the
/// run's cancellation are checked on the way) and calls back with byte pointers: only the keys and
/// the values of the fields `ITunesTrack` keeps become bytes worth copying, and only those become
/// `String`s; playlists, locations, dates and every other field are skipped without one. Once a
/// track is known to be video or spoken word, the rest of its values are skipped too.
///
/// Hostile files: no network (`XML_PARSE_NONET`), entities are never substituted (no
/// `XML_PARSE_NOENT`, and no entity declaration is kept, so `&name;` is an undefined entity: an
/// error), and libxml2's own limits stay on (no `XML_PARSE_HUGE`: 256 levels of nesting, 10 MB per
/// text node).
///
/// The parser's state is this struct behind one pointer that libxml2 hands back to each callback:
/// no reference counting and no exclusivity checks on the way, about two million times a file.
struct ITunesTrackStream {
    struct ParseError: Error, Equatable {
        var line: Int
        var message: String
    }

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
    /// The last `key`'s field; nil for any key that names no kept field.
    private var lastKey: ITunesTrackField?
    /// The text since the last element boundary, while `collecting`.
    private var text: [UInt8] = []
    private var collecting = true
    private var current = ITunesTrack()
    private var sawPlist = false
    private var sawTracks = false
    /// The first error: its line, libxml2's number and message.
    private var error: (line: Int, code: Int32, message: String)?
    /// Every chunk is in; libxml2 is told the input has ended.
    private var terminating = false

    private init() {
        text.reserveCapacity(4096)
    }

    private typealias Pointer = UnsafeMutablePointer<ITunesTrackStream>

    /// - Returns: every track, in file order.
    /// - Throws: `ParseError` for a file that is not a well-formed Library.xml; whatever `nextChunk`
    ///   throws (cancellation, a read error, the size cap).
    static func tracks(readingChunks nextChunk: () throws -> Data?) throws -> [ITunesTrack] {
        let pointer = Pointer.allocate(capacity: 1)
        pointer.initialize(to: ITunesTrackStream())
        defer {
            pointer.deinitialize(count: 1)
            pointer.deallocate()
        }
        try parse(pointer, nextChunk)
        let stream = pointer.pointee
        if let error = stream.error {
            throw ParseError(line: error.line, message: "malformed XML (\(reason(code: error.code, message: error.message)))")
        }
        guard stream.sawPlist else { throw ParseError(line: 1, message: "not a property list (no <plist> element)") }
        guard stream.sawTracks else { throw ParseError(line: 0, message: "not an iTunes library export (no Tracks dictionary)") }
        return stream.tracks
    }

    private static func parse(_ stream: Pointer, _ nextChunk: () throws -> Data?) throws {
        var handler = makeHandler()
        guard let parser = xmlCreatePushParserCtxt(&handler, stream, nil, 0, nil) else {
            throw ParseError(line: 0, message: "cannot start the XML parser")
        }
        defer { xmlFreeParserCtxt(parser) }
        xmlCtxtUseOptions(parser, Int32(XML_PARSE_NONET.rawValue))
        // An empty file is never fed at all: no property list, as it always was.
        var fed = false
        while stream.pointee.error == nil, let chunk = try nextChunk() {
            fed = true
            _ = chunk.withUnsafeBytes { bytes in
                xmlParseChunk(parser, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(bytes.count), 0)
            }
        }
        guard fed, stream.pointee.error == nil else { return }
        stream.pointee.terminating = true
        xmlParseChunk(parser, nil, 0, 1)
    }

    /// libxml2's error numbers for what a broken export produces; any other keeps its number.
    private static func reason(code: Int32, message: String) -> String {
        if message.hasPrefix("Input is not proper UTF-8") { return "not UTF-8" }
        switch code {
        case Int32(XML_ERR_DOCUMENT_EMPTY.rawValue): return "not XML"
        case Int32(XML_ERR_DOCUMENT_END.rawValue): return "the file ends early; a truncated export?"
        default: return "not well-formed, XML parser error \(code)"
        }
    }

    // MARK: Callbacks

    private static func makeHandler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = { context, name, prefix, _, _, _, _, _, _ in
            ITunesTrackStream.stream(context)?.pointee.start(ITunesPlistElement(name: name, prefix: prefix))
        }
        handler.endElementNs = { context, name, prefix, _ in
            ITunesTrackStream.stream(context)?.pointee.end(ITunesPlistElement(name: name, prefix: prefix))
        }
        handler.characters = { context, bytes, count in
            guard let stream = ITunesTrackStream.stream(context), stream.pointee.collecting, let bytes else { return }
            stream.pointee.text.append(contentsOf: UnsafeBufferPointer(start: bytes, count: Int(count)))
        }
        // CDATA sections were never read as text (Foundation's XMLParser reported them apart), and
        // exports write none: a handler of its own keeps libxml2 from passing them as characters.
        handler.cdataBlock = { _, _, _ in }
        handler.serror = { context, error in
            guard let stream = ITunesTrackStream.stream(context), let error, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue
            else { return }
            guard stream.pointee.error == nil else { return }
            // Every byte parsed and only the end of the input is wrong (an element left open, a tag
            // cut in half): the file ends early, whichever of those libxml2 names first.
            let atEnd = stream.pointee.terminating && ITunesTrackStream.atEndOfInput(error.pointee.ctxt)
            let code = atEnd ? Int32(XML_ERR_DOCUMENT_END.rawValue) : Int32(error.pointee.code)
            let message = error.pointee.message.map { String(cString: $0) } ?? ""
            stream.pointee.error = (Int(error.pointee.line), code, message)
        }
        return handler
    }

    /// Whether the parser stands at the end of its input, only white space left: where a cut-off
    /// file fails, whereas a broken file fails where it is broken.
    private static func atEndOfInput(_ context: UnsafeMutableRawPointer?) -> Bool {
        guard let input = context?.assumingMemoryBound(to: xmlParserCtxt.self).pointee.input?.pointee,
            var cursor = input.cur, let end = input.end
        else { return false }
        while cursor < end {
            guard [0x20, 0x09, 0x0A, 0x0D].contains(cursor.pointee) else { return false }
            cursor += 1
        }
        return true
    }

    /// The context is always the stream's pointer, alive while `tracks` runs the parser.
    private static func stream(_ context: UnsafeMutableRawPointer?) -> Pointer? {
        context?.assumingMemoryBound(to: ITunesTrackStream.self)
    }

    private mutating func start(_ element: ITunesPlistElement) {
        text.removeAll(keepingCapacity: true)
        switch element {
        case .plist:
            sawPlist = true
        case .dict, .array:
            depth += 1
            if place == .outside, element == .dict, depth == 2, lastKey == .tracks {
                place = .tracks
                tracksDepth = depth
                sawTracks = true
            } else if place == .tracks, element == .dict, depth == tracksDepth + 1 {
                place = .track
                trackDepth = depth
                current = ITunesTrack()
            }
        case .value:
            collecting = wantsValue
            return
        case .key, .other:
            break
        }
        collecting = true
    }

    /// Whether the value starting now is one `assign` keeps: a kept field of a track that may be music.
    private var wantsValue: Bool {
        guard place == .track, depth == trackDepth, let lastKey, lastKey != .tracks else { return false }
        return !current.isVideoOrSpoken
    }

    private mutating func end(_ element: ITunesPlistElement) {
        switch element {
        case .dict, .array:
            if place == .track, depth == trackDepth {
                tracks.append(current)
                place = .tracks
            } else if place == .tracks, depth == tracksDepth {
                place = .outside
            }
            depth -= 1
        case .key:
            lastKey = ITunesTrackField(key: text)
        case .value(let isTrue):
            if collecting, place == .track, depth == trackDepth, let lastKey { assign(lastKey, isTrue: isTrue) }
        case .plist, .other:
            break
        }
        text.removeAll(keepingCapacity: true)
        collecting = true
    }

    private mutating func assign(_ field: ITunesTrackField, isTrue: Bool) {
        switch field {
        case .trackID: current.trackID = string
        case .name: current.name = string
        case .totalTime: current.totalTime = Self.integer(text)
        case .artist: current.artist = string
        case .albumArtist: current.albumArtist = string
        case .album: current.album = string
        case .kind: current.kind = string
        case .genre: current.genre = string
        case .year: current.year = Self.integer(text)
        case .trackType: current.trackType = string
        case .compilation: current.isCompilation = isTrue
        case .videoOrSpoken: if isTrue { current.isVideoOrSpoken = true }
        case .tracks: break
        }
    }

    /// libxml2 has checked the text is UTF-8.
    private var string: String {
        text.withUnsafeBufferPointer { bytes in
            String(unsafeUninitializedCapacity: bytes.count) { $0.initialize(fromContentsOf: bytes) }
        }
    }

    /// What `Int(String)` reads: an optional sign, then decimal digits only, within `Int`'s range.
    static func integer(_ bytes: [UInt8]) -> Int? {
        var digits = bytes[...]
        let negative = digits.first == UInt8(ascii: "-")
        if negative || digits.first == UInt8(ascii: "+") { digits = digits.dropFirst() }
        guard !digits.isEmpty else { return nil }
        var value = 0
        for byte in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            let digit = Int(byte - UInt8(ascii: "0"))
            let (shifted, overflowA) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowB) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            guard !overflowA, !overflowB else { return nil }
            value = next
        }
        return value
    }
}

/// The plist elements the stream tells apart, by name; a prefixed name is none of them.
enum ITunesPlistElement: Equatable {
    case plist
    case dict
    case array
    case key
    /// `string`, `integer`, `real`, `date`, `data`, `true` or `false`.
    case value(isTrue: Bool)
    case other

    init(name: UnsafePointer<xmlChar>?, prefix: UnsafePointer<xmlChar>?) {
        guard prefix == nil, let name else {
            self = .other
            return
        }
        switch name.pointee {
        case UInt8(ascii: "d"):
            self = Self.named(name, "dict") ? .dict : Self.named(name, "date") || Self.named(name, "data") ? .value(isTrue: false) : .other
        case UInt8(ascii: "k"): self = Self.named(name, "key") ? .key : .other
        case UInt8(ascii: "s"): self = Self.named(name, "string") ? .value(isTrue: false) : .other
        case UInt8(ascii: "i"): self = Self.named(name, "integer") ? .value(isTrue: false) : .other
        case UInt8(ascii: "a"): self = Self.named(name, "array") ? .array : .other
        case UInt8(ascii: "t"): self = Self.named(name, "true") ? .value(isTrue: true) : .other
        case UInt8(ascii: "f"): self = Self.named(name, "false") ? .value(isTrue: false) : .other
        case UInt8(ascii: "r"): self = Self.named(name, "real") ? .value(isTrue: false) : .other
        case UInt8(ascii: "p"): self = Self.named(name, "plist") ? .plist : .other
        default: self = .other
        }
    }

    /// Compares a NUL-terminated name with `expected`, its terminator included.
    private static func named(_ name: UnsafePointer<xmlChar>, _ expected: StaticString) -> Bool {
        let count = expected.utf8CodeUnitCount
        for offset in 0..<count where name[offset] != expected.utf8Start[offset] { return false }
        return name[count] == 0
    }
}

/// The track keys the library reads, matched on the key's bytes so no other key becomes a `String`.
enum ITunesTrackField: Equatable {
    case trackID
    case name
    case totalTime
    case artist
    case albumArtist
    case album
    case kind
    case genre
    case year
    case trackType
    case compilation
    /// Movie, TV Show, Music Video, Podcast, iTunesU, Has Video, Audiobook: true means not music.
    case videoOrSpoken
    /// The top-level key whose dictionary holds the tracks.
    case tracks

    private static let keys: [(bytes: [UInt8], field: ITunesTrackField)] = {
        let names: [(String, ITunesTrackField)] = [
            ("Track ID", .trackID), ("Name", .name), ("Total Time", .totalTime), ("Artist", .artist),
            ("Album Artist", .albumArtist), ("Album", .album), ("Kind", .kind), ("Genre", .genre), ("Year", .year),
            ("Track Type", .trackType), ("Compilation", .compilation), ("Movie", .videoOrSpoken), ("TV Show", .videoOrSpoken),
            ("Music Video", .videoOrSpoken), ("Podcast", .videoOrSpoken), ("iTunesU", .videoOrSpoken),
            ("Has Video", .videoOrSpoken), ("Audiobook", .videoOrSpoken), ("Tracks", .tracks)
        ]
        return names.map { (Array($0.0.utf8), $0.1) }
    }()

    init?(key: [UInt8]) {
        guard let match = Self.keys.first(where: { $0.bytes == key }) else { return nil }
        self = match.field
    }
}
