import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutCatalog
@testable import DeepCutConfig
@testable import DeepCutFixtures
@testable import DeepCutHTTP
@testable import DeepCutSweep

/// The MusicBrainz provider through the real HTTP client against the fixture server, built from a config file.
@Suite struct MusicBrainzEndToEndTests {
    let scratch = ScratchFolder()

    static let catalog = FixtureCatalog.generated(
        artists: 4, releasesPerArtist: 130, seed: 11,
        today: ReleaseDate(year: 2026, month: 11, day: 29))

    /// Loads a config naming the fixture server, then builds the provider as the pipeline does.
    func provider(
        _ url: URL, contact: String? = "deepcut-tests@example.org", maxAttempts: Int = 3,
        rateLimitWaitSeconds: Double = 300
    ) throws -> any CatalogProvider {
        let contactKey = contact.map { #", "contact": "\#($0)""# } ?? ""
        let file = try scratch.write(
            "config.json",
            """
            {"library": [{"format": "csv", "path": "library.csv"}],
             "catalog": {"provider": "musicbrainz", "baseURL": "\(url.absoluteString)", "maxAttempts": \(maxAttempts),
                         "rateLimitWaitSeconds": \(rateLimitWaitSeconds)\(contactKey)}}
            """)
        let config = try ConfigLoader.load(from: file)
        return try CatalogProviderFactory.make(config.catalog, client: CurlHTTPClient(maximumConnectionsPerHost: 4))
    }

    @Test func aMissingContactStopsAtTheConfig() async throws {
        try await withFixtureServer(Self.catalog) { server, url in
            #expect(throws: ConfigError(message: "config.json: missing key 'catalog.contact'")) { try provider(url, contact: nil) }
            #expect(server.requestLog.isEmpty)
        }
    }

    /// The evidence path's track list: the release group's first release, its tracks with lengths.
    @Test func aReleaseGroupsTracksComeFromItsFirstReleasesRecordings() async throws {
        try await withFixtureServer(Self.catalog) { server, url in
            let release = Self.catalog.artists[0].releases[0]
            let list = try #require(await provider(url).trackList(ofRelease: MusicBrainzID.mbid(for: release.id))).get()
            #expect(list.tracks == ITunesRoute.tracks(of: release))
            #expect(list.isComplete)
            #expect(server.requestLog.map(\.route) == ["musicbrainz.release"])
            #expect(server.requestLog.first?.query.contains("inc=recordings") == true)
        }
    }

    @Test func releaseGroupsArePagedByOffsetUntilTheCount() async throws {
        try await withFixtureServer(Self.catalog) { server, url in
            let artist = Self.catalog.artists[1]
            let id = MusicBrainzID.mbid(for: artist.id)
            let releases = try await provider(url).releases(ofArtistID: id, named: artist.name).get()
            #expect(releases.count == 130)
            #expect(Set(releases.map(\.id)) == Set(artist.releases.map { MusicBrainzID.mbid(for: $0.id) }))
            #expect(server.requestLog.map { $0.query.contains("offset=100") } == [false, true])
            let expected = artist.releases.map(\.type)
            #expect(releases.map(\.type) == expected, "album, EP, single and compilation all round-trip")
            #expect(releases.map(\.releaseDate) == artist.releases.map(\.releaseDate))
        }
    }

    @Test func searchResolvesTheMBIDWithTheUserAgentTheFixtureDemands() async throws {
        try await withFixtureServer(FixtureTestCatalog.catalog) { server, url in
            let provider = try provider(url)
            #expect(
                await provider.resolveArtist(named: "beyonce")
                    == .found(id: MusicBrainzID.mbid(for: FixtureTestCatalog.beyonceID), name: "Beyoncé"))
            #expect(await provider.resolveArtist(named: "Nobody At All") == .notFound)
            #expect(server.requestLog.map(\.status) == [200, 200], "a User-Agent without a contact would be 403")
        }
    }

    /// 503 slows MusicBrainz down: retried beyond `maxAttempts` (1 here), until the waiting budget
    /// (3 s here) is spent.
    @Test func serviceUnavailableIsRetriedAsRateLimiting() async throws {
        var catalog = FixtureTestCatalog.catalog
        catalog.artists[0].fault = Fault(.serviceUnavailable(retryAfter: "0"), on: .lookup, times: 1)
        catalog.artists[1].fault = Fault(.serviceUnavailable(retryAfter: "0"), on: .lookup)
        try await withFixtureServer(catalog) { server, url in
            let provider = try provider(url, maxAttempts: 1, rateLimitWaitSeconds: 3)
            let recovered = try await provider.releases(
                ofArtistID: MusicBrainzID.mbid(for: FixtureTestCatalog.polyphiaID), named: "Polyphia"
            ).get()
            #expect(recovered.count == 5)
            let failed = await provider.releases(ofArtistID: MusicBrainzID.mbid(for: FixtureTestCatalog.beyonceID), named: "Beyoncé")
            guard case .failure(let failure) = failed else {
                Issue.record("a persistent 503 must fail")
                return
            }
            #expect(failure.kind == .rateLimited)
            #expect(failure.attempts == 2)
            #expect(server.requestLog.map(\.status) == [503, 200, 503, 503])
        }
    }

    @Test func aSweepWithTheFactoryProviderIsComplete() async throws {
        try await withFixtureServer(Self.catalog) { server, url in
            let names = Self.catalog.artists.map(\.name) + ["Nobody At All"]
            let sweep = try await SweepCatalog(provider: try provider(url), concurrency: 2).run(artists: names)
            #expect(sweep.status == .complete)
            #expect(sweep.provider == "musicbrainz")
            #expect(sweep.counts.fetched == 4)
            #expect(sweep.counts.notFound == 1)
            #expect(sweep.releases.count == 4 * 130)
            #expect(sweep.results.prefix(4).allSatisfy { $0.requests == 3 }, "one search and two pages per artist")
            #expect(sweep.requests == server.requestLog.count)
        }
    }
}
