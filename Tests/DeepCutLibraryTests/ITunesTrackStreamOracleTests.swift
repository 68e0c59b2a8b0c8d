import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutLibrary

/// The libxml2 stream reads every Library.xml exactly as Foundation's `XMLParser` walk did: the same
/// tracks, field by field, and the same error line for a broken file.
@Suite struct ITunesTrackStreamOracleTests {
    private let scratch = ScratchFolder()

    @Test func realExportSample() throws {
        guard let url = SharedSamples.url("itunes_Library_xml_libpytunes_Test_Library.xml") else { return }
        let streamed = try ITunesTrackStream.tracks(in: url)
        #expect(streamed.count == 402)
        try Self.expectSame(streamed, try FoundationLibraryParserOracle.tracks(in: url))
    }

    @Test func generatedFiveThousandTrackLibrary() throws {
        let url = scratch.url.appendingPathComponent("Library.xml")
        try Data(Self.generatedLibrary(tracks: 5_000).utf8).write(to: url)
        let streamed = try ITunesTrackStream.tracks(in: url)
        #expect(streamed.count == 5_000)
        try Self.expectSame(streamed, try FoundationLibraryParserOracle.tracks(in: url))
        // The odd corners the generator writes are really there, so the comparison covers them.
        #expect(streamed.contains { $0.isVideoOrSpoken })
        #expect(streamed.contains { $0.isCompilation })
        #expect(streamed.contains { $0.album == "Œuvres & <Rarities>" })
        #expect(streamed.contains { $0.year == nil && $0.trackType == "Remote" })
        #expect(streamed.contains { $0.totalTime == -5 })
        let grouping = ITunesAlbumGrouping(tracks: streamed)
        #expect(grouping == ITunesAlbumGrouping(tracks: try FoundationLibraryParserOracle.tracks(in: url)))
        #expect(grouping.skippedNonMusic > 0 && !grouping.problems.isEmpty && grouping.albums.count > 100)
    }

    /// Names the first track that differs, rather than printing thousands. A track that is not music
    /// is only counted, so the stream skips the rest of its values once it knows: for those, only
    /// the id and "not music" must agree.
    private static func expectSame(_ streamed: [ITunesTrack], _ oracle: [ITunesTrack]) throws {
        #expect(streamed.count == oracle.count)
        func kept(_ track: ITunesTrack) -> ITunesTrack {
            track.isMusic ? track : ITunesTrack(trackID: track.trackID, isVideoOrSpoken: true)
        }
        let first = zip(streamed, oracle).first { kept($0) != kept($1) }
        #expect(first == nil, "first difference: \(String(describing: first))")
    }

