import DeepCutCore
import DeepCutFixtures
import DeepCutHTTP
import Foundation
import Testing

/// MusicBrainz lists bootleg-only release groups beside the official ones unless asked not to; the
/// sweep browses with `release-group-status=website-default` (MBS-12047), as the artist's page on
/// musicbrainz.org shows them, so a bootleg never reaches the feed. Through the real binary.
@Suite struct MusicBrainzBootlegEndToEndTests {
    @Test(.timeLimit(.minutes(2)))
    func aBootlegOnlyReleaseGroupNeverReachesTheFeed() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        var artist = ReliabilityWorld.artists(1, releases: 4)[0]
        artist.releases[1].musicBrainzStatus = .bootleg
        artist.releases[2].musicBrainzStatus = .promotion
        artist.releases[3].musicBrainzStatus = .official
        let world = try ReliabilityWorld(
            artists: [artist], library: ReliabilityWorld.library(1),
            catalogKeys: ["provider": "\"musicbrainz\"", "contact": "\"reliability@example.com\""])
        let run = try await world.spawn("sweep").finish()
        #expect(run.status == 0, "\(run.stderr)")
        let entries = try #require(try world.json("current.json")["entries"] as? [[String: Any]])
        let titles = Set(entries.compactMap { $0["title"] as? String })
        #expect(titles == [artist.releases[0].title, artist.releases[3].title])

        let browses = world.server.requestLog.filter { $0.path == "/ws/2/release-group" }
        #expect(!browses.isEmpty)
        for browse in browses {
            #expect(browse.query.split(separator: "&").contains("release-group-status=website-default"), "\(browse.query)")
        }
    }

    /// The fixture answers as MusicBrainz does: without the parameter every group is listed,
    /// bootlegs too, so the test above proves the parameter, not the fixture, keeps them out.
    @Test func withoutTheParameterTheCatalogListsBootlegs() async throws {
        var artist = ReliabilityWorld.artists(1, releases: 2)[0]
        artist.releases[1].musicBrainzStatus = .bootleg
        let server = FixtureServer(catalog: FixtureCatalog(artists: [artist]))
        let base = try server.start()
        defer { server.close() }
        let mbid = "00000000-0000-0000-0000-000000" + artist.id
        let client = CurlHTTPClient(maximumConnectionsPerHost: 1)
        func count(_ status: String?) async throws -> (status: Int, count: Int?) {
            var url = base.appending(path: "ws/2/release-group").absoluteString + "?artist=\(mbid)&fmt=json"
            if let status { url += "&release-group-status=\(status)" }
            let response = try await client.send(
                HTTPRequest(
                    url: try #require(URL(string: url)), headers: ["User-Agent": "test/1.0 ( test@example.org )"],
                    timeoutSeconds: 30))
            let object = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
            return (response.status, object?["release-group-count"] as? Int)
        }
        #expect(try await count(nil) == (200, 2))
        #expect(try await count("all") == (200, 2))
        #expect(try await count("website-default") == (200, 1))
        #expect(try await count("official-only").status == 400)
    }
}
