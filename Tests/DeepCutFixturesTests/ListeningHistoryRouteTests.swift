import Foundation
import Testing

@testable import DeepCutFixtures

/// The ListenBrainz and Last.fm routes answer in the services' documented shapes, failures included.
@Suite struct ListeningHistoryRouteTests {
    private let history = FixtureListeningHistory(lastFMAPIKey: "k")
    private let server: FixtureServer
    private let base: URL
    private let client = FixtureTestClient()

    init() throws {
        server = FixtureServer(catalog: FixtureCatalog(artists: []), listening: history)
        base = try server.start()
        history.setUser("alice", .init(artists: [("Low", 5), ("Mitski", 30), ("Wilco", 12)]))
        history.setUser("empty", .init(artists: []))
    }

    @Test func listenBrainzStatsPagesAndRateLimitHeaders() async throws {
        let (body, response) = try await client.get(base, "/1/stats/user/alice/artists?range=this_year&count=2&offset=1")
        #expect(response.statusCode == 200)
        #expect(response.value(forHTTPHeaderField: "X-RateLimit-Remaining") == "29")
        #expect(response.value(forHTTPHeaderField: "X-RateLimit-Reset-In") == "7")
        let payload = try #require((try JSONSerialization.jsonObject(with: body) as? [String: Any])?["payload"] as? [String: Any])
        #expect((payload["artists"] as? [[String: Any]])?.map { $0["artist_name"] as? String } == ["Wilco", "Low"])
        #expect(payload["total_artist_count"] as? Int == 3 && payload["offset"] as? Int == 1 && payload["range"] as? String == "this_year")
        #expect(try await client.get(base, "/1/stats/user/empty/artists").response.statusCode == 204)
        #expect(try await client.get(base, "/1/stats/user/nobody/artists").response.statusCode == 404)
        #expect(try await client.get(base, "/1/stats/user/alice/artists?count=101").response.statusCode == 400)
        #expect(try await client.get(base, "/1/stats/user/alice/artists?range=forever").response.statusCode == 400)
        history.setRateLimited(true)
        let limited = try await client.get(base, "/1/stats/user/alice/artists").response
        #expect(limited.statusCode == 429 && limited.value(forHTTPHeaderField: "X-RateLimit-Remaining") == "0")
    }

    @Test func lastFMTopArtistsAndErrorBodies() async throws {
        let page = try await client.object(
            base, "/2.0/?method=user.gettopartists&user=alice&api_key=k&format=json&limit=2&page=2", headers: [:])
        let top = try #require(page.json["topartists"] as? [String: Any])
        let artists = try #require(top["artist"] as? [[String: Any]])
        #expect(artists.map { $0["name"] as? String } == ["Low"])
        #expect(artists.first?["playcount"] as? String == "5")
        #expect((artists.first?["@attr"] as? [String: Any])?["rank"] as? String == "3")
        let attributes = try #require(top["@attr"] as? [String: Any])
        #expect(attributes["totalPages"] as? String == "2" && attributes["total"] as? String == "3" && attributes["page"] as? String == "2")
        func error(_ query: String) async throws -> (Int?, Int) {
            let answer = try await client.object(base, "/2.0/?method=user.gettopartists&format=json&" + query, headers: [:])
            return (answer.json["error"] as? Int, answer.status)
        }
        #expect(try await error("user=alice&api_key=wrong") == (10, 403))
        #expect(try await error("user=nobody&api_key=k") == (6, 404))
        history.setUser("hidden", .init(artists: [("Low", 5)], isPrivate: true))
        #expect(try await error("user=hidden&api_key=k") == (17, 403))
        history.setRateLimited(true)
        #expect(try await error("user=alice&api_key=k") == (29, 429))
    }
}
