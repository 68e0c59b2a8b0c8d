import Foundation
import Testing

@testable import DeepCutCore
@testable import DeepCutFixtures
@testable import DeepCutLibrary

@Suite struct CSVParserTests {
    /// Parses `bytes` fed in chunks of `chunkSize` bytes.
    private func records(_ bytes: [UInt8], chunkSize: Int = 1 << 16) throws -> [CSVRecord] {
        var parser = CSVParser(fileName: "library.csv")
        var records: [CSVRecord] = []
        var start = 0
        repeat {
            let end = min(start + chunkSize, bytes.count)
            records += try parser.consume(bytes[start..<end])
            start = end
        } while start < bytes.count
        if let last = try parser.finish() { records.append(last) }
        return records
    }

    private func records(_ text: String, chunkSize: Int = 1 << 16) throws -> [CSVRecord] {
        try records(Array(text.utf8), chunkSize: chunkSize)
    }

    private func fields(_ text: String) throws -> [[String]] {
        try records(text).map(\.fields)
    }

    // MARK: - Quoting

    @Test func quotedCommasDoubledQuotesAndLineBreaks() throws {
        let text = "title,artist\n\"Sleep, Perchance\",\"The \"\"Band\"\"\"\n\"Two\nLines\",X\n"
        #expect(try fields(text) == [["title", "artist"], ["Sleep, Perchance", "The \"Band\""], ["Two\nLines", "X"]])
    }

    @Test func bareQuoteInsideUnquotedFieldIsText() throws {
        #expect(try fields("12\" Mixes,Artist\n") == [["12\" Mixes", "Artist"]])
    }

    @Test func emptyFieldsAndTrailingComma() throws {
        #expect(try fields("a,,\n,b\n\"\",c") == [["a", "", ""], ["", "b"], ["", "c"]])
    }

    @Test func textAfterClosingQuoteIsAnError() {
        #expect(throws: LibraryError(message: "library.csv:2: unexpected text after a closing quote")) {
            try records("a,b\n\"Title\" x,b\n")
        }
    }

    @Test func unterminatedQuoteNamesTheLineItOpened() {
        #expect(throws: LibraryError(message: "library.csv:3: unterminated quoted field")) {
            try records("title,artist\nA,B\n\"C,D\nE,F\n")
        }
    }

    // MARK: - Line ends and lines

    @Test func crlfLfAndBareCRAllEndRecords() throws {
        let records = try records("a,b\r\nc,d\ne,f\rg,h")
        #expect(records.map(\.fields) == [["a", "b"], ["c", "d"], ["e", "f"], ["g", "h"]])
        #expect(records.map(\.line) == [1, 2, 3, 4])
    }

    @Test func crlfSplitAcrossChunksIsOneLineBreak() throws {
        let records = try records("a,b\r\nc,d\r\n", chunkSize: 4)
        #expect(records.map(\.fields) == [["a", "b"], ["c", "d"]])
    }

    @Test func blankLinesAreSkippedButCounted() throws {
        let records = try records("a,b\n\n\r\nc,d\n")
        #expect(records.map(\.fields) == [["a", "b"], ["c", "d"]])
        #expect(records.map(\.line) == [1, 4])
    }

    @Test func recordAfterQuotedLineBreakStartsOnTheRightLine() throws {
        let records = try records("\"one\ntwo\nthree\",x\ny,z\n")
        #expect(records.map(\.line) == [1, 4])
    }

    @Test func everyChunkSizeGivesTheSameRecords() throws {
        let text = "\u{FEFF}title,artist\r\n\"Día, \"\"de\"\"\nMuertos\",Sigur Rós\r\n12\" Mix,Björk\n\n,x"
        let expected = try records(text)
        for chunkSize in 3...12 {
            #expect(try records(text, chunkSize: chunkSize) == expected, "chunk size \(chunkSize)")
        }
        #expect(expected.map(\.fields) == [["title", "artist"], ["Día, \"de\"\nMuertos", "Sigur Rós"], ["12\" Mix", "Björk"], ["", "x"]])
    }

    // MARK: - Encoding

    @Test func byteOrderMarkIsSkipped() throws {
        #expect(try fields("\u{FEFF}title,artist\n") == [["title", "artist"]])
    }

    @Test func invalidUTF8NamesItsLine() {
        let bytes = Array("title,artist\nok,fine\n".utf8) + [0x41, 0xC3, 0x28, 0x2C, 0x42, 0x0A]
        #expect(throws: LibraryError(message: "library.csv:3: invalid UTF-8")) { try records(bytes) }
    }

    @Test func invalidUTF8InsideAMultiLineQuotedFieldNamesTheExactLine() {
        let bytes = Array("a,b\n\"first\nsecond\n".utf8) + [0xFF] + Array("\",c\n".utf8)
        #expect(throws: LibraryError(message: "library.csv:4: invalid UTF-8")) { try records(bytes) }
    }
}
