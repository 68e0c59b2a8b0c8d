import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutConfig
@testable import DeepCutHTTP
@testable import DeepCutLibrary
@testable import DeepCutSQLite

@Suite struct LoadLibraryTests {
    private let scratch = ScratchFolder()

    private func csv(_ name: String, _ contents: String) throws -> LibrarySource {
        LibrarySource(format: .csv, path: try scratch.write(name, contents))
    }

    private func json(_ name: String, _ contents: String) throws -> LibrarySource {
        LibrarySource(format: .json, path: try scratch.write(name, contents))
    }

    // MARK: - Artists

    @Test func artistsDedupeAcrossCaseWhitespaceAndUnicodeForm() async throws {
        let nfc = "Sigur R\u{00F3}s"
        let nfd = "Sigur Ro\u{0301}s"
        let outcome = try await LoadLibrary(registry: .files).run([
            try csv("a.csv", "title,artist\nTakk,\(nfc)\nFragments,Bonobo\nBlack Sands,BONOBO\n"),
            try json(
                "b.json",
                #"[{"title": "Kveikur", "artist": "\#(nfd)"}, {"title": "Migration", "artist": "  bonobo "}, {"title": "Con Todo El Mundo", "artist": "Khruangbin"}, {"title": "Valtari", "artist": "sigur   rós"}]"#
            )
        ])
        #expect(outcome.artists == [nfc, "Bonobo", "Khruangbin"])
        #expect(outcome.albums.count == 7)
    }

    @Test func artistsDedupeAcrossLibraryXMLBeetsAndCSV() async throws {
        let nfc = "Bj\u{00F6}rk"
        let nfd = "BJO\u{0308}RK"
        let xml = ITunesTestLibrary(tracks: [
            .init(id: 1, artist: "Koop", album: "Chill Out 4", isCompilation: true),
            .init(id: 2, artist: "  \(nfd)\t", album: "Homogenic"),
            .init(id: 3, artist: "khruangbin", album: "Mordechai")
        ]).xml
        let library = LibrarySource(format: .itunesXML, path: try scratch.write("Library.xml", xml), compilationArtists: true)
        let beets = scratch.url.appendingPathComponent("library.db")
        try BeetsTestDatabase.create(
            at: beets, schema: BeetsTestDatabase.earlySchema,
            albums: [
                .init(album: "Vespertine", albumartist: "björk ", mbAlbumArtistID: "87c5dedd-371d-4a53-9f7f-80522fb7f3cb"),
                .init(album: "Koop Islands", albumartist: "KOOP"),
                .init(album: "Now 100", albumartist: "various  ARTISTS")
            ])
        let outcome = try await LoadLibrary(registry: .files).run([
            try csv("library.csv", "title,artist\nDebut,\(nfc)\nMigration,Bonobo\n"),
            library,
            LibrarySource(format: .beets, path: beets)
        ])
        #expect(outcome.artists == [nfc, "Bonobo", "khruangbin", "Koop"])
        #expect(outcome.albums.count == 8)
        #expect(outcome.musicBrainzArtistIDs == ["björk": "87c5dedd-371d-4a53-9f7f-80522fb7f3cb"])
        #expect(outcome.sources.map(\.format) == [.csv, .itunesXML, .beets])
    }

    @Test func placeholderArtistsAreOwnedButNeverSwept() async throws {
        let outcome = try await LoadLibrary(registry: .files).run([
            try csv("library.csv", "title,artist\nNow 100,Various Artists\nFragments,Bonobo\nBest Of,various artists\nMix,Various\n")
        ])
        #expect(outcome.artists == ["Bonobo"])
        #expect(outcome.albums.map(\.title) == ["Now 100", "Fragments", "Best Of", "Mix"])
    }

    @Test func additionalArtistsFollowTheirSourcesAlbumArtists() {
        var first = LibraryReadResult(source: LibrarySource(format: .itunesXML, path: URL(fileURLWithPath: "/Library.xml")))
        first.addRow(title: "Chill Out 4", artist: "Various Artists", at: .record("album Chill Out 4"))
        first.additionalArtists = ["Koop", "Various Artists", "Bonobo"]
        var second = LibraryReadResult(source: LibrarySource(format: .csv, path: URL(fileURLWithPath: "/library.csv")))
        second.addRow(title: "Migration", artist: "BONOBO", at: .line(2))
        second.addRow(title: "Fragments", artist: "Jazzamor", at: .line(3))
        #expect(LoadLibrary.outcome(of: [first, second]).artists == ["Koop", "Bonobo", "Jazzamor"])
    }

