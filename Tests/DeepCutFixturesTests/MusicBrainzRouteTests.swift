import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutFixtures

@Suite struct MusicBrainzRouteTests {
    let client = FixtureTestClient()
    let agent = ["User-Agent": "deepcut-tests/1.0 ( tests@example.org )"]
    let polyphia = MusicBrainzID.mbid(for: FixtureTestCatalog.polyphiaID)

    func groups(_ json: [String: Any]) -> [[String: Any]] {
        (json["release-groups"] as? [[String: Any]]) ?? []
    }

    @Test func idsAreUUIDShapedAndCarryTheNumericID() {
        #expect(MusicBrainzID.mbid(for: "900000001") == "00000000-0000-0000-0000-000900000001")
        #expect(MusicBrainzID.isUUIDShaped(MusicBrainzID.mbid(for: "640294344")))
        #expect(MusicBrainzID.isUUIDShaped("72c536dc-7137-4477-a521-567eeb840fa8"))
        #expect(!MusicBrainzID.isUUIDShaped("640294344"))
    }

    @Test func aUserAgentWithoutAContactIsRefused() async throws {
        try await withFixtureServer { _, url in
            let path = "/ws/2/artist?query=polyphia&fmt=json"
            let refused = try await client.object(url, path, headers: ["User-Agent": "curl/8.0"])
            #expect(refused.status == 403)
            #expect((refused.json["error"] as? String)?.contains("contact") == true)
            let withContact = try await client.object(url, path, headers: agent).status
            #expect(withContact == 200)
        }
    }

    @Test func artistSearchReadsThePhraseQueryAndScoresExactMatchesFirst() async throws {
        try await withFixtureServer { _, url in
            let query = #"artist:"beyonce""#.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            let (json, status) = try await client.object(url, "/ws/2/artist?query=\(query)&limit=10&fmt=json", headers: agent)
            #expect(status == 200)
            #expect(json["count"] as? Int == 2)
            let artists = (json["artists"] as? [[String: Any]]) ?? []
            #expect(
                artists.map { $0["id"] as? String } == [
                    MusicBrainzID.mbid(for: FixtureTestCatalog.beyonceID),
                    MusicBrainzID.mbid(for: FixtureTestCatalog.beyonceTributeID)
                ])
            #expect(artists.map { $0["score"] as? Int } == [100, 80])
            #expect(artists.allSatisfy { $0["disambiguation"] == nil })
        }
    }

    @Test func phraseQueriesUnescapeQuotesAndBackslashes() {
        #expect(MusicBrainzRoute.phrase(in: #"artist:"The \"Bad\" \\ Seeds""#) == #"The "Bad" \ Seeds"#)
        #expect(MusicBrainzRoute.phrase(in: "  bonobo ") == "bonobo")
    }

    @Test func browsePagesWithCountAndOffset() async throws {
        try await withFixtureServer { _, url in
            let first = try await client.object(url, "/ws/2/release-group?artist=\(polyphia)&limit=2&fmt=json", headers: agent)
            #expect(first.json["release-group-count"] as? Int == 5)
            #expect(groups(first.json).map { $0["title"] as? String } == ["Renaissance", "G.O.A.T."])
            let last = try await client.object(url, "/ws/2/release-group?artist=\(polyphia)&limit=2&offset=4&fmt=json", headers: agent)
            #expect(last.json["release-group-offset"] as? Int == 4)
            #expect(groups(last.json).map { $0["title"] as? String } == ["Ego Death"])
        }
    }

    @Test func typeFilterAndTypesMatchMusicBrainz() async throws {
        try await withFixtureServer { _, url in
            let beyonce = MusicBrainzID.mbid(for: FixtureTestCatalog.beyonceID)
            let albums = try await client.object(url, "/ws/2/release-group?artist=\(beyonce)&type=album&fmt=json", headers: agent)
            #expect(albums.json["release-group-count"] as? Int == 2)
            let listed = groups(albums.json)
            #expect(listed.map { $0["primary-type"] as? String } == ["Album", "Album"])
            #expect(listed.map { $0["secondary-types"] as? [String] } == [[], ["Compilation"]])
            #expect(listed.first?["first-release-date"] as? String == "2022-07-29")
            #expect(listed.first?["id"] as? String == MusicBrainzID.mbid(for: "1300000001"))
            let all = try await client.object(
                url, "/ws/2/release-group?artist=\(beyonce)&type=album%7Cep%7Csingle&fmt=json", headers: agent)
            #expect(all.json["release-group-count"] as? Int == 3)
        }
    }

    @Test(arguments: [
        ("/ws/2/release-group?artist=640294344&fmt=json", 400),
        ("/ws/2/release-group?artist=72c536dc-7137-4477-a521-567eeb840fa8&fmt=json", 404),
        ("/ws/2/release-group?artist=00000000-0000-0000-0000-000640294344", 406),
        ("/ws/2/release-group?artist=00000000-0000-0000-0000-000640294344&limit=101&fmt=json", 400),
        ("/ws/2/artist?query=&fmt=json", 400),
        ("/ws/2/recording?fmt=json", 404)
    ])
    func errorsCarryMusicBrainzErrorBodies(pathAndQuery: String, status: Int) async throws {
        try await withFixtureServer { _, url in
            let answer = try await client.object(url, pathAndQuery, headers: agent)
            #expect(answer.status == status)
            #expect(answer.json["error"] is String)
        }
    }

    @Test func faultsApplyByArtist() async throws {
        var catalog = FixtureTestCatalog.catalog
        catalog.artists[0].fault = Fault(.serviceUnavailable(retryAfter: nil), on: .lookup, times: 1)
        try await withFixtureServer(catalog) { server, url in
            let browse = "/ws/2/release-group?artist=\(polyphia)&fmt=json"
            let faulted = try await client.get(url, browse, headers: agent).response.statusCode
            #expect(faulted == 503)
            let recovered = try await client.get(url, browse, headers: agent).response.statusCode
            #expect(recovered == 200)
            let search = try await client.get(url, "/ws/2/artist?query=polyphia&fmt=json", headers: agent).response.statusCode
            #expect(search == 200)
            #expect(server.requestLog.map(\.route) == ["musicbrainz.release-group", "musicbrainz.release-group", "musicbrainz.artist"])
            #expect(server.requestLog.compactMap(\.fault).count == 1)
        }
    }
}
