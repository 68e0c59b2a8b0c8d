import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutCatalog
@testable import DeepCutConfig
@testable import DeepCutFixtures
@testable import DeepCutHTTP
@testable import DeepCutSweep

/// The Apple Music provider through the real HTTP client against the fixture server.
@Suite struct AppleMusicEndToEndTests {
    static let token = "fixture.jwt.RECOGNISABLE"
    let scratch = ScratchFolder()

    /// Built by the factory from a token file, as the pipeline builds it.
    func provider(_ url: URL, token: String = token, maxAttempts: Int = 3) throws -> any CatalogProvider {
        var catalog = CatalogConfig(provider: .appleMusic, baseURL: url, country: "us", maxAttempts: maxAttempts)
        catalog.tokenFile = try scratch.write("apple-music.jwt", token + "\n")
        return try CatalogProviderFactory.make(catalog, client: CurlHTTPClient(maximumConnectionsPerHost: 4), environment: [:])
    }

    var options: FixtureServerOptions { FixtureServerOptions(appleMusicToken: Self.token) }

    /// Five artists with 60 releases each; the first lists one album twice.
    static let catalog: FixtureCatalog = {
        var catalog = FixtureCatalog.generated(
            artists: 5, releasesPerArtist: 60, seed: 7, today: ReleaseDate(year: 2026, month: 11, day: 29))
        catalog.artists[0].releases.insert(catalog.artists[0].releases[30], at: 0)
        return catalog
    }()

    @Test func albumsArePagedThroughNextAndRepeatsRemoved() async throws {
        try await withFixtureServer(Self.catalog, options: options) { server, url in
            let artist = Self.catalog.artists[0]
            let releases = try await provider(url).releases(ofArtistID: artist.id, named: artist.name).get()
            #expect(releases.count == 60)
            #expect(Set(releases.map(\.id)) == Set(artist.releases.map(\.id)))
            #expect(server.requestLog.map(\.query) == ["limit=100"], "61 albums fit one page of 100")
        }
    }

    /// The evidence path's track list: an album's songs with their lengths, the token sent along.
    @Test func anAlbumsTracksAreListedWithTheirLengths() async throws {
        try await withFixtureServer(Self.catalog, options: options) { server, url in
            let release = Self.catalog.artists[0].releases[0]
            let list = try #require(await provider(url).trackList(ofRelease: release.id)).get()
            #expect(list.tracks == ITunesRoute.tracks(of: release))
            #expect(list.isComplete)
            #expect(server.requestLog.map(\.route) == ["applemusic.tracks"])
        }
    }

    @Test func typesTitlesAndExplicitnessSurviveTheWire() async throws {
        try await withFixtureServer(FixtureTestCatalog.catalog, options: options) { _, url in
            let releases = try await provider(url).releases(ofArtistID: FixtureTestCatalog.polyphiaID, named: "Polyphia").get()
            #expect(releases.map(\.type) == [.album, .single, .single, .ep, .single])
            #expect(releases.map(\.title) == ["Renaissance", "G.O.A.T.", "G.O.A.T.", "Muse", "Ego Death"])
            #expect(releases.map(\.isExplicit) == [false, true, false, false, false])
            #expect(releases.last?.artist == "Polyphia & Steve Vai")
            #expect(releases.first?.artworkURL?.hasSuffix("/600x600bb.jpg") == true)
            let beyonce = try await provider(url).releases(ofArtistID: FixtureTestCatalog.beyonceID, named: "Beyoncé").get()
            #expect(beyonce.map(\.type) == [.album, .compilation, .single])
        }
    }

    @Test func searchResolvesTheExactArtist() async throws {
        try await withFixtureServer(FixtureTestCatalog.catalog, options: options) { _, url in
            let provider = try provider(url)
            #expect(await provider.resolveArtist(named: "beyonce") == .found(id: FixtureTestCatalog.beyonceID, name: "Beyoncé"))
            #expect(await provider.resolveArtist(named: "Nobody At All") == .notFound)
        }
    }

    @Test func aWrongTokenIsAConfigurationErrorAfterOneRequest() async throws {
        try await withFixtureServer(Self.catalog, options: options) { server, url in
            let provider = try provider(url, token: "expired.jwt.WRONG")
            let preflight = try #require(await provider.credentialsRefused())
            #expect(preflight.exitCode == .config)
            #expect(preflight.message.contains("Unauthenticated (40100)"))
            #expect(!preflight.message.contains("WRONG"))
            let sweep = try await SweepCatalog(provider: provider, concurrency: 2).run(artists: Self.catalog.artists.map(\.name))
            #expect(sweep.status == .failed)
            let refused = try #require(provider.credentialsRefused(in: sweep))
            #expect(refused.httpStatus == 401)
            #expect(
                server.requestLog.filter { $0.route == "applemusic.unauthorized" }.count <= 3,
                "after the first refusal the sweep stops asking (at most the in-flight ones were sent)")
            #expect(server.requestLog.count < Self.catalog.artists.count + 1)
        }
    }

    @Test func rateLimitingIsRetried() async throws {
        var catalog = FixtureTestCatalog.catalog
        catalog.artists[0].fault = Fault(.rateLimited(retryAfter: "0"), on: .lookup, times: 2)
        try await withFixtureServer(catalog, options: options) { server, url in
            let releases = try await provider(url).releases(ofArtistID: FixtureTestCatalog.polyphiaID, named: "Polyphia").get()
            #expect(releases.count == 5)
            #expect(server.requestLog.map(\.status) == [429, 429, 200])
        }
    }

    @Test func aSweepWithTheFactoryProviderIsComplete() async throws {
        try await withFixtureServer(Self.catalog, options: options) { server, url in
            let provider = try provider(url)
            #expect(await provider.credentialsRefused() == nil)
            server.resetLog()
            let names = Self.catalog.artists.map(\.name) + ["Nobody At All"]
            let sweep = try await SweepCatalog(provider: provider, concurrency: 3).run(artists: names)
            #expect(sweep.status == .complete)
            #expect(sweep.provider == "apple-music")
            #expect(sweep.counts.fetched == 5)
            #expect(sweep.counts.notFound == 1)
            #expect(sweep.releases.count == 300)
            #expect(sweep.requests == server.requestLog.count)
            // Six searches; one `artists?ids=` request brings all five artists with their first 25
            // albums; each then reads the rest (35) in one page of 100.
            let routes = server.requestLog.map(\.route)
            #expect(routes.filter { $0 == "applemusic.artists" }.count == 1, "\(routes)")
            #expect(routes.filter { $0 == "applemusic.albums" }.count == 5, "\(routes)")
            #expect(server.requestLog.count == 12)
        }
    }
}
