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
}
