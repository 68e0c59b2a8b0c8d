import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutConfig
@testable import DeepCutHTTP
@testable import DeepCutLibrary
@testable import DeepCutSQLite

@Suite struct ITunesXMLLibraryReaderTests {
    private let scratch = ScratchFolder()

    private static let sampleName = "itunes_Library_xml_libpytunes_Test_Library.xml"

    /// The album artists of the real sample: every non-compilation music album, no film or TV credits.
    private static let sampleArtists: Set<String> = [
        "Aerosmith", "Amy Winehouse", "Bob Marley", "Dixie Chicks", "Emmylou Harris & Mark Knopfler", "Gnarls Barkley",
        "J.J. Cale & Eric Clapton", "Morcheeba", "Nina Simone", "Poison", "Queen", "Red Hot Chili Peppers",
        "Rodrigo y Gabriela", "The Eagles", "U2", "ZZ Top"
    ]

    private func read(_ library: ITunesTestLibrary, compilationArtists: Bool = false) throws -> LibraryReadResult {
        try read(library.xml, compilationArtists: compilationArtists)
    }

    private func read(_ xml: String, compilationArtists: Bool = false) throws -> LibraryReadResult {
        let source = LibrarySource(
            format: .itunesXML, path: try scratch.write("Library.xml", xml),
            compilationArtists: compilationArtists)
        return try ITunesXMLLibraryReader().read(source)
    }

    // MARK: - The real export