    static let brokenFiles: [(String, Data)] = [
        ("unclosed dict", Data("<?xml version=\"1.0\"?>\n<plist>\n<dict>\n<key>Tracks</key>\n<dict>\n</plist>\n".utf8)),
        ("html", Data("<html>\n<body>Export failed</body>\n</html>\n".utf8)),
        ("binary", Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0xFF, 0xFE, 0x00, 0x9C])),
        ("no Tracks", Data("<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict><key>Playlists</key><array/></dict>\n</plist>\n".utf8)),
        ("bare ampersand", Data(generatedLibrary(tracks: 40).replacingOccurrences(of: "Album 2<", with: "AC&DC<").utf8)),
        ("truncated", Data(generatedLibrary(tracks: 300).utf8.prefix(20_000))),
        ("empty", Data()),
        (
            "an attribute name that is not UTF-8",
            Data("<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict ".utf8) + Data([0xFF]) + Data("=\"1\"></dict></plist>\n".utf8)
        ),
        (
            "undefined entity",
            Data(
                "<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict><key>Tracks</key><dict>\n<key>1</key><dict><key>Album</key><string>&x;</string></dict></dict></dict></plist>\n"
                    .utf8)
        )
    ]

    @Test(arguments: brokenFiles.indices)
    func brokenFileFailsOnTheSameLine(_ index: Int) throws {
        let (_, contents) = Self.brokenFiles[index]
        let url = scratch.url.appendingPathComponent("broken-\(index).xml")
        try contents.write(to: url)
        var oracle: FoundationLibraryParserOracle.ParseError?
        do { _ = try FoundationLibraryParserOracle.tracks(in: url) } catch { oracle = error }
        var streamed: ITunesTrackStream.ParseError?
        do { _ = try ITunesTrackStream.tracks(in: url) } catch let error as ITunesTrackStream.ParseError { streamed = error }
        let expected = try #require(oracle)
        let actual = try #require(streamed)
        #expect(actual.line == expected.line)
        #expect(actual.message == expected.message)
    }

    /// A Library.xml in the shape of real exports, with the corners a reader can get wrong: video and
    /// spoken items, compilations, entities and non-ASCII text, Remote tracks, odd integers, a track
    /// with a nested array, fields typed unexpectedly, and a large Playlists section.
    static func generatedLibrary(tracks count: Int) -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple Computer//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>Major Version</key><integer>1</integer>
            \t<key>Application Version</key><string>12.9.0.164</string>
            \t<key>Tracks</key>
            \t<dict>

            """
        let flags = ["Movie", "TV Show", "Podcast", "Music Video", "Has Video", "Audiobook", "iTunesU"]
        for id in 1...count {
            var fields: [(String, String)] = [("Track ID", "<integer>\(id)</integer>"), ("Name", "<string>Song \(id)</string>")]
            let album = id % 97 == 0 ? "Œuvres &amp; &lt;Rarities&gt;" : id % 211 == 0 ? "" : "Album \(id / 12)"
            fields.append(("Artist", "<string>Artist \(id / 40)\(id % 13 == 0 ? "\n\tfeat. Guest" : "")</string>"))
            if id % 5 == 0 { fields.append(("Album Artist", "<string>Artist \(id / 60)</string>")) }
            if id % 311 != 0 { fields.append(("Album", "<string>\(album)</string>")) }
            fields.append(("Genre", "<string>\(id % 50 == 0 ? "Spoken Word" : "Rock")</string>"))
            fields.append(("Kind", id % 17 == 0 ? "<string>MPEG-4 video file</string>" : "<string>AAC audio file</string>"))
            fields.append(("Size", "<integer>\(id * 1_000)</integer>"))
            fields.append(
                (
                    "Total Time",
                    id % 89 == 0 ? "<integer>-5</integer>" : id % 83 == 0 ? "<string>12x</string>" : "<integer>\(id * 7)</integer>"
                ))
            if id % 7 != 0 { fields.append(("Year", "<integer>\(1960 + id % 60)</integer>")) }
            fields.append(("Date Added", "<date>2019-01-01T00:00:00Z</date>"))
            fields.append(("Persistent ID", "<string>\(String(id, radix: 16, uppercase: true))</string>"))
            if id % 9 == 0 { fields.append(("Compilation", "<true/>")) }
            if id % 23 == 0 { fields.append((flags[id % flags.count], id % 2 == 0 ? "<true/>" : "<false/>")) }
            if id % 29 == 0 { fields.append(("Artwork", "<array><dict><key>Album</key><string>Nested \(id)</string></dict></array>")) }
            fields.append(
                ("Track Type", id % 31 == 0 ? "<string>Remote</string>" : id % 37 == 0 ? "<string>URL</string>" : "<string>File</string>"))
            if id % 31 == 0 { fields.removeAll { $0.0 == "Kind" || $0.0 == "Year" } }
            fields.append(
                ("Location", "<string>file:///Users/someone/Music/iTunes/iTunes%20Media/Music/Artist%20\(id)/Song%20\(id).m4a</string>"))
            text += "\t\t<key>\(id)</key>\n\t\t<dict>\n"
            for (key, value) in fields { text += "\t\t\t<key>\(key)</key>\(value)\n" }
            text += "\t\t</dict>\n"
        }
        text += "\t</dict>\n\t<key>Playlists</key>\n\t<array>\n\t\t<dict>\n\t\t\t<key>Name</key><string>Library</string>\n"
        text += "\t\t\t<key>Playlist Items</key>\n\t\t\t<array>\n"
        for id in 1...count { text += "\t\t\t\t<dict><key>Track ID</key><integer>\(id)</integer></dict>\n" }
        text += "\t\t\t</array>\n\t\t</dict>\n\t</array>\n</dict>\n</plist>\n"
        return text
    }
}

extension ITunesTrackStream {
    /// The stream over a file on disk, read as the reader reads it.
    static func tracks(in url: URL) throws -> [ITunesTrack] {
        let file = try LibraryFile(opening: url, sizeLimit: LibraryFile.streamedSizeLimit)
        return try tracks(readingChunks: file.nextChunk)
    }
}

/// `ITunesAlbumGrouping.clean`'s byte-level shortcut never changes what the `Character` path gives.
@Suite struct ITunesCleanShortcutTests {
    static let values = [
        "Album", "Sigur Rós", "Don’t Stop", "a  b", " lead", "trail ", "line\nbreak", "tab\tbed", "cr\r\nlf", "", " ",
        "nbsp\u{00A0}here", "nel\u{0085}here", "ogham\u{1680}space", "en\u{2002}space", "thin\u{2009}space", "line\u{2028}sep",
        "para\u{2029}sep", "narrow\u{202F}nb", "math\u{205F}space", "ideo\u{3000}space", "space \u{301}mark", "zwj \u{200D}x",
        "del\u{7F}", "unit\u{1F}sep", "emoji 🎵 note", "日本語 タイトル", "e\u{301}clair", "x \u{0600}y", "©2020 – “Live”"
    ]

    @Test(arguments: values)
    func shortcutAgreesWithCharacters(_ value: String) {
        let slow = value.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let expected = slow.isEmpty ? nil : slow
        #expect(ITunesAlbumGrouping.clean(value) == expected)
        if ITunesAlbumGrouping.isClean(value) { #expect(expected == value) }
    }
}
