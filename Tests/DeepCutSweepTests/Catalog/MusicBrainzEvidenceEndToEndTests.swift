import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutCatalog
@testable import DeepCutConfig
@testable import DeepCutFixtures
@testable import DeepCutHTTP

/// Issue 32: the evidence each provider reads through the real client from the fixture's storefronts.
@Suite struct MusicBrainzEvidenceEndToEndTests {
    typealias Catalog = StorefrontTestCatalog
    static let today = ReleaseDate(year: 2026, month: 6, day: 1)
    static let catalog = StorefrontTestCatalog.catalog(today: today)
    let scratch = ScratchFolder()

    func musicBrainz(_ url: URL, readsEvidence: Bool) throws -> any CatalogProvider {
        var config = CatalogConfig(provider: .musicbrainz, baseURL: url, country: "us")
        config.contact = "deepcut-tests@example.org"
        return try CatalogProviderFactory.make(
            config, client: CurlHTTPClient(maximumConnectionsPerHost: 2), readsEvidence: readsEvidence)
    }

    @Test func withEvidenceMusicBrainzBrowsesReleasesForTheSameGroupsWithBarcodesAndAppleLinks() async throws {
        try await withFixtureServer(Self.catalog) { server, url in
            let id = MusicBrainzID.mbid(for: Catalog.hikariID)
            let plain = try await musicBrainz(url, readsEvidence: false).releases(ofArtistID: id, named: "Hikari").get()
            #expect(server.requestLog.map(\.route) == ["musicbrainz.release-group"])
            server.resetLog()
            let rich = try await musicBrainz(url, readsEvidence: true).releases(ofArtistID: id, named: "Hikari").get()
            // One request either way, and the same release groups: only the evidence differs.
            #expect(server.requestLog.map(\.route) == ["musicbrainz.release"])
            let query = server.requestLog.first?.query ?? ""
            #expect(
                query.contains("inc=release-groups%2Burl-rels%2Bartist-credits")
                    || query.contains("inc=release-groups+url-rels+artist-credits"))
            #expect(query.contains("status=official"))
            func stripped(_ releases: [Release]) -> [Release] {
                releases.map {
                    var release = $0
                    release.barcode = nil
                    release.links = []
                    return release
                }.sorted { $0.id < $1.id }
            }
            #expect(stripped(rich) == stripped(plain))
            #expect(plain.allSatisfy { $0.barcode == nil && $0.links.isEmpty })

            let byID = Dictionary(uniqueKeysWithValues: rich.map { ($0.id, $0) })
            let dawn = try #require(byID[MusicBrainzID.mbid(for: Catalog.dawnID)])
            #expect(dawn.barcode == Catalog.dawnBarcode)
            #expect(dawn.links == [ReleaseLink(.apple, Catalog.dawnID)])
            let tokyo = try #require(byID[MusicBrainzID.mbid(for: Catalog.tokyoNightsID)])
            #expect(tokyo.barcode == Catalog.tokyoNightsBarcode)
            #expect(tokyo.links == [ReleaseLink(.apple, Catalog.tokyoNightsID)])
            #expect(byID[MusicBrainzID.mbid(for: Catalog.smudgeID)]?.barcode == nil)
            #expect(byID[MusicBrainzID.mbid(for: Catalog.overseasID)] == nil)
            #expect(byID[MusicBrainzID.mbid(for: Catalog.bootlegID)] == nil)
        }
    }

    @Test func releaseBrowsesPageByOffsetUntilTheCount() async throws {
        let catalog = FixtureCatalog.generated(artists: 2, releasesPerArtist: 130, seed: 11, today: Self.today)
        try await withFixtureServer(catalog) { server, url in
            let artist = catalog.artists[1]
            let releases = try await musicBrainz(url, readsEvidence: true)
                .releases(ofArtistID: MusicBrainzID.mbid(for: artist.id), named: artist.name).get()
            #expect(releases.count == 130)
            #expect(server.requestLog.map(\.route) == ["musicbrainz.release", "musicbrainz.release"])
        }
    }

    @Test func aFailedReleasePageFailsTheArtistNeverListsLess() async throws {
        let catalog = FixtureCatalog.generated(artists: 1, releasesPerArtist: 130, seed: 11, today: Self.today)
        try await withFixtureServer(catalog) { server, url in
            let artist = catalog.artists[0]
            server.setFault(Fault(.status(code: 404, body: nil), on: .lookup, times: 1), forArtistID: artist.id)
            let failed = try await musicBrainz(url, readsEvidence: true)
                .releases(ofArtistID: MusicBrainzID.mbid(for: artist.id), named: artist.name)
            #expect(throws: FetchFailure.self) { try failed.get() }
        }
    }

    @Test func appleMusicReadsEachAlbumsUPCInItsStorefront() async throws {
        try await withFixtureServer(Self.catalog, options: FixtureServerOptions(appleMusicToken: "t")) { _, url in
            var config = CatalogConfig(provider: .appleMusic, baseURL: url, country: "jp")
            config.tokenFile = try scratch.write("apple-music.jwt", "t\n")
            let provider = try CatalogProviderFactory.make(config, client: CurlHTTPClient(maximumConnectionsPerHost: 2), environment: [:])
            let releases = try await provider.releases(ofArtistID: Catalog.hikariID, named: "Hikari").get()
            let byID = Dictionary(uniqueKeysWithValues: releases.map { ($0.id, $0) })
            #expect(byID[Catalog.tokyoNightsID]?.barcode == Catalog.tokyoNightsBarcode)
            #expect(byID[Catalog.dawnID]?.barcode == Catalog.dawnBarcode)
            #expect(byID[Catalog.smudgeID].map { $0.barcode == nil } == true)
            #expect(byID[Catalog.overseasID] == nil)
        }
    }
}
