import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutFixtures

@Suite struct AppleMusicRouteTests {
    let client = FixtureTestClient()
    let bearer = ["Authorization": "Bearer fixture-token"]

    /// Polyphia with `count` albums, newest first, so paging has something to page through.
    func catalog(albums count: Int, fault: Fault? = nil) -> FixtureCatalog {
        var catalog = FixtureTestCatalog.catalog
        catalog.artists[0].releases = (1...count).map {
            FixtureRelease(
                id: String(1_600_000_000 + $0), title: "Record \($0)", type: .album,
                releaseDate: FixtureTestCatalog.date(2020, 1, 1))
        }
        catalog.artists[0].fault = fault
        return catalog
    }

    // MARK: - Authorization

    @Test func aMissingBearerIsRefusedEvenWithoutAnExpectedToken() async throws {
        try await withFixtureServer { server, url in
            let (json, status) = try await client.object(url, "/v1/catalog/us/search?term=polyphia&types=artists", headers: [:])
            #expect(status == 401)
            let errors = json["errors"] as? [[String: Any]]
            #expect(errors?.first?["status"] as? String == "401")
            #expect(errors?.first?["code"] as? String == "40100")
            #expect(server.requestLog.map(\.route) == ["applemusic.unauthorized"])
            let withBearer = try await client.object(url, "/v1/catalog/us/search?term=polyphia&types=artists", headers: bearer).status
            #expect(withBearer == 200)
        }
    }

    @Test func withAnExpectedTokenOnlyThatTokenPasses() async throws {
        try await withFixtureServer(options: FixtureServerOptions(appleMusicToken: "right")) { _, url in
            let path = "/v1/catalog/us/artists/\(FixtureTestCatalog.polyphiaID)/albums"
            let wrongToken = try await client.object(url, path, headers: ["Authorization": "Bearer wrong"]).status
            #expect(wrongToken == 401)
            let notBearer = try await client.object(url, path, headers: ["Authorization": "right"]).status
            #expect(notBearer == 401)
            let rightToken = try await client.object(url, path, headers: ["Authorization": "Bearer right"]).status
            #expect(rightToken == 200)
            let storefront = try await client.object(url, "/v1/storefronts/us", headers: ["Authorization": "Bearer right"]).status
            #expect(storefront == 200)
        }
    }

    // MARK: - Search

    @Test func searchAnswersArtistsExactMatchFirstAndEmptyResultsWithoutAHit() async throws {
        try await withFixtureServer { _, url in
            let (json, status) = try await client.object(url, "/v1/catalog/gb/search?term=beyonce&types=artists&limit=10", headers: bearer)
            #expect(status == 200)
            let artists = ((json["results"] as? [String: Any])?["artists"] as? [String: Any])?["data"] as? [[String: Any]]
            #expect(artists?.map { $0["id"] as? String } == [FixtureTestCatalog.beyonceID, FixtureTestCatalog.beyonceTributeID])
            let first = artists?.first?["attributes"] as? [String: Any]
            #expect(first?["name"] as? String == "Beyoncé")
            #expect(first?["url"] as? String == "https://music.apple.com/gb/artist/beyonce/\(FixtureTestCatalog.beyonceID)")
            let none = try await client.object(url, "/v1/catalog/us/search?term=nobody&types=artists", headers: bearer)
            #expect((none.json["results"] as? [String: Any])?.isEmpty == true)
        }
    }

    @Test(arguments: [
        "/v1/catalog/us/search?types=artists",
        "/v1/catalog/us/search?term=x&types=songs",
        "/v1/catalog/us/search?term=x&types=artists&limit=26",
        "/v1/catalog/us/artists/640294344/albums?limit=101",
        "/v1/catalog/us/artists/640294344/albums?offset=-1"
    ])
    func badParametersAre400WithAnErrorsBody(pathAndQuery: String) async throws {
        try await withFixtureServer { _, url in
            let (json, status) = try await client.object(url, pathAndQuery, headers: bearer)
            #expect(status == 400)
            #expect((json["errors"] as? [[String: Any]])?.first?["title"] as? String == "Invalid Parameter Value")
        }
    }