    @Test func firstMusicBrainzIDForANameOrAlbumWins() {
        let key = AlbumKey(title: "Migration", artist: "Bonobo")
        var first = LibraryReadResult(source: LibrarySource(format: .beets, path: URL(fileURLWithPath: "/a.db")))
        first.musicBrainzArtistIDs = ["bonobo": "first"]
        first.musicBrainzReleaseGroupIDs = [key: "group-first"]
        var second = LibraryReadResult(source: LibrarySource(format: .beets, path: URL(fileURLWithPath: "/b.db")))
        second.musicBrainzArtistIDs = ["bonobo": "second", "queen": "queen-id"]
        second.musicBrainzReleaseGroupIDs = [key: "group-second"]
        let outcome = LoadLibrary.outcome(of: [first, second])
        #expect(outcome.musicBrainzArtistIDs == ["bonobo": "first", "queen": "queen-id"])
        #expect(outcome.musicBrainzReleaseGroupIDs == [key: "group-first"])
    }

    // MARK: - Sources and warnings

    @Test func summariesAndWarningsPerSourceInOrder() async throws {
        let outcome = try await LoadLibrary(registry: .files).run([
            try csv("library.csv", "title,artist\nA,X\n,Y\nB,\n"),
            try json("library.json", #"[{"title": "C", "artist": "Z"}, {"title": "D"}]"#)
        ])
        #expect(
            outcome.sources == [
                LibrarySourceSummary(source: "library.csv", format: .csv, albums: 1, warnings: 2),
                LibrarySourceSummary(source: "library.json", format: .json, albums: 1, warnings: 1)
            ])
        #expect(
            outcome.warnings.map(\.description) == [
                "library.csv:3: missing title",
                "library.csv:4: missing artist",
                "library.json: item 2: missing artist"
            ])
        #expect(outcome.albums.map(\.source) == ["csv:library.csv", "json:library.json"])
        #expect(outcome.artists == ["X", "Z"])
    }

    @Test func skippedNonMusicIsCountedPerSource() async throws {
        let xml = ITunesTestLibrary(tracks: [
            .init(id: 1, artist: "John Moore", album: "A Good Day to Die Hard", kind: "Purchased MPEG-4 video file", flag: "Movie"),
            .init(id: 2, artist: "Queen", album: "Innuendo")
        ]).xml
        let outcome = try await LoadLibrary(registry: .files).run([
            LibrarySource(format: .itunesXML, path: try scratch.write("Library.xml", xml))
        ])
        #expect(outcome.sources == [LibrarySourceSummary(source: "Library.xml", format: .itunesXML, albums: 1, warnings: 0, skipped: 1)])
        #expect(outcome.artists == ["Queen"])
    }

    @Test func unreadableSourceFailsTheStage() async throws {
        let missing = scratch.url.appendingPathComponent("missing.json")
        await #expect(throws: LibraryError(message: "\(missing.path): cannot read library: No such file or directory")) {
            try await LoadLibrary(registry: .files).run([
                try csv("library.csv", "title,artist\nA,X\n"), LibrarySource(format: .json, path: missing)
            ])
        }
    }

    // MARK: - Registry

    @Test func formatWithoutAReaderIsAConfigErrorBeforeAnyFileIsRead() async throws {
        let registry = LibraryReaderRegistry(readers: [.csv: CSVLibraryReader()])
        let unreadable = LibrarySource(format: .csv, path: scratch.url.appendingPathComponent("missing.csv"))
        let beets = LibrarySource(format: .beets, path: scratch.url.appendingPathComponent("library.db"))
        await #expect(throws: ConfigError(message: "library[1]: format 'beets' is not supported yet")) {
            try await LoadLibrary(registry: registry).run([unreadable, beets])
        }
    }

    @Test func registryDecidesWhichReaderRuns() async throws {
        let registry = LibraryReaderRegistry(readers: [.itunesXML: FixedReader(title: "Migration", artist: "Bonobo")])
        // LoadLibrary checks that a file source is a regular file that holds still, whichever reader reads it.
        let file = try scratch.write("Library.xml", "")
        let outcome = try await LoadLibrary(registry: registry).run([LibrarySource(format: .itunesXML, path: file)])
        #expect(outcome.albums == [LibraryAlbum(title: "Migration", artist: "Bonobo", source: "itunes-xml:Library.xml")])
        #expect(outcome.sources == [LibrarySourceSummary(source: "Library.xml", format: .itunesXML, albums: 1, warnings: 0)])
    }

    @Test func standardRegistryHasAReaderForEveryFormat() throws {
        let sources = LibraryFormat.allCases.map { LibrarySource(format: $0, path: URL(fileURLWithPath: "/library")) }
        let readers = try LibraryReaderRegistry.standard(client: ScriptedHTTPClient(replies: []), environment: [:]).readers(for: sources)
        #expect(readers[0] is CSVLibraryReader)
        #expect(readers[1] is JSONLibraryReader)
        #expect(readers[2] is ITunesXMLLibraryReader)
        #expect(readers[3] is BeetsLibraryReader)
        #expect(readers[4] is AppleMusicLibraryReader)
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