    @Test func realExportHasTwentyTwoAlbumsAndSixteenArtists() async throws {
        guard let url = SharedSamples.url(Self.sampleName) else { return }
        let source = LibrarySource(format: .itunesXML, path: url)
        let outcome = try await LoadLibrary(registry: .files).run([source])
        #expect(outcome.albums.count == 22)
        #expect(outcome.albums.filter { $0.artist == "Various Artists" }.count == 4)
        #expect(outcome.artists.count == 16)
        #expect(Set(outcome.artists) == Self.sampleArtists)
        #expect(!outcome.artists.contains("Martin Campbell"))
        #expect(!outcome.artists.contains("John Moore"))
        #expect(!outcome.artists.contains("Koop"))
        #expect(
            outcome.sources == [LibrarySourceSummary(source: Self.sampleName, format: .itunesXML, albums: 22, warnings: 0, skipped: 32)])
        #expect(outcome.albums.allSatisfy { $0.source == "itunes-xml:\(Self.sampleName)" })
        let compilation = try #require(
            outcome.albums.first { $0.title == "#1 Pop Hits of the 60s & 70s (Digital Version) [Re-Recorded Versions]" })
        #expect(compilation.artist == "Various Artists")
        // Track names and lengths come along, for the evidence path: Aerosmith's album has 12.
        let rockin = try #require(outcome.albums.first { $0.title == "Rockin' the Joint" })
        #expect(rockin.tracks?.count == 12)
        #expect(rockin.tracks?.allSatisfy { ($0.seconds ?? 0) > 10 } == true)
    }

    @Test func realExportWithCompilationArtistsSweepsTheirTrackArtistsToo() async throws {
        guard let url = SharedSamples.url(Self.sampleName) else { return }
        let source = LibrarySource(format: .itunesXML, path: url, compilationArtists: true)
        let outcome = try await LoadLibrary(registry: .files).run([source])
        #expect(outcome.albums.count == 22)
        #expect(outcome.artists.count == 31)
        #expect(Set(outcome.artists).isSuperset(of: Self.sampleArtists))
        for artist in ["Koop", "Ladysmith Black Mambazo", "The Tokens", "Nils Landgren & Joe Sample", "Jazzamor"] {
            #expect(outcome.artists.contains(artist), "\(artist)")
        }
        #expect(!outcome.artists.contains("Various Artists"))
        #expect(!outcome.artists.contains("Martin Campbell"))
    }

    // MARK: - Grouping

    @Test func tracksGroupByAlbumArtistFallingBackToTrackArtist() throws {
        let result = try read(
            ITunesTestLibrary(tracks: [
                .init(id: 1, artist: "Bonobo feat. Jamila Woods", albumArtist: "Bonobo", album: "Migration"),
                .init(id: 2, artist: "Bonobo", album: "Migration"),
                .init(id: 3, artist: "Khruangbin", album: "Con Todo El Mundo"),
                .init(id: 4, artist: "Khruangbin", album: " con todo  el mundo ")
            ]))
        #expect(result.albums.map { [$0.title, $0.artist] } == [["Migration", "Bonobo"], ["Con Todo El Mundo", "Khruangbin"]])
        #expect(result.additionalArtists.isEmpty)
        #expect(result.warnings.isEmpty)
    }

    @Test func compilationTrackArtistsJoinOnlyWhenAskedFor() throws {
        let library = ITunesTestLibrary(tracks: [
            .init(id: 1, artist: "Koop", album: "Chill Out 4", isCompilation: true),
            .init(id: 2, artist: "Jazzamor", albumArtist: "Various Artists", album: "Chill Out 4", isCompilation: true),
            .init(id: 3, artist: "Bonobo", album: "Fragments")
        ])
        let plain = try read(library)
        #expect(plain.albums.map(\.artist) == ["Various Artists", "Bonobo"])
        #expect(plain.additionalArtists.isEmpty)
        let withArtists = try read(library, compilationArtists: true)
        #expect(withArtists.albums == plain.albums)
        #expect(withArtists.additionalArtists == ["Koop", "Jazzamor"])
    }

    @Test func nonMusicIsSkippedAndItsCreditsNeverBecomeArtists() throws {
        let result = try read(
            ITunesTestLibrary(tracks: [
                .init(id: 1, artist: "Martin Campbell", album: "Casino Royale", kind: "Purchased MPEG-4 video file", flag: "Movie"),
                .init(id: 2, artist: "Some Host", album: "A Show", kind: "MPEG audio file", flag: "Podcast"),
                .init(id: 3, artist: "Director", album: "Clip", kind: "Purchased AAC audio file", flag: "Has Video"),
                .init(id: 4, artist: "Narrator", album: "A Book", kind: nil),
                .init(id: 5, artist: "Queen", album: "Innuendo", kind: "Apple Lossless audio file")
            ]))
        #expect(result.albums.map(\.artist) == ["Queen"])
        #expect(result.skipped == 4)
        #expect(result.warnings.isEmpty)
    }

    @Test func musicTracksWithoutAlbumOrArtistAreWarningsNamingTheTrack() throws {
        let result = try read(
            ITunesTestLibrary(tracks: [
                .init(id: 101, artist: "Loose Single"),
                .init(id: 102, album: "Nameless"),
                .init(id: 103, artist: "Queen", album: "Innuendo")
            ]))
        #expect(result.albums.map(\.title) == ["Innuendo"])
        #expect(
            result.warnings.map(\.description) == [
                "Library.xml: track 101: music track without an album title",
                "Library.xml: track 102: music track without an artist or album artist"
            ])
    }

    @Test func markupAndUnicodeInValuesSurvive() throws {
        let result = try read(
            ITunesTestLibrary(tracks: [
                .init(id: 1, artist: "Simon & Garfunkel", album: "Bookends <Remastered>"),
                .init(id: 2, artist: "Sigur Ro\u{0301}s", album: "Takk...")
            ]))
        #expect(result.albums.map(\.artist) == ["Simon & Garfunkel", "Sigur Ro\u{0301}s"])
        #expect(result.albums.first?.title == "Bookends <Remastered>")
    }

    @Test func twentyThousandTracksStream() throws {
        let tracks = (0..<20_000).map { ITunesTestLibrary.Track(id: $0 + 1, artist: "Artist \($0 % 500)", album: "Album \($0 % 2_000)") }
        let result = try read(ITunesTestLibrary(tracks: tracks))
        #expect(result.albums.count == 2_000)
        #expect(Set(result.albums.map(\.artist)).count == 500)
        #expect(result.warnings.isEmpty)
    }

    // MARK: - Files that are not a library

    @Test func aPlistWithoutTracksIsNotALibrary() {
        let xml =
            "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict>\n<key>CFBundleName</key><string>App</string>\n</dict>\n</plist>\n"
        #expect(throws: LibraryError(message: "Library.xml: not an iTunes library export (no Tracks dictionary)")) { try read(xml) }
    }

    @Test func anEmptyTracksDictionaryIsAnEmptyLibrary() throws {
        let result = try read(ITunesTestLibrary(tracks: []))
        #expect(result.albums.isEmpty)
        #expect(result.warnings.isEmpty)
    }

    @Test func missingFileNamesThePath() {
        let path = scratch.url.appendingPathComponent("Gone.xml")
        #expect(throws: LibraryError(message: "\(path.path): cannot read library: No such file or directory")) {
            try ITunesXMLLibraryReader().read(LibrarySource(format: .itunesXML, path: path))
        }
    }
}
