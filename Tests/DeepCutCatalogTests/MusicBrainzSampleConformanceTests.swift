import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutCatalog
@testable import DeepCutHTTP

/// Decodes the MusicBrainz answers in `Tests/Samples` (copies of `../shared/samples`; see its README for provenance).
@Suite struct MusicBrainzSampleConformanceTests {
    static let artistSearchSample = "musicbrainz_artist_search_bob-dylan_avatar29A.json"
    static let dimpleBrowseSample = "musicbrainz_release-group_browse_73084492_dimple_extracted.json"
    static let britneyBrowseSample = "musicbrainz_release-group_browse_britney_avatar29A.json"

    func sample(_ name: String) throws -> Data {
        try Data(contentsOf: try #require(SharedSamples.url(name)))
    }

    @Test func everyMusicBrainzSampleDecodes() throws {
        let folder = SharedSamples.folder
        try #require(FileManager.default.fileExists(atPath: folder.path), "samples folder missing: \(folder.path)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasPrefix("musicbrainz_") && $0.hasSuffix(".json") }.sorted()
        #expect(
            names == [Self.artistSearchSample, Self.dimpleBrowseSample, Self.britneyBrowseSample],
            "a new musicbrainz_ sample needs a decoder assertion here")
        for name in names {
            if name.contains("_artist_search_") {
                #expect(!(try JSONBody.decode(MusicBrainzArtistSearchBody.self, from: sample(name)).hits.isEmpty), "\(name)")
            } else {
                let page = try JSONBody.decode(MusicBrainzReleaseGroupPage.self, from: sample(name))
                #expect(!page.releases(creditedTo: "Sample").isEmpty, "\(name) decoded to nothing")
            }
        }
    }

    @Test func artistSearchWithoutDisambiguationPrefersTheExactName() throws {
        let hits = try JSONBody.decode(MusicBrainzArtistSearchBody.self, from: sample(Self.artistSearchSample)).hits
        #expect(hits.count == 10)
        #expect(hits.first == CatalogArtist(id: "72c536dc-7137-4477-a521-567eeb840fa8", name: "Bob Dylan"))
        #expect(CatalogArtist.resolution(of: "bob marley", among: hits) == .found(id: hits[4].id, name: "Bob Marley"))
    }

    @Test func browsePageReadsCountTypesAndDates() throws {
        let page = try JSONBody.decode(MusicBrainzReleaseGroupPage.self, from: sample(Self.dimpleBrowseSample))
        #expect(page.releaseGroupCount == 2)
        #expect(
            page.releases(creditedTo: "Dimple") == [
                Release(
                    id: "41e8205d-125f-4df0-bbe7-0ee5ed843199", title: "Lightness", artist: "Dimple", type: .album,
                    releaseDate: ReleaseDate(year: 2018, month: 2, day: 5),
                    url: "https://musicbrainz.org/release-group/41e8205d-125f-4df0-bbe7-0ee5ed843199"),
                Release(
                    id: try #require(page.releaseGroups.last?.id), title: "We Were Heading North", artist: "Dimple", type: .ep,
                    releaseDate: ReleaseDate(year: 2016, month: 1, day: 12),
                    url: "https://musicbrainz.org/release-group/\(try #require(page.releaseGroups.last?.id))")
            ])
    }

    @Test func compilationSecondaryTypeMakesACompilation() throws {
        let page = try JSONBody.decode(MusicBrainzReleaseGroupPage.self, from: sample(Self.britneyBrowseSample))
        #expect(page.releaseGroupCount == 145)
        let releases = page.releases(creditedTo: "Britney Spears")
        #expect(releases.count == 10)
        #expect(releases.filter { $0.type == .compilation }.map(\.title) == ["Your #1 Requests... And More!"])
        #expect(releases.filter { $0.type == .album }.count == 9)
    }
}
