import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutCatalog
@testable import DeepCutHTTP

/// Decodes the real iTunes answers in `Tests/Samples` (copies of `../shared/samples`; see its README for provenance).
@Suite struct ITunesSampleConformanceTests {
    static let samplesFolder = SharedSamples.folder

    /// Fails, naming the folder, when the samples are missing: a conformance test must never pass on nothing.
    func sample(_ name: String) throws -> Data {
        let file = Self.samplesFolder.appending(path: name)
        try #require(
            FileManager.default.fileExists(atPath: file.path),
            "iTunes sample missing: \(file.path) — the conformance test needs Tests/Samples")
        return try Data(contentsOf: file)
    }

    @Test func everyITunesSampleDecodes() throws {
        try #require(
            FileManager.default.fileExists(atPath: Self.samplesFolder.path),
            "samples folder missing: \(Self.samplesFolder.path)")
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.samplesFolder.path)
            .filter { $0.hasPrefix("itunes_") && $0.hasSuffix(".json") }.sorted()
        try #require(!names.isEmpty, "no itunes_*.json sample in \(Self.samplesFolder.path)")
        for name in names {
            let body = try ITunesBody.decode(sample(name))
            let releases = try body.releases(creditedTo: "Sample")
            let artists = try body.artists()
            #expect(!releases.isEmpty || !artists.isEmpty, "\(name) decoded to nothing")
            #expect(releases.allSatisfy { $0.releaseDate != nil }, "\(name) has an undated release")
        }
    }

    @Test func albumLookupWithLeadingBlankLines() throws {
        let body = try sample("itunes_lookup_album_id1441458047_entity-song_harmony.json")
        #expect(body.prefix(3) == Data("\n\n\n".utf8))
        let releases = try ITunesBody.decode(body).releases(creditedTo: "Sample")
        #expect(
            releases == [
                Release(
                    id: "1441458047", title: "A Night at the Opera (Deluxe Edition)", artist: "Queen", type: .album,
                    releaseDate: ReleaseDate(year: 1975, month: 11, day: 21),
                    artworkURL:
                        "https://is1-ssl.mzstatic.com/image/thumb/Music221/v4/11/c4/9f/11c49f00-8b2e-461e-c8b9-f88ec1f36e93/14UMGIM39390.rgb.jpg/100x100bb.jpg",
                    url: "https://music.apple.com/gb/album/a-night-at-the-opera-deluxe-edition/1441458047?uo=4", genre: "Rock")
            ])
    }

    @Test func epSuffixIsStripped() throws {
        let releases = try ITunesBody.decode(sample("itunes_lookup_album_id1728639278_entity-song_harmony.json"))
            .releases(creditedTo: "Sample")
        #expect(releases.map(\.title) == ["Nightmare·Escape The ERA"])
        #expect(releases.map(\.type) == [.ep])
        #expect(releases.first?.releaseDate == ReleaseDate(year: 2018, month: 5, day: 10))
    }

    @Test func variousArtistsCompilationSaysAlbum() throws {
        let releases = try ITunesBody.decode(sample("itunes_lookup_album_id255636575_entity-song_harmony.json"))
            .releases(creditedTo: "Sample")
        #expect(releases.map(\.artist) == ["Various Artists"])
        #expect(releases.map(\.type) == [.album])
    }

    @Test func artistAlbumLookupSkipsTheArtistRow() throws {
        let releases = try ITunesBody.decode(sample("itunes_lookup_amgArtistId3015593_entity-album_limit5_polyphia_extracted.json"))
            .releases(creditedTo: "Sample")
        #expect(releases.map(\.id) == ["1078457179", "1416234351", "640294125", "1257322261", "1651208826"])
        #expect(releases.map(\.type) == [.album, .album, .ep, .ep, .album])
        #expect(
            releases.map(\.title) == [
                "Renaissance", "New Levels New Devils", "Inspire", "The Most Hated",
                "Remember That You Will Die"
            ])
        #expect(releases.map(\.isExplicit) == [false, false, false, true, true])
    }

    @Test func artistWrappersDecodeAsSearchResults() throws {
        let artists = try ITunesBody.decode(sample("itunes_lookup_amgArtistId468749-5723_artist-wrappers_dewski-vcr-2012.json"))
            .artists()
        #expect(artists == [CatalogArtist(id: "909253", name: "Jack Johnson"), CatalogArtist(id: "78500", name: "U2")])
    }
}

/// The real `entity=song` answers decode into track lists: titles and lengths, and a list the
/// storefront cut short (16 rows for 19 tracks) marked incomplete.
@Suite struct ITunesTrackListSampleTests {
    @Test(arguments: [
        ("itunes_lookup_album_id1441458047_entity-song_harmony.json", "1441458047", 18, true),
        ("itunes_lookup_album_id1728639278_entity-song_harmony.json", "1728639278", 6, true),
        ("itunes_lookup_album_id255636575_entity-song_harmony.json", "255636575", 15, false)
    ])
    func realTrackListsDecode(name: String, id: String, tracks: Int, complete: Bool) throws {
        guard let url = SharedSamples.url(name) else { return }
        let list = try JSONBody.decode(ITunesTrackRows.self, from: Data(contentsOf: url)).trackList(of: id)
        #expect(list.tracks.count == tracks)
        #expect(list.isComplete == complete)
        #expect(list.tracks.allSatisfy { ($0.seconds ?? 0) > 30 })
    }

    @Test func anAnswerWithoutTheCollectionIsNotAnEmptyTrackList() throws {
        #expect(throws: BodyDecodingError.self) {
            try JSONBody.decode(ITunesTrackRows.self, from: Data(#"{"resultCount":0,"results":[]}"#.utf8)).trackList(of: "1")
        }
    }
}