    @Test(arguments: ["/v1/catalog/zz/search?term=x&types=artists", "/v1/catalog/us/artists/999/albums", "/v1/catalog/us/albums/1"])
    func unknownThingsAre404WithAnErrorsBody(pathAndQuery: String) async throws {
        try await withFixtureServer { _, url in
            let (json, status) = try await client.object(url, pathAndQuery, headers: bearer)
            #expect(status == 404)
            #expect((json["errors"] as? [[String: Any]])?.first?["code"] as? String == "40400")
        }
    }

    // MARK: - Albums

    @Test func albumsPageBy25WithRelativeNextLinks() async throws {
        try await withFixtureServer(catalog(albums: 60)) { _, url in
            var path: String? = "/v1/catalog/us/artists/\(FixtureTestCatalog.polyphiaID)/albums"
            var pages: [[String]] = []
            var links: [String] = []
            while let current = path {
                let (json, status) = try await client.object(url, current, headers: bearer)
                try #require(status == 200)
                pages.append(((json["data"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String })
                path = json["next"] as? String
                links += path.map { [$0] } ?? []
            }
            #expect(pages.map(\.count) == [25, 25, 10])
            #expect(Set(pages.joined()).count == 60)
            #expect(
                links == [
                    "/v1/catalog/us/artists/\(FixtureTestCatalog.polyphiaID)/albums?offset=25",
                    "/v1/catalog/us/artists/\(FixtureTestCatalog.polyphiaID)/albums?offset=50"
                ])
            let limited = try await client.object(
                url, "/v1/catalog/us/artists/\(FixtureTestCatalog.polyphiaID)/albums?limit=50", headers: bearer)
            #expect(
                limited.json["next"] as? String
                    == "/v1/catalog/us/artists/\(FixtureTestCatalog.polyphiaID)/albums?offset=50&limit=50")
        }
    }

    @Test func albumsLookLikeApplesWithSuffixesAndAnUnreliableIsSingle() async throws {
        try await withFixtureServer { _, url in
            let (json, _) = try await client.object(url, "/v1/catalog/us/artists/\(FixtureTestCatalog.polyphiaID)/albums", headers: bearer)
            let albums = (json["data"] as? [[String: Any]]) ?? []
            let attributes = albums.compactMap { $0["attributes"] as? [String: Any] }
            #expect(
                attributes.map { $0["name"] as? String } == [
                    "Renaissance", "G.O.A.T. - Single", "G.O.A.T. - Single",
                    "Muse - EP", "Ego Death - Single"
                ])
            #expect(attributes.map { $0["isSingle"] as? Bool } == [false, true, true, false, true])
            #expect(attributes.map { $0["contentRating"] as? String } == [nil, "explicit", "clean", nil, nil])
            #expect(attributes.last?["artistName"] as? String == "Polyphia & Steve Vai")
            #expect(attributes.first?["releaseDate"] as? String == "2016-03-11")
            let artwork = attributes.first?["artwork"] as? [String: Any]
            #expect((artwork?["url"] as? String)?.hasSuffix("/{w}x{h}bb.jpg") == true)
        }
    }

    // MARK: - Faults

    @Test func faultsApplyByArtistToSearchAndAlbums() async throws {
        try await withFixtureServer(catalog(albums: 3, fault: Fault(.rateLimited(retryAfter: "1"), on: .lookup, times: 1))) { server, url in
            let search = try await client.object(url, "/v1/catalog/us/search?term=polyphia&types=artists", headers: bearer).status
            #expect(search == 200)
            let albums = "/v1/catalog/us/artists/\(FixtureTestCatalog.polyphiaID)/albums"
            let faulted = try await client.get(url, albums, headers: bearer).response.statusCode
            #expect(faulted == 429)
            let recovered = try await client.get(url, albums, headers: bearer).response.statusCode
            #expect(recovered == 200)
            let otherArtist = try await client.get(url, "/v1/catalog/us/artists/\(FixtureTestCatalog.beyonceID)/albums", headers: bearer)
                .response.statusCode
            #expect(otherArtist == 200)
            #expect(server.requestLog.compactMap(\.fault).count == 1)
            #expect(server.requestLog.map(\.route) == ["applemusic.search", "applemusic.albums", "applemusic.albums", "applemusic.albums"])
        }
    }
}
