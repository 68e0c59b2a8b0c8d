import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutFixtures

/// The release-group search as MusicBrainz documents it (https://musicbrainz.org/doc/MusicBrainz_API/Search):
/// `arid` and a `firstreleasedate` range, `count`/`offset` paging, scores, credits and release statuses;
/// a group the index has not caught up with is missing, and an `uncredited` one comes without a credit.
@Suite struct MusicBrainzSearchRouteTests {
    let client = FixtureTestClient()
    let agent = ["User-Agent": "deepcut-tests/1.0 ( tests@example.org )"]
    let artistID = "812000001"

    var catalog: FixtureCatalog {
        func release(_ id: String, _ title: String, _ date: String) -> FixtureRelease {
            FixtureRelease(id: id, title: title, type: .album, releaseDate: ReleaseDate(iso: date)!)
        }
        var lagging = release("812100002", "Lagging", "2026-11-02")
        lagging.musicBrainzSearch = .unindexed
        var bootleg = release("812100004", "Boot", "2026-11-03")
        bootleg.musicBrainzStatus = .bootleg
        var uncredited = release("812100005", "No Credit", "2026-11-04")
        uncredited.musicBrainzSearch = .uncredited
        return FixtureCatalog(artists: [
            FixtureArtist(
                id: artistID, name: "Searched",
                releases: [
                    release("812100001", "New", "2026-11-01"), lagging, release("812100003", "Old", "2025-01-01"), bootleg, uncredited
                ])
        ])
    }

    func search(_ query: String, _ url: URL, page: String = "") async throws -> (json: [String: Any], status: Int) {
        let encoded = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        return try await client.object(url, "/ws/2/release-group?query=\(encoded)\(page)&fmt=json", headers: agent)
    }

    @Test func findsTheArtistsGroupsSinceTheDateAsTheIndexHoldsThem() async throws {
        try await withFixtureServer(catalog) { _, url in
            let mbid = MusicBrainzID.mbid(for: artistID)
            let other = MusicBrainzID.mbid(for: "1")
            let (json, status) = try await search("arid:(\(mbid) OR \(other)) AND firstreleasedate:[2026-01-01 TO *]", url)
            #expect(status == 200)
            #expect(json["count"] as? Int == 3)
            #expect(json["offset"] as? Int == 0)
            let groups = (json["release-groups"] as? [[String: Any]]) ?? []
            #expect(groups.map { $0["title"] as? String } == ["New", "Boot", "No Credit"])
            #expect(groups.map { $0["score"] as? Int } == [100, 100, 100])
            let credit = (groups[0]["artist-credit"] as? [[String: Any]])?.first?["artist"] as? [String: Any]
            #expect(credit?["id"] as? String == mbid)
            #expect(groups[2]["artist-credit"] == nil)
            let statuses = groups.map { (($0["releases"] as? [[String: Any]])?.first?["status"] as? String) ?? "" }
            #expect(statuses == ["Official", "Bootleg", "Official"])

            let second = try await search("arid:\(mbid) AND firstreleasedate:[2026-01-01 TO *]", url, page: "&limit=1&offset=1")
            #expect(second.json["count"] as? Int == 3)
            #expect(((second.json["release-groups"] as? [[String: Any]]) ?? []).map { $0["title"] as? String } == ["Boot"])
            let unbounded = try await search("arid:\(mbid)", url)
            #expect(unbounded.json["count"] as? Int == 4)
        }
    }

    @Test func anyOtherQueryIsRefused() async throws {
        try await withFixtureServer(catalog) { _, url in
            let mbid = MusicBrainzID.mbid(for: artistID)
            var statuses: [Int] = []
            for query in ["releasegroup:New", "arid:(not-an-mbid)", "arid:\(mbid) AND firstreleasedate:[soon TO *]"] {
                statuses.append(try await search(query, url).status)
            }
            #expect(statuses == [400, 400, 400])
        }
    }
}
