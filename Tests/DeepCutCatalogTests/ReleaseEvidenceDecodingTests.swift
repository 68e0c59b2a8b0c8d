import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutCatalog
@testable import DeepCutHTTP

/// Issue 32: the merge evidence read from the catalogs' answers, barcodes and Apple album links.
@Suite struct ReleaseEvidenceDecodingTests {
    // MARK: - Barcodes

    @Test func theAppleMusicSamplesUPCsBecomeEAN13Barcodes() throws {
        let data = try Data(contentsOf: try #require(SharedSamples.url(AppleMusicSampleConformanceTests.albumsSample)))
        let releases = try JSONBody.decode(AppleMusicAlbumPage.self, from: data).releases(creditedTo: "Beach Bunny")
        #expect(releases.count == 14)
        #expect(releases.allSatisfy { $0.barcode != nil })
        let byID = Dictionary(uniqueKeysWithValues: releases.map { ($0.id, $0.barcode) })
        #expect(byID["1482041821"] == "0858275058666")
        #expect(byID["1590556925"] == "0075679766687")
        // Two editions (explicit and clean) can share one UPC: evidence, not identity.
        #expect(byID["1445627459"] == byID["1509311498"])
        #expect(releases.allSatisfy { $0.links.isEmpty })
    }

    @Test(arguments: [
        ("858275058666", "0858275058666"), ("0858275058666", "0858275058666"), ("00858275058666", "0858275058666"),
        (" 4988031512340 ", "4988031512340"), ("96385074", "96385074"), ("10858275058663", "10858275058663")
    ])
    func wellFormedBarcodesAreNormalised(text: String, barcode: String) {
        #expect(Barcode.normalized(text) == barcode)
    }

    @Test(arguments: ["", "12-34", "858275058667", "85827505866", "0858 275058666", "ABCDEFGHIJKL", "123456789012345"])
    func malformedBarcodesAreIgnored(text: String) {
        #expect(Barcode.normalized(text) == nil)
    }

    @Test func anOddUPCFieldLeavesTheAlbumWithoutABarcodeAndThePageDecodes() throws {
        func page(_ upc: String) throws -> [Release] {
            let body = #"{"data": [{"id": "1", "attributes": {"name": "A", "releaseDate": "2020-01-01", "upc": \#(upc)}}]}"#
            return try JSONBody.decode(AppleMusicAlbumPage.self, from: Data(body.utf8)).releases(creditedTo: "X")
        }
        for odd in ["858275058666", "null", #""12-34""#, #"{"x": 1}"#, #""""#] {
            #expect(try page(odd).map(\.barcode) == [nil], "upc \(odd)")
        }
        #expect(try page(#""858275058666""#).map(\.barcode) == ["0858275058666"])
    }

    // MARK: - Apple album links

    @Test(arguments: [
        ("https://music.apple.com/gb/album/1441458047", "1441458047"),
        ("https://music.apple.com/us/album/some-slug/1441458047", "1441458047"),
        ("https://itunes.apple.com/jp/album/id1441458047", "1441458047"),
        ("https://itunes.apple.com/album/slug/id1441458047", "1441458047"),
        ("https://geo.music.apple.com/album/1441458047", "1441458047")
    ])
    func appleAlbumPagesNameTheirAlbum(url: String, id: String) {
        #expect(AppleAlbumURL.albumID(url) == id)
    }

    @Test(arguments: [
        "https://music.apple.com/us/artist/bad-bunny/1126808565", "https://itunes.apple.com/us/artist/id112018",
        "https://music.apple.com/us/album/x/1441458047?i=1441458050", "https://open.spotify.com/album/1C2h7mLntPSeVYciMRTF4a",
        "https://music.apple.com.evil.example/us/album/1", "https://music.apple.com/us/album/slug/notanid", "not a url"
    ])
    func otherLinksAreNoAlbumEvidence(url: String) {
        #expect(AppleAlbumURL.albumID(url) == nil)
    }

    // MARK: - MusicBrainz releases folded into release groups

    static func entry(
        _ id: String, group: String, title: String = "Dawn", date: String, barcode: String, links: [String] = [],
        type: String = "Album"
    ) -> String {
        let relations = links.map { #"{"target-type": "url", "type": "streaming", "url": {"id": "u", "resource": "\#($0)"}}"# }
        return """
            {"id": "\(id)", "title": "\(title)", "status": "Official", "date": "\(date)", "barcode": \(barcode),
             "relations": [\(relations.joined(separator: ","))],
             "release-group": {"id": "\(group)", "title": "\(title)", "primary-type": "\(type)", "secondary-types": [],
                               "first-release-date": "2019-03-01", "disambiguation": ""}}
            """
    }

    static func page(_ entries: [String]) throws -> MusicBrainzReleasePage {
        let body = #"{"release-count": \#(entries.count), "release-offset": 0, "releases": [\#(entries.joined(separator: ","))]}"#
        return try JSONBody.decode(MusicBrainzReleasePage.self, from: Data(body.utf8))
    }

    @Test func aGroupsBarcodeIsItsAppleLinkedEditionsAndItsLinksAreEveryAppleAlbum() throws {
        let page = try Self.page([
            Self.entry("cd", group: "g1", date: "2019-03-01", barcode: #""0602577123450""#),
            Self.entry(
                "digital", group: "g1", date: "2019-03-01", barcode: #""602577123467""#,
                links: [
                    "https://music.apple.com/gb/album/1441458047", "https://itunes.apple.com/us/album/id1441458047",
                    "https://open.spotify.com/album/x", "https://music.apple.com/gb/artist/someone/1"
                ]),
            Self.entry(
                "jp", group: "g1", date: "2019-02-20", barcode: #""4988031512340""#, links: ["https://music.apple.com/jp/album/999"]),
            Self.entry("single", group: "g2", title: "Early Bird", date: "2019-01-01", barcode: #""12-34""#, type: "Single")
        ])
        let groups = MusicBrainzReleasePage.releaseGroups(of: page.releases, creditedTo: "Hikari", artistID: nil)
        #expect(groups.map(\.id) == ["g1", "g2"])
        #expect(groups.map(\.type) == [.album, .single])
        #expect(groups[0].barcode == "0602577123467")
        #expect(groups[0].links == [ReleaseLink(.apple, "1441458047"), ReleaseLink(.apple, "999")])
        #expect(groups[0].url == "https://musicbrainz.org/release-group/g1")
        #expect(groups[0].releaseDate == ReleaseDate(iso: "2019-03-01"))
        #expect(groups[1].barcode == nil && groups[1].links.isEmpty)
    }

    @Test func withoutAppleLinksTheEarliestEditionsBarcodeIsTaken() throws {
        let page = try Self.page([
            Self.entry("late", group: "g1", date: "2020-05-01", barcode: #""0602577123450""#),
            Self.entry("undated", group: "g1", date: "", barcode: #""4988031512340""#),
            Self.entry("first", group: "g1", date: "2019-03-01", barcode: #""858275058666""#),
            Self.entry("none", group: "g1", date: "2018-01-01", barcode: "null")
        ])
        let groups = MusicBrainzReleasePage.releaseGroups(of: page.releases, creditedTo: "Hikari", artistID: nil)
        #expect(groups.map(\.barcode) == ["0858275058666"])
    }
}
