import DeepCutCore
import Foundation
import Testing
@testable import DeepCut

@Suite struct LoadLibraryTests {
    private let scratch = ScratchFolder()

    private func csv(_ name: String, _ contents: String) throws -> LibrarySource {
        LibrarySource(format: .csv, path: try scratch.write(name, contents))
    }

    private func json(_ name: String, _ contents: String) throws -> LibrarySource {
        LibrarySource(format: .json, path: try scratch.write(name, contents))
    }

    // MARK: - Artists

    @Test func artistsDedupeAcrossCaseWhitespaceAndUnicodeForm() throws {
        let nfc = "Sigur R\u{00F3}s"
        let nfd = "Sigur Ro\u{0301}s"
        let outcome = try LoadLibrary().run([
            try csv("a.csv", "title,artist\nTakk,\(nfc)\nFragments,Bonobo\nBlack Sands,BONOBO\n"),
            try json("b.json", #"[{"title": "Kveikur", "artist": "\#(nfd)"}, {"title": "Migration", "artist": "  bonobo "}, {"title": "Con Todo El Mundo", "artist": "Khruangbin"}, {"title": "Valtari", "artist": "sigur   rós"}]"#),
        ])
        #expect(outcome.artists == [nfc, "Bonobo", "Khruangbin"])
        #expect(outcome.albums.count == 7)
    }

    @Test func placeholderArtistsAreOwnedButNeverSwept() throws {
        let outcome = try LoadLibrary().run([
            try csv("library.csv", "title,artist\nNow 100,Various Artists\nFragments,Bonobo\nBest Of,various artists\nMix,Various\n"),
        ])
        #expect(outcome.artists == ["Bonobo"])
        #expect(outcome.albums.map(\.title) == ["Now 100", "Fragments", "Best Of", "Mix"])
    }

    // MARK: - Sources and warnings

    @Test func summariesAndWarningsPerSourceInOrder() throws {
        let outcome = try LoadLibrary().run([
            try csv("library.csv", "title,artist\nA,X\n,Y\nB,\n"),
            try json("library.json", #"[{"title": "C", "artist": "Z"}, {"title": "D"}]"#),
        ])
        #expect(outcome.sources == [
            LibrarySourceSummary(source: "library.csv", format: .csv, albums: 1, warnings: 2),
            LibrarySourceSummary(source: "library.json", format: .json, albums: 1, warnings: 1),
        ])
        #expect(outcome.warnings.map(\.description) == [
            "library.csv:3: missing title",
            "library.csv:4: missing artist",
            "library.json: item 2: missing artist",
        ])
        #expect(outcome.albums.map(\.source) == ["csv:library.csv", "json:library.json"])
        #expect(outcome.artists == ["X", "Z"])
    }

    @Test func unreadableSourceFailsTheStage() throws {
        let missing = scratch.url.appendingPathComponent("missing.json")
        #expect(throws: LibraryError(message: "\(missing.path): cannot read library: No such file or directory")) {
            try LoadLibrary().run([try csv("library.csv", "title,artist\nA,X\n"), LibrarySource(format: .json, path: missing)])
        }
    }

    // MARK: - Registry

    @Test func formatWithoutAReaderIsAConfigErrorBeforeAnyFileIsRead() throws {
        let unreadable = LibrarySource(format: .csv, path: scratch.url.appendingPathComponent("missing.csv"))
        let beets = LibrarySource(format: .beets, path: scratch.url.appendingPathComponent("library.db"))
        #expect(throws: ConfigError(message: "library[1]: format 'beets' is not supported yet")) {
            try LoadLibrary().run([unreadable, beets])
        }
    }

    @Test func registryDecidesWhichReaderRuns() throws {
        let registry = LibraryReaderRegistry(readers: [.itunesXML: FixedReader(title: "Migration", artist: "Bonobo")])
        let outcome = try LoadLibrary(registry: registry).run([LibrarySource(format: .itunesXML, path: URL(fileURLWithPath: "/Library.xml"))])
        #expect(outcome.albums == [LibraryAlbum(title: "Migration", artist: "Bonobo", source: "itunes-xml:Library.xml")])
        #expect(outcome.sources == [LibrarySourceSummary(source: "Library.xml", format: .itunesXML, albums: 1, warnings: 0)])
    }

    @Test func standardRegistryReadsCSVAndJSON() throws {
        let sources = [LibrarySource(format: .csv, path: URL(fileURLWithPath: "/a.csv")), LibrarySource(format: .json, path: URL(fileURLWithPath: "/b.json"))]
        let readers = try LibraryReaderRegistry.standard.readers(for: sources)
        #expect(readers[0] is CSVLibraryReader)
        #expect(readers[1] is JSONLibraryReader)
    }
}

/// A reader that returns one album without touching the file system.
private struct FixedReader: LibraryReader {
    let title: String
    let artist: String

    func read(_ source: LibrarySource) throws -> LibraryReadResult {
        var result = LibraryReadResult(source: source)
        result.addRow(title: title, artist: artist, at: .item(1))
        return result
    }
}
