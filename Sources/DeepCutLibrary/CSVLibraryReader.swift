import DeepCutConfig
import Foundation

/// Reads a CSV library: UTF-8, a header row naming `title` and `artist` columns (any case, any order,
/// other columns ignored), one album per row. Streams the file in chunks; a row longer than
/// `CSVParser.maximumRecordLength` stops the read (a binary or corrupt file, not an export).
package struct CSVLibraryReader: LibraryFileReader {
    package init() {}

    package func read(_ source: LibrarySource) throws -> LibraryReadResult {
        var result = LibraryReadResult(source: source)
        let file = try LibraryFile(opening: source.path, sizeLimit: LibraryFile.streamedSizeLimit)
        var parser = CSVParser(fileName: result.sourceName)
        var columns: (title: Int, artist: Int)?
        func add(_ record: CSVRecord) throws {
            guard let known = columns else {
                columns = try Self.columns(inHeader: record, fileName: result.sourceName)
                return
            }
            result.addRow(title: record.field(known.title), artist: record.field(known.artist), at: .line(record.line))
        }
        while let chunk = try file.nextChunk() {
            for record in try parser.consume(chunk) { try add(record) }
        }
        if let record = try parser.finish() { try add(record) }
        guard columns != nil else {
            throw LibraryError(message: "\(result.sourceName): empty file, expected a header row with 'title' and 'artist' columns")
        }
        return result
    }

    /// The positions of the `title` and `artist` columns; the first of a repeated name wins.
    private static func columns(inHeader header: CSVRecord, fileName: String) throws -> (title: Int, artist: Int) {
        let names = header.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        let title = names.firstIndex(of: "title")
        let artist = names.firstIndex(of: "artist")
        guard let title, let artist else {
            let missing = [title == nil ? "'title'" : nil, artist == nil ? "'artist'" : nil].compactMap { $0 }
            let noun = missing.count == 1 ? "column" : "columns"
            throw LibraryError(message: "\(fileName):\(header.line): header has no \(missing.joined(separator: " or ")) \(noun)")
        }
        return (title, artist)
    }
}

/// An RFC 4180 CSV parser fed in chunks, so a large library never has to sit in memory twice.
///
/// Handles quoted commas, doubled quotes, quoted line breaks, CRLF or LF (or bare CR) line ends, a leading
/// UTF-8 byte order mark, and blank lines (skipped). A bare quote inside an unquoted field is kept as text
/// (`12" Mixes`); text after a closing quote is an error, as is an unterminated quoted field and invalid UTF-8.
struct CSVParser {
    /// The longest row read, in bytes (quoted line breaks included): real rows are a few hundred
    /// bytes; a 300 MB one-line file is not a library, and holding it whole cost 1.2 GB.
    static let maximumRecordLength = 1 << 20

    private enum State {
        /// Nothing of the current field read yet.
        case fieldStart
        case unquoted
        case quoted
        /// A quote inside a quoted field: either the first of a doubled quote or the closing quote.
        case quoteInQuoted
    }

    private static let quote = UInt8(ascii: "\"")
    private static let comma = UInt8(ascii: ",")
    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")
    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The file's name, for errors.
    private let fileName: String
    private var state = State.fieldStart
    private var field: [UInt8] = []
    private var fields: [String] = []
    /// The physical line of the byte being read.
    private var line = 1
    private var recordLine = 1
    private var fieldLine = 1
    /// A CR ended a record: an LF right after it is the same line break.
    private var afterCarriageReturn = false
    private var atStart = true
    /// Bytes of the current record so far, for `maximumRecordLength`.
    private var recordLength = 0

    init(fileName: String) {
        self.fileName = fileName
    }

    /// Parses the next chunk and returns the records it completed. Chunks may split anywhere, even inside
    /// a UTF-8 sequence; only the first must hold the whole byte order mark, if there is one.
    mutating func consume(_ chunk: some Collection<UInt8>) throws -> [CSVRecord] {
        var records: [CSVRecord] = []
        var bytes = chunk[...]
        if atStart {
            atStart = false
            if bytes.starts(with: Self.byteOrderMark) { bytes = bytes.dropFirst(Self.byteOrderMark.count) }
        }
        for byte in bytes {
            recordLength += 1
            if recordLength > Self.maximumRecordLength {
                throw LibraryError(
                    message: "\(fileName):\(recordLine): a row longer than \(Self.maximumRecordLength >> 20) MiB; not a library export")
            }
            if afterCarriageReturn {
                afterCarriageReturn = false
                if byte == Self.lineFeed { continue }
            }
            switch state {
            case .fieldStart where byte == Self.quote:
                state = .quoted
                fieldLine = line
            case .fieldStart, .unquoted:
                if state == .fieldStart { fieldLine = line }
                try consumeUnquoted(byte, into: &records)
            case .quoted:
                if byte == Self.quote {
                    state = .quoteInQuoted
                } else {
                    field.append(byte)
                    if byte == Self.lineFeed { line += 1 }
                }
            case .quoteInQuoted:
                if byte == Self.quote {
                    field.append(byte)
                    state = .quoted
                } else if byte == Self.comma || byte == Self.lineFeed || byte == Self.carriageReturn {
                    try consumeUnquoted(byte, into: &records)
                } else {
                    throw LibraryError(message: "\(fileName):\(line): unexpected text after a closing quote")
                }
            }
        }
        return records
    }

    /// Ends the input and returns the last record, if the file does not end with a line break.
    mutating func finish() throws -> CSVRecord? {
        switch state {
        case .quoted:
            throw LibraryError(message: "\(fileName):\(fieldLine): unterminated quoted field")
        case .fieldStart where fields.isEmpty:
            return nil
        case .fieldStart, .unquoted, .quoteInQuoted:
            try endField()
            defer { fields = [] }
            return CSVRecord(fields: fields, line: recordLine)
        }
    }

    private mutating func consumeUnquoted(_ byte: UInt8, into records: inout [CSVRecord]) throws {
        switch byte {
        case Self.comma:
            try endField()
            state = .fieldStart
        case Self.lineFeed, Self.carriageReturn:
            afterCarriageReturn = byte == Self.carriageReturn
            let isBlankLine = state == .fieldStart && fields.isEmpty
            if !isBlankLine {
                try endField()
                records.append(CSVRecord(fields: fields, line: recordLine))
                fields = []
            }
            recordLength = 0
            line += 1
            recordLine = line
            state = .fieldStart
        default:
            field.append(byte)
            state = .unquoted
        }
    }

    private mutating func endField() throws {
        guard let text = String(validating: field, as: UTF8.self) else {
            throw LibraryError(message: "\(fileName):\(lineOfInvalidUTF8()): invalid UTF-8")
        }
        fields.append(text)
        field.removeAll(keepingCapacity: true)
    }

    /// The line of the first invalid byte in the current field, which may span lines when quoted.
    private func lineOfInvalidUTF8() -> Int {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = field.makeIterator()
        var line = fieldLine
        while case .valid(let scalar) = parser.parseScalar(from: &iterator) {
            if scalar.elementsEqual([Self.lineFeed]) { line += 1 }
        }
        return line
    }
}

/// One CSV record and the line it starts on, for warnings that point at the row.
struct CSVRecord: Sendable, Hashable {
    var fields: [String]
    var line: Int

    /// The field at `index`, or nil when the row is shorter.
    func field(_ index: Int) -> String? {
        fields.indices.contains(index) ? fields[index] : nil
    }
}
