import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutCatalog
@testable import DeepCutFixtures
@testable import DeepCutHTTP

/// MusicBrainz's warm plan: one release-group search asks what many artists added since a date;
/// every answer is checked, and a batch whose answer does not hold up is browsed whole. Served by
/// the fixture server, read through the real client.
@Suite struct MusicBrainzAdditionsTests {
    static let today = Date().epochDay

    static func artists(_ count: Int, releases: Int, daysApart: Int = 1) -> [FixtureArtist] {
        (1...count).map { number in
            FixtureArtist(
                id: String(700_000 + number), name: "Searched \(number)",
                releases: (1...releases).map { index in
                    FixtureRelease(
                        id: String(7_000_000 + number * 100 + index), title: "Record \(number) \(index)", type: .album,
                        releaseDate: ReleaseDate(epochDay: today - index * daysApart))
                })
        }
    }

    /// The provider as a warm sweep makes it: every artist read whole lately, searched since `since`.
    static func provider(_ base: URL, artists: [FixtureArtist], since: ReleaseDate) -> MusicBrainzProvider {
        let requester = CatalogRequester(
            client: CurlHTTPClient(maximumConnectionsPerHost: 1), policy: RetryPolicy(maxAttempts: 1), timeoutSeconds: 30)
        return MusicBrainzProvider(
            baseURL: base, contact: "ops@example.org", requester: requester,
            addedSince: Dictionary(uniqueKeysWithValues: artists.map { (MusicBrainzID.mbid(for: $0.id), since) }))
    }

    static func asked(_ artists: [FixtureArtist]) -> [CatalogArtist] {
        artists.map { CatalogArtist(id: MusicBrainzID.mbid(for: $0.id), name: $0.name) }
    }

    @Test func oneSearchPerFiftyArtistsPagedByOffsetFindsEveryGroupSinceTheDate() async throws {
        // 30 artists with 4 groups each: 120 groups, two pages of one search.
        let artists = Self.artists(30, releases: 4)
        let server = FixtureServer(catalog: FixtureCatalog(artists: artists))
        let base = try server.start()
        defer { server.close() }
        let since = ReleaseDate(epochDay: Self.today - 30)
        let provider = Self.provider(base, artists: artists, since: since)
        #expect(provider.releaseBatchLimit == MusicBrainzProvider.warmJobSize)
        let listings = await provider.listings(ofEach: Self.asked(artists))
        for artist in artists {
            let listing = try #require(try listings[MusicBrainzID.mbid(for: artist.id)]?.get())
            #expect(listing.coverage == .added(since: since))
            #expect(Set(listing.releases.map(\.id)) == Set(artist.releases.map { MusicBrainzID.mbid(for: $0.id) }))
            #expect(listing.releases.allSatisfy { $0.artist == artist.name })
        }
        let requests = server.requestLog
        #expect(requests.count == 2)
        #expect(requests.allSatisfy { $0.path == "/ws/2/release-group" })
        let query = try #require(requests.first?.query.removingPercentEncoding)
        #expect(query.contains("query=arid:(\(MusicBrainzID.mbid(for: artists[0].id)) OR "))
        #expect(query.contains(" AND firstreleasedate:[\(since.description) TO *]"))
    }

    @Test func aGroupOlderThanTheDateOrNotIndexedYetIsNotAnAddition() async throws {
        var artists = Self.artists(2, releases: 3, daysApart: 20)
        artists[1].releases[0].musicBrainzSearch = .unindexed
        let server = FixtureServer(catalog: FixtureCatalog(artists: artists))
        let base = try server.start()
        defer { server.close() }
        let provider = Self.provider(base, artists: artists, since: ReleaseDate(epochDay: Self.today - 30))
        let listings = await provider.listings(ofEach: Self.asked(artists))
        let first = try #require(try listings[MusicBrainzID.mbid(for: artists[0].id)]?.get())
        #expect(first.releases.map(\.title).sorted() == ["Record 1 1"])
        // Lagging: the newest group of the second artist is in the database but not yet searchable.
        let second = try #require(try listings[MusicBrainzID.mbid(for: artists[1].id)]?.get())
        #expect(second.releases.isEmpty)
        #expect(second.coverage.listsOnlyAdditions)
        #expect(!second.coverage.covers(artists[1].releases[0].releaseDate))
        #expect(server.requestLog.count == 1)
    }

    @Test func anAnswerFailingItsCheckIsFollowedByTheWholeBrowseOfEachArtist() async throws {
        var artists = Self.artists(3, releases: 2)
        artists[2].releases[0].musicBrainzSearch = .uncredited
        let server = FixtureServer(catalog: FixtureCatalog(artists: artists))
        let base = try server.start()
        defer { server.close() }
        let provider = Self.provider(base, artists: artists, since: ReleaseDate(epochDay: Self.today - 30))
        let listings = await provider.listings(ofEach: Self.asked(artists))
        for artist in artists {
            let listing = try #require(try listings[MusicBrainzID.mbid(for: artist.id)]?.get())
            #expect(listing.coverage == .complete)
            #expect(listing.releases.count == 2)
        }
        let paths = server.requestLog.map { $0.query.contains("query=") ? "search" : $0.path }
        #expect(paths == ["search", "/ws/2/release-group", "/ws/2/release-group", "/ws/2/release-group"])
    }

    @Test func aMalformedSearchAnswerIsNotNothingNew() throws {
        func answer(_ json: String) throws -> MusicBrainzAdditionsAnswer {
            let page = try JSONBody.decode(MusicBrainzAdditionsPage.self, from: Data(json.utf8))
            var answer = MusicBrainzAdditionsAnswer()
            try answer.add(page, asked: ["a"], since: ReleaseDate(year: 2026, month: 3, day: 1))
            return answer
        }
        let credit = #""artist-credit": [{"name": "A", "artist": {"id": "a"}}]"#
        // No list at all, or a group of someone not asked, or one older than asked: refused.
        #expect(throws: BodyDecodingError.self) { try answer(#"{"count": 0, "offset": 0}"#) }
        #expect(throws: BodyDecodingError.self) {
            try answer(
                #"{"count": 1, "offset": 0, "release-groups": [{"id": "g", "title": "T", "primary-type": "Album", "first-release-date": "2026-04-01", "artist-credit": [{"name": "B", "artist": {"id": "b"}}]}]}"#
            )
        }
        #expect(throws: BodyDecodingError.self) {
            try answer(
                #"{"count": 1, "offset": 0, "release-groups": [{"id": "g", "title": "T", "primary-type": "Album", "first-release-date": "2025-12-01", "#
                    + credit + "}]}")
        }
        // A year-only date is not before the asked day at its own precision; a bootleg-only group is left out.
        let found = try answer(
            #"{"count": 2, "offset": 0, "release-groups": [{"id": "g", "title": "T", "primary-type": "Album", "first-release-date": "2026", "#
                + credit
                + #"}, {"id": "b", "title": "Boot", "primary-type": "Album", "first-release-date": "2026-05-01", "releases": [{"status": "Bootleg"}], "#
                + credit + "}]}")
        #expect(found.releases(of: CatalogArtist(id: "a", name: "A")).map(\.id) == ["g"])
    }
}
