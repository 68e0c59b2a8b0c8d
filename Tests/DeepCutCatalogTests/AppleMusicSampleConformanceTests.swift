import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutCatalog
@testable import DeepCutHTTP

/// Decodes the Apple Music answers in `Tests/Samples` (copies of `../shared/samples`; see its README for provenance).
@Suite struct AppleMusicSampleConformanceTests {
    static let searchSample = "applemusic_catalog_gb_search_results_gary-clark-jr_listen-together_extracted.json"
    static let albumsSample = "applemusic_catalog_artists_1147783278_albums_DOC-EXAMPLE_transcribed-abridged.json"
    static let libraryAlbumsSample = "applemusic_me_library_albums_DOC-EXAMPLE_transcribed.json"

    func sample(_ name: String) throws -> Data {
        try Data(contentsOf: try #require(SharedSamples.url(name)))
    }

    /// The search capture is MusicKit JS's view of the answer: the `results` object without its envelope.
    func searchBody() throws -> AppleMusicSearchBody {
        let wrapped = Data(#"{"results": "#.utf8) + (try sample(Self.searchSample)) + Data("}".utf8)
        return try JSONBody.decode(AppleMusicSearchBody.self, from: wrapped)
    }

    @Test func everyAppleMusicSampleDecodes() throws {
        let folder = SharedSamples.folder
        try #require(FileManager.default.fileExists(atPath: folder.path), "samples folder missing: \(folder.path)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasPrefix("applemusic_") && $0.hasSuffix(".json") }.sorted()
        #expect(
            names == [Self.albumsSample, Self.searchSample, Self.libraryAlbumsSample],
            "a new applemusic_ sample needs a decoder assertion here")
        for name in names where name != Self.searchSample {
            let page = try JSONBody.decode(AppleMusicAlbumPage.self, from: sample(name))
            let releases = page.releases(creditedTo: "Sample")
            #expect(!releases.isEmpty, "\(name) decoded to nothing")
            #expect(releases.allSatisfy { $0.releaseDate != nil }, "\(name) has an undated release")
        }
        #expect(!(try searchBody().artists.isEmpty))
    }

    @Test func searchFindsTheArtist() throws {
        #expect(try searchBody().artists == [CatalogArtist(id: "266463936", name: "Gary Clark Jr.")])
        #expect(
            CatalogArtist.resolution(of: "gary clark jr.", among: try searchBody().artists)
                == .found(id: "266463936", name: "Gary Clark Jr."))
    }

    @Test func artistAlbumsMapTypesFromTheNameSuffixNotIsSingle() throws {
        let releases = try JSONBody.decode(AppleMusicAlbumPage.self, from: sample(Self.albumsSample))
            .releases(creditedTo: "Sample")
        #expect(releases.count == 14)
        let byTitle = Dictionary(releases.map { ($0.title, $0.type) }, uniquingKeysWith: { first, _ in first })
        #expect(byTitle["Honeymoon"] == .album)
        #expect(byTitle["Prom Queen"] == .ep)
        #expect(byTitle["Sports"] == .single)
        #expect(byTitle["Cloud 9 (feat. Tegan and Sara)"] == .single)
        #expect(releases.allSatisfy { !$0.title.hasSuffix(" - EP") && !$0.title.hasSuffix(" - Single") })
        #expect(releases.filter(\.isExplicit).map(\.title) == ["Blame Game", "I Love You But I Love Me More (feat. Beach Bunny)"])
    }

    @Test func artistAlbumsCarryArtworkURLDateTrackCountAndBarcode() throws {
        let first = try #require(
            try JSONBody.decode(AppleMusicAlbumPage.self, from: sample(Self.albumsSample))
                .releases(creditedTo: "Sample").first)
        var expected = Release(
            id: "1482041821", title: "Honeymoon", artist: "Beach Bunny", type: .album,
            releaseDate: ReleaseDate(year: 2020, month: 2, day: 14),
            artworkURL:
                "https://is3-ssl.mzstatic.com/image/thumb/Music125/v4/0b/b2/52/0bb2524d-ecfc-1bae-9c1e-218c978d7072/Honeymoon_3K.jpg/600x600bb.jpg",
            url: "https://music.apple.com/us/album/honeymoon/1482041821", isExplicit: false, trackCount: 9,
            genre: "Alternative", barcode: "0858275058666")
        // Every genre and the label: what `feed.excludeGenres` and `feed.excludeLabels` read.
        expected.genres = ["Alternative", "Music"]
        expected.label = "Mom+Pop"
        #expect(first == expected)
    }

    @Test func libraryAlbumsPageKeepsItsNextLink() throws {
        let page = try JSONBody.decode(AppleMusicAlbumPage.self, from: sample(Self.libraryAlbumsSample))
        #expect(page.next == "/v1/me/library/albums?offset=2")
        #expect(page.releases(creditedTo: "Sample").map(\.title) == ["Bronco", "Dance Fever"])
    }
}
