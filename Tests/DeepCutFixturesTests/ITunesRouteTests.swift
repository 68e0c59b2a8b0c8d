import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutCore
@testable import DeepCutFixtures

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct ITunesRouteTests {
    let client = FixtureTestClient()

    // MARK: - Framing

    @Test func answersLikeITunesWithLeadingBlankLinesAndJavascriptContentType() async throws {
        try await withFixtureServer { _, url in
            let (body, response) = try await client.get(url, "/search?term=polyphia&entity=musicArtist")
            #expect(response.statusCode == 200)
            #expect(response.value(forHTTPHeaderField: "Content-Type") == "text/javascript; charset=utf-8")
            #expect(response.value(forHTTPHeaderField: "Content-Length") == String(body.count))
            #expect(body.starts(with: Data("\n\n\n{\n \"resultCount\":1,".utf8)))
        }
    }

    @Test func unknownPathIsA404WithAnErrorMessage() async throws {
        try await withFixtureServer { server, url in
            let (body, response) = try await client.get(url, "/v2/catalog/us/artists")
            #expect(response.statusCode == 404)
            let message = try JSONSerialization.jsonObject(with: body) as? [String: String]
            #expect(message?["errorMessage"]?.contains("[path]") == true)
            #expect(server.requestLog.map(\.route) == ["notFound"])
        }
    }

    @Test(arguments: [
        "/search?entity=musicArtist",
        "/search?term=polyphia",
        "/search?term=polyphia&entity=album",
        "/search?term=polyphia&entity=musicArtist&limit=0",
        "/search?term=polyphia&entity=musicArtist&country=zz",
        "/search?term=%FF&entity=musicArtist",
        "/lookup?entity=album",
        "/lookup?id=abc&entity=album",
        "/lookup?id=640294344,&entity=album",
        "/lookup?id=640294344&entity=podcast",
        "/lookup?id=640294344&entity=album&limit=ten"
    ])
    func badQueryIsA400(pathAndQuery: String) async throws {
        try await withFixtureServer { _, url in
            let (body, response) = try await client.get(url, pathAndQuery)
            #expect(response.statusCode == 400)
            let message = try JSONSerialization.jsonObject(with: body) as? [String: String]
            #expect(message?["errorMessage"]?.hasPrefix("Invalid value(s) for key(s)") == true)
        }
    }

    // MARK: - Search

    @Test func searchFindsArtistsIgnoringCaseAndDiacriticsExactMatchFirst() async throws {
        try await withFixtureServer { _, url in
            let answer = try await client.results(url, "/search?term=BEYONCE&entity=musicArtist&country=us")
            #expect(answer.resultCount == 2)
            #expect(answer.results.map(\.artistName) == ["Beyoncé", "The Beyonce Tribute Band"])
            let artist = try #require(answer.results.first)
            #expect(artist.wrapperType == "artist")
            #expect(artist.artistType == "Artist")
            #expect(artist.artistId == 1_419_227)
            #expect(artist.artistLinkUrl == "https://music.apple.com/us/artist/beyonce/1419227?uo=4")
            #expect(artist.primaryGenreName == "Alternative")

            let tribute = try await client.results(url, "/search?term=the+beyonce+tribute+band&entity=musicArtist")
            #expect(tribute.results.map(\.artistName) == ["The Beyonce Tribute Band"])
        }
    }

    @Test func searchDecodesPercentEncodingAndHonoursLimit() async throws {
        try await withFixtureServer { _, url in
            let encoded = try await client.results(url, "/search?term=Beyonc%C3%A9&entity=musicArtist&limit=1")
            #expect(encoded.resultCount == 1)
            #expect(encoded.results.map(\.artistName) == ["Beyoncé"])
            let none = try await client.results(url, "/search?term=nobody&entity=musicArtist")
            #expect(none.resultCount == 0)
            #expect(none.results.isEmpty)
        }
    }

    // MARK: - Lookup

    @Test func lookupListsTheArtistThenItsCollections() async throws {
        try await withFixtureServer { _, url in
            let answer = try await client.results(url, "/lookup?id=640294344&entity=album&limit=200&country=us")
            #expect(answer.resultCount == 6)
            #expect(answer.results.map(\.wrapperType) == ["artist"] + Array(repeating: "collection", count: 5))
            let renaissance = answer.collections[0]
            #expect(renaissance.collectionType == "Album")
            #expect(renaissance.artistId == 640_294_344)
            #expect(renaissance.collectionId == 1_078_457_179)
            #expect(renaissance.artistName == "Polyphia")
            #expect(renaissance.collectionName == "Renaissance")
            #expect(renaissance.collectionCensoredName == "Renaissance")
            #expect(renaissance.artistViewUrl == "https://music.apple.com/us/artist/polyphia/640294344?uo=4")
            #expect(renaissance.collectionViewUrl == "https://music.apple.com/us/album/renaissance/1078457179?uo=4")
            #expect(renaissance.artworkUrl60?.hasSuffix("/60x60bb.jpg") == true)
            #expect(renaissance.artworkUrl100?.hasSuffix("/100x100bb.jpg") == true)
            #expect(renaissance.collectionExplicitness == "notExplicit")
            #expect(renaissance.trackCount ?? 0 > 1)
            #expect(renaissance.country == "USA")
            #expect(renaissance.currency == "USD")
            #expect(renaissance.releaseDate == "2016-03-11T07:00:00Z")
            #expect(renaissance.primaryGenreName == "Rock")
        }
    }

    @Test func lookupNamesSinglesAndEPsWithSuffixesAndMarksExplicitTwins() async throws {
        try await withFixtureServer { _, url in
            let polyphia = try await client.results(url, "/lookup?id=640294344&entity=album")
            let names = polyphia.collections.map { $0.collectionName ?? "" }
            #expect(names == ["Renaissance", "G.O.A.T. - Single", "G.O.A.T. - Single", "Muse - EP", "Ego Death - Single"])
            #expect(
                polyphia.collections.map { $0.collectionExplicitness ?? "" }
                    == ["notExplicit", "explicit", "cleaned", "notExplicit", "notExplicit"])
            #expect(polyphia.collections[1].collectionViewUrl == "https://music.apple.com/us/album/g-o-a-t-single/1416234351?uo=4")

            let beyonce = try await client.results(url, "/lookup?id=1419227&entity=album")
            #expect(beyonce.collections.map { $0.collectionType ?? "" } == ["Album", "Compilation", "Album"])
            // A title that already carries the suffix is not suffixed twice.
            #expect(beyonce.collections[2].collectionName == "Run the World - Single")
        }
    }

    @Test func lookupCreditsCollaborationsToTheirOwnArtist() async throws {
        try await withFixtureServer { _, url in
            let answer = try await client.results(url, "/lookup?id=640294344&entity=album")
            let collaboration = try #require(answer.collections.last)
            #expect(collaboration.artistName == "Polyphia & Steve Vai")
            #expect(collaboration.artistId == 1_200_009_999)
            #expect(answer.artists.map(\.artistId) == [640_294_344])
        }
    }

    @Test func lookupOfSeveralIdsKeepsRequestOrderAndSkipsUnknownIds() async throws {
        try await withFixtureServer { _, url in
            let answer = try await client.results(url, "/lookup?id=1419227,999,640294344&entity=album")
            #expect(answer.artists.map(\.artistName) == ["Beyoncé", "Polyphia"])
            #expect(answer.resultCount == 2 + 3 + 5)
            #expect(answer.results[1].artistId == 1_419_227)
            #expect(answer.results[4].artistName == "Polyphia")

            let unknown = try await client.results(url, "/lookup?id=999&entity=album")
            #expect(unknown.resultCount == 0)
            let withoutEntity = try await client.results(url, "/lookup?id=640294344,1419227")
            #expect(withoutEntity.results.map(\.wrapperType) == ["artist", "artist"])
        }
    }

    @Test func lookupLimitCapsCollectionsAcrossTheWholeResponse() async throws {
        try await withFixtureServer { _, url in
            let answer = try await client.results(url, "/lookup?id=640294344,1419227&entity=album&limit=6")
            #expect(answer.artists.count == 2)
            #expect(answer.collections.count == 6)
            #expect(answer.collections.filter { $0.artistId == 1_419_227 }.count == 1)

            let single = try await client.results(url, "/lookup?id=640294344&entity=album&limit=2")
            #expect(single.resultCount == 3)
            #expect(single.collections.map(\.collectionId) == [1_078_457_179, 1_416_234_351])
        }
    }

    @Test func lookupDefaultsToFiftyCollectionsAndNeverMoreThanTwoHundred() async throws {
        let catalog = FixtureCatalog.generated(
            artists: 1, releasesPerArtist: 250, seed: 1,
            today: FixtureTestCatalog.date(2026, 1, 1))
        let id = try #require(catalog.artists.first?.id)
        try await withFixtureServer(catalog) { _, url in
            let byDefault = try await client.results(url, "/lookup?id=\(id)&entity=album")
            let beyondCeiling = try await client.results(url, "/lookup?id=\(id)&entity=album&limit=500")
            #expect(byDefault.collections.count == 50)
            #expect(beyondCeiling.collections.count == 200)
        }
    }

    @Test func storefrontChangesURLsCountryAndCurrency() async throws {
        try await withFixtureServer { _, url in
            let answer = try await client.results(url, "/lookup?id=640294344&entity=album&country=GB")
            #expect(answer.artists.first?.artistLinkUrl == "https://music.apple.com/gb/artist/polyphia/640294344?uo=4")
            #expect(answer.collections.first?.country == "GBR")
            #expect(answer.collections.first?.currency == "GBP")
        }
    }
}
