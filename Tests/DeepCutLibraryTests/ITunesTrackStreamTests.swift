import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutLibrary

@Suite struct ITunesTrackStreamTests {
    /// Albums of the real export whose tracks carry a `Year`.
    static let datedAlbums = 22
    // MARK: The real export sample

    @Test func realExportGroupsIntoAlbumsAndSkipsVideo() throws {
        guard let url = SharedSamples.url("itunes_Library_xml_libpytunes_Test_Library.xml") else { return }
        let tracks = try ITunesTrackStream.tracks(in: url)
        #expect(tracks.count == 402)
        let grouping = ITunesAlbumGrouping(tracks: tracks)
        #expect(grouping.skippedNonMusic == 32)
        #expect(grouping.problems.isEmpty)
        #expect(grouping.albums.count == 22)
        #expect(grouping.albums.filter(\.isCompilation).count == 4)
        let artists = Set(grouping.albums.filter { !$0.isCompilation }.map(\.artist))
        #expect(artists.count == 16)
        #expect(artists.contains("Red Hot Chili Peppers"))
        // Film directors and TV credits are never artists.
        #expect(!artists.contains("Martin Campbell"))
        #expect(!artists.contains("Paul Greengrass"))
        // Embedded line breaks in values collapse to single spaces.
        #expect(grouping.albums.contains { $0.title == "#1 Pop Hits of the 60s & 70s (Digital Version) [Re-Recorded Versions]" })
        // Each album is dated by its tracks' earliest Year, when they have one.
        #expect(grouping.albums.filter { $0.year != nil }.count == Self.datedAlbums)
        #expect(grouping.albums.allSatisfy { $0.year.map { (1900...2100).contains($0) } ?? true })
        let chillOut = try #require(grouping.albums.first { $0.title == "Chill Out 4" })
        #expect(chillOut.artist == "Various Artists")
        #expect(chillOut.trackArtists.count == 12)
    }

    // MARK: Malformed input

    @Test func malformedXMLNamesTheLine() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lib-\(UUID().uuidString).xml")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data("<?xml version=\"1.0\"?>\n<plist>\n<dict>\n<key>Tracks</key>\n<dict>\n</plist>\n".utf8).write(to: url)
        #expect(throws: ITunesTrackStream.ParseError.self) { try ITunesTrackStream.tracks(in: url) }
        do {
            _ = try ITunesTrackStream.tracks(in: url)
        } catch let error as ITunesTrackStream.ParseError {
            #expect(error.line >= 5)
        }
    }

    @Test func xmlThatIsNotAPlistIsRejected() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lib-\(UUID().uuidString).xml")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data("<html><body>hi</body></html>".utf8).write(to: url)
        #expect(throws: ITunesTrackStream.ParseError.self) { try ITunesTrackStream.tracks(in: url) }
    }

    // MARK: Where the libxml2 stream differs from the XMLParser walk, on purpose

    private func parse(_ data: Data) throws -> [ITunesTrack] {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lib-\(UUID().uuidString).xml")
        defer { try? FileManager.default.removeItem(at: url) }
        try data.write(to: url)
        return try ITunesTrackStream.tracks(in: url)
    }

    private static func oneAlbum(_ album: String, doctype: String = "", encoding: String = "UTF-8") -> String {
        "<?xml version=\"1.0\" encoding=\"\(encoding)\"?>\n\(doctype)<plist version=\"1.0\"><dict><key>Tracks</key><dict><key>1</key><dict>"
            + "<key>Album</key><string>\(album)</string></dict></dict></dict></plist>\n"
    }

    /// The UTF-8 pre-scan guarded XMLParser against a crash and refused any file that was not UTF-8;
    /// libxml2 converts a file that declares its encoding.
    @Test func aDeclaredLatin1FileIsRead() throws {
        let parts = Self.oneAlbum("Caf#", encoding: "ISO-8859-1").components(separatedBy: "#")
        let tracks = try parse(Data(parts[0].utf8) + Data([0xE9]) + Data(parts[1].utf8))
        #expect(tracks.map(\.album) == ["Café"])
    }

    /// XMLParser dropped a declared entity's text silently ("ACDC", or "AC" for an external one);
    /// entities are never substituted now, so any but the five predefined ones is a broken file.
    @Test(arguments: [#"<!ENTITY foo "bar">"#, #"<!ENTITY foo SYSTEM "file:///etc/hostname">"#])
    func aDeclaredEntityIsRefusedNotExpanded(_ declaration: String) throws {
        let data = Data(Self.oneAlbum("AC&foo;DC", doctype: "<!DOCTYPE plist [\(declaration)]>\n").utf8)
        #expect(throws: ITunesTrackStream.ParseError(line: 3, message: "malformed XML (not well-formed, XML parser error 26)")) {
            try parse(data)
        }
    }

    @Test func predefinedEntitiesAndCharacterReferencesAreText() throws {
        #expect(try parse(Data(Self.oneAlbum("AC&amp;DC &#233;&lt;&gt;").utf8)).map(\.album) == ["AC&DC é<>"])
    }
}
