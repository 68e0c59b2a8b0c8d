import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutConfig
@testable import DeepCutFixtures
@testable import DeepCutHTTP
@testable import DeepCutLibrary

@Suite struct CSVLibraryReaderTests {
    private let scratch = ScratchFolder()

    /// The fields' trim keeps bare ASCII-edged text as it is and otherwise is Foundation's, exactly:
    /// every edge among ASCII whitespace, controls, DEL, NBSP, NEL, ideographic space and letters.
    @Test func trimmingEqualsFoundationsTrim() {
        let edges = [
            " ", "\t", "\n", "\r", "\u{0B}", "\u{0C}", "\u{00}", "\u{1F}", "\u{7F}", "\u{A0}", "\u{85}", "\u{3000}", "a", "É", "!", ""
        ]
        for first in edges {
            for last in edges {
                for middle in ["", "x", " Abbey Road ", "\u{A0}", "Björk"] {
                    let text = first + middle + last
                    #expect(
                        LibraryReadResult.trimmed(text) == text.trimmingCharacters(in: .whitespacesAndNewlines),
                        "\(Array(text.unicodeScalars))")
                }
            }
        }
    }

    private func read(_ contents: String, name: String = "library.csv") throws -> LibraryReadResult {
        try read(Data(contents.utf8), name: name)
    }

    private func read(_ contents: Data, name: String = "library.csv") throws -> LibraryReadResult {
        try CSVLibraryReader().read(LibrarySource(format: .csv, path: scratch.write(name, contents)))
    }

    private func pairs(_ result: LibraryReadResult) -> [[String]] {
        result.albums.map { [$0.title, $0.artist] }
    }

    // MARK: - Header

    @Test func headerColumnsMatchInAnyCaseOrderAndSpacing() throws {
        let result = try read("Year, ARTIST ,Genre,Title \n2018,Khruangbin,Funk,Con Todo El Mundo\n")
        #expect(pairs(result) == [["Con Todo El Mundo", "Khruangbin"]])
        #expect(result.warnings.isEmpty)
    }

    @Test func albumsRecordTheirSource() throws {
        let result = try read("title,artist\nFragments,Bonobo\n", name: "mine.csv")
        #expect(result.albums == [LibraryAlbum(title: "Fragments", artist: "Bonobo", source: "csv:mine.csv")])
    }

    @Test(arguments: [
        ("album,artist\nA,B\n", "library.csv:1: header has no 'title' column"),
        ("title,band\nA,B\n", "library.csv:1: header has no 'artist' column"),
        ("Fragments,Bonobo\n", "library.csv:1: header has no 'title' or 'artist' columns"),
        ("\n\ntitle\n", "library.csv:3: header has no 'artist' column"),
        ("", "library.csv: empty file, expected a header row with 'title' and 'artist' columns"),
        ("\u{FEFF}\r\n", "library.csv: empty file, expected a header row with 'title' and 'artist' columns")
    ])
    func missingHeaderColumnsAreDataErrors(contents: String, message: String) {
        #expect(throws: LibraryError(message: message)) { try read(contents) }
    }

    @Test func headerOnlyIsAnEmptyLibrary() throws {
        let result = try read("title,artist\n")
        #expect(result.albums.isEmpty)
        #expect(result.warnings.isEmpty)
    }

    // MARK: - Rows

    @Test func rowsMissingTitleOrArtistAreCountedWarnings() throws {
        let result = try read("title,artist\nGood,Band\n,Band\nTitle,\n   ,  \nShort\nAlso Good,\"Band, The\"\n")
        #expect(pairs(result) == [["Good", "Band"], ["Also Good", "Band, The"]])
        #expect(
            result.warnings.map(\.description) == [
                "library.csv:3: missing title",
                "library.csv:4: missing artist",
                "library.csv:5: missing title and artist",
                "library.csv:6: missing artist"
            ])
    }

    @Test func valuesAreTrimmed() throws {
        #expect(pairs(try read("title,artist\n  Fragments , Bonobo\t\n")) == [["Fragments", "Bonobo"]])
    }

    @Test func quotingCRLFAndByteOrderMark() throws {
        let result = try read(
            "\u{FEFF}\"title\",\"artist\"\r\n\"Sleep, Perchance\",\"The \"\"Band\"\"\"\r\n\"Two\r\nLines\",X\r\nLast,Y\r\n")
        #expect(pairs(result) == [["Sleep, Perchance", "The \"Band\""], ["Two\r\nLines", "X"], ["Last", "Y"]])
    }

    @Test func warningLinesCountQuotedLineBreaks() throws {
        let result = try read("title,artist\n\"A\nB\",X\n\"C\",\n")
        #expect(result.warnings.map(\.description) == ["library.csv:4: missing artist"])
    }

    // MARK: - File errors

    @Test func unterminatedQuoteIsADataError() {
        #expect(throws: LibraryError(message: "library.csv:14: unterminated quoted field")) {
            try read("title,artist\n" + String(repeating: "A,B\n", count: 12) + "\"Open,B\nC,D\n")
        }
    }

    @Test func invalidUTF8NamesTheLine() {
        var bytes = Data("title,artist\nA,B\n".utf8)
        bytes.append(contentsOf: [0x43, 0xE9, 0x2C, 0x44, 0x0A])
        #expect(throws: LibraryError(message: "library.csv:3: invalid UTF-8")) { try read(bytes) }
    }

    @Test func missingFileNamesThePath() {
        let path = scratch.url.appendingPathComponent("gone.csv")
        #expect(throws: LibraryError(message: "\(path.path): cannot read library: No such file or directory")) {
            try CSVLibraryReader().read(LibrarySource(format: .csv, path: path))
        }
    }

    @Test func folderNamesThePath() {
        #expect(
            throws: LibraryError(message: "\(scratch.url.path): not a library file: it is a directory; a library must be a regular file")
        ) {
            try CSVLibraryReader().read(LibrarySource(format: .csv, path: scratch.url))
        }
    }

    @Test func errorsExitWithDataErrorCode() {
        #expect(LibraryError(message: "x").exitCode.rawValue == 65)
    }

    // MARK: - Size

    @Test func fiftyThousandRowsAcrossManyChunks() throws {
        var text = "artist,title,year\n"
        for index in 0..<50_000 {
            text += index % 1000 == 999 ? "Artist \(index),,2020\n" : "Artist \(index % 500),\"Album, No. \(index)\",2020\n"
        }
        let result = try read(text)
        #expect(result.albums.count == 49_950)
        #expect(result.warnings.count == 50)
        #expect(result.warnings.first?.description == "library.csv:1001: missing title")
        #expect(result.albums.last == LibraryAlbum(title: "Album, No. 49998", artist: "Artist 498", source: "csv:library.csv"))
    }
}
