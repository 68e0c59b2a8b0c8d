import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutFixtures

/// Issue 32: each store answers for its own storefront (a release it does not list is simply absent),
/// and MusicBrainz knows what it knows, with barcodes and links to the stores' album pages.
@Suite struct StorefrontRouteTests {
    let client = FixtureTestClient()
    let bearer = ["Authorization": "Bearer fixture-token"]
    let agent = ["User-Agent": "deepcut-tests/1.0 ( tests@example.org )"]
    let today = ReleaseDate(year: 2026, month: 6, day: 1)
    typealias Catalog = StorefrontTestCatalog

    var catalog: FixtureCatalog { StorefrontTestCatalog.catalog(today: today) }

    func date(daysAgo days: Int) -> String {
        ReleaseDate(epochDay: today.epochDay - days).description
    }

    // MARK: - iTunes

    @Test func iTunesLookupListsOnlyWhatTheCountrysStoreListsDatedAsThere() async throws {
        try await withFixtureServer(catalog) { _, url in
            let us = try await client.results(url, "/lookup?id=\(Catalog.hikariID)&entity=album&limit=200&country=us")
            #expect(
                Set(us.collections.compactMap(\.collectionId).map(String.init)) == [
                    Catalog.dawnID, Catalog.overseasID, Catalog.earlyBirdID, Catalog.smudgeID
                ])
            let jp = try await client.results(url, "/lookup?id=\(Catalog.hikariID)&entity=album&limit=200&country=jp")
            #expect(
                Set(jp.collections.compactMap(\.collectionId).map(String.init)) == [
                    Catalog.dawnID, Catalog.tokyoNightsID, Catalog.earlyBirdID, Catalog.smudgeID
                ])
            let earlyUS = us.collections.first { $0.collectionId == Int(Catalog.earlyBirdID) }
            let earlyJP = jp.collections.first { $0.collectionId == Int(Catalog.earlyBirdID) }
            #expect(earlyUS?.releaseDate == date(daysAgo: 5) + "T07:00:00Z")
            #expect(earlyJP?.releaseDate == date(daysAgo: 10) + "T07:00:00Z")
            #expect(jp.collections.allSatisfy { $0.country == "JPN" && $0.collectionViewUrl?.contains("/jp/album/") == true })
        }
    }

    @Test func anArtistOutsideTheStorefrontIsAbsentFromSearchAndLookup() async throws {
        try await withFixtureServer(catalog) { _, url in
            let searchJP = try await client.results(url, "/search?term=kaze&entity=musicArtist&country=jp")
            #expect(searchJP.artists.map { String($0.artistId) } == [Catalog.kazeID])
            let searchUS = try await client.results(url, "/search?term=kaze&entity=musicArtist&country=us")
            #expect(searchUS.resultCount == 0)
            let lookupUS = try await client.results(url, "/lookup?id=\(Catalog.kazeID),\(Catalog.hikariID)&entity=album&country=us")
            #expect(Set(lookupUS.artists.map { String($0.artistId) }) == [Catalog.hikariID])
            let ghost = try await client.results(url, "/search?term=ghost%20notes&entity=musicArtist&country=us")
            #expect(ghost.resultCount == 0)
            let songs = try await client.results(url, "/lookup?id=\(Catalog.tokyoNightsID)&entity=song&country=us")
            #expect(songs.resultCount == 0)
        }
    }

    // MARK: - Apple Music

    @Test func appleMusicAlbumsFollowTheStorefrontPathAndCarryTheUPC() async throws {
        try await withFixtureServer(catalog) { _, url in
            let (gb, status) = try await client.object(url, "/v1/catalog/gb/artists/\(Catalog.hikariID)/albums", headers: bearer)
            #expect(status == 200)
            let albums = (gb["data"] as? [[String: Any]]) ?? []
            #expect(Set(albums.compactMap { $0["id"] as? String }) == [Catalog.dawnID, Catalog.earlyBirdID, Catalog.smudgeID])
            let upcs = Dictionary(
                uniqueKeysWithValues: albums.map { ($0["id"] as? String ?? "", ($0["attributes"] as? [String: Any])?["upc"] as? String) })
            #expect(upcs[Catalog.dawnID] == Catalog.dawnBarcode)
            #expect(upcs[Catalog.smudgeID] == "12-34")
            #expect(upcs[Catalog.earlyBirdID] == .some(nil))

            let jp = try await client.object(url, "/v1/catalog/jp/artists/\(Catalog.hikariID)/albums", headers: bearer).json
            #expect(((jp["data"] as? [[String: Any]]) ?? []).contains { $0["id"] as? String == Catalog.tokyoNightsID })
        }
    }

    @Test func appleMusicAnswers404ForAnArtistItsStorefrontDoesNotKnow() async throws {
        try await withFixtureServer(catalog) { _, url in
            let us = try await client.object(url, "/v1/catalog/us/artists/\(Catalog.kazeID)", headers: bearer).status
            #expect(us == 404)
            let usAlbums = try await client.object(url, "/v1/catalog/us/artists/\(Catalog.kazeID)/albums", headers: bearer).status
            #expect(usAlbums == 404)
            let jp = try await client.object(url, "/v1/catalog/jp/artists/\(Catalog.kazeID)/albums", headers: bearer).status
            #expect(jp == 200)
            let batch = try await client.object(
                url, "/v1/catalog/us/artists?ids=\(Catalog.kazeID),\(Catalog.hikariID)&include=albums", headers: bearer
            ).json
            #expect(((batch["data"] as? [[String: Any]]) ?? []).map { $0["id"] as? String } == [Catalog.hikariID])
            let tracks = try await client.object(url, "/v1/catalog/us/albums/\(Catalog.tokyoNightsID)/tracks", headers: bearer).status
            #expect(tracks == 404)
        }
    }

    // MARK: - MusicBrainz

    @Test func musicBrainzLeavesOutWhatItDoesNotKnow() async throws {
        try await withFixtureServer(catalog) { _, url in
            let hikari = MusicBrainzID.mbid(for: Catalog.hikariID)
            let groups = try await client.object(url, "/ws/2/release-group?artist=\(hikari)&fmt=json", headers: agent).json
            let ids = ((groups["release-groups"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String }
            #expect(!ids.contains(MusicBrainzID.mbid(for: Catalog.overseasID)))
            #expect(ids.contains(MusicBrainzID.mbid(for: Catalog.tokyoNightsID)))
            let kaze = try await client.object(
                url, "/ws/2/release-group?artist=\(MusicBrainzID.mbid(for: Catalog.kazeID))&fmt=json", headers: agent)
            #expect(kaze.status == 404)
            let search = try await client.object(url, "/ws/2/artist?query=kaze&fmt=json", headers: agent).json
            #expect(search["count"] as? Int == 0)
            let ghost = try await client.object(url, "/ws/2/artist?query=ghost%20notes&fmt=json", headers: agent).json
            #expect(search["count"] as? Int == 0 && ghost["count"] as? Int == 1)
        }
    }

    @Test func musicBrainzReleaseBrowseCarriesBarcodesGroupsAndAppleLinks() async throws {
        try await withFixtureServer(catalog) { _, url in
            let hikari = MusicBrainzID.mbid(for: Catalog.hikariID)
            let (json, status) = try await client.object(
                url, "/ws/2/release?artist=\(hikari)&inc=release-groups+url-rels&status=official&limit=100&fmt=json", headers: agent)
            #expect(status == 200)
            let releases = (json["releases"] as? [[String: Any]]) ?? []
            // Overseas is not in MusicBrainz; the bootleg is not official.
            #expect(json["release-count"] as? Int == 4)
            let byGroup = Dictionary(
                uniqueKeysWithValues: releases.map { (($0["release-group"] as? [String: Any])?["id"] as? String ?? "", $0) })
            let dawn = try #require(byGroup[MusicBrainzID.mbid(for: Catalog.dawnID)])
            #expect(dawn["barcode"] as? String == Catalog.dawnBarcode)
            #expect(dawn["id"] as? String == MusicBrainzID.release(of: Catalog.dawnID))
            let dawnLink = ((dawn["relations"] as? [[String: Any]])?.first?["url"] as? [String: Any])?["resource"] as? String
            #expect(dawnLink == "https://music.apple.com/us/album/\(Catalog.dawnID)")
            let tokyo = try #require(byGroup[MusicBrainzID.mbid(for: Catalog.tokyoNightsID)])
            let tokyoLink = ((tokyo["relations"] as? [[String: Any]])?.first?["url"] as? [String: Any])?["resource"] as? String
            #expect(tokyoLink == "https://itunes.apple.com/jp/album/id\(Catalog.tokyoNightsID)")
            let early = try #require(byGroup[MusicBrainzID.mbid(for: Catalog.earlyBirdID)])
            #expect(early["barcode"] is NSNull)
            #expect((early["relations"] as? [Any])?.isEmpty == true)
            #expect((early["release-group"] as? [String: Any])?["primary-type"] as? String == "Single")

            let paged = try await client.object(url, "/ws/2/release?artist=\(hikari)&limit=2&offset=4&fmt=json", headers: agent).json
            #expect(paged["release-count"] as? Int == 5)
            #expect((paged["releases"] as? [[String: Any]])?.count == 1)
            #expect((paged["releases"] as? [[String: Any]])?.first?["relations"] == nil)
            let badStatus = try await client.object(url, "/ws/2/release?artist=\(hikari)&status=great&fmt=json", headers: agent).status
            #expect(badStatus == 400)
        }
    }

    // MARK: - Catalog files

    @Test func aStorefrontTheFixtureDoesNotServeIsAProblem() {
        var catalog = self.catalog
        #expect(catalog.firstProblem == nil)
        catalog.artists[0].releases[0].storefronts = ["US"]
        #expect(catalog.firstProblem?.contains("storefront \"US\"") == true)
        catalog.artists[0].releases[0].storefronts = nil
        catalog.artists[1].storefronts = ["zz"]
        #expect(catalog.firstProblem?.contains("storefront \"zz\"") == true)
    }

    @Test func storefrontFieldsRoundTripThroughJSON() throws {
        let decoded = try JSONDecoder().decode(FixtureCatalog.self, from: JSONEncoder().encode(catalog))
        #expect(decoded == catalog)
        let old =
            #"{"artists": [{"id": "1", "name": "A", "releases": [{"id": "2", "title": "T", "type": "album", "releaseDate": "2020-01-01"}]}]}"#
        let plain = try JSONDecoder().decode(FixtureCatalog.self, from: Data(old.utf8))
        #expect(plain.artists[0].releases[0].storefronts == nil && plain.artists[0].isListed(in: "jp"))
    }
}
