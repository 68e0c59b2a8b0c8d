import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutCatalog
@testable import DeepCutConfig
@testable import DeepCutFixtures
@testable import DeepCutHTTP

/// Apple Music's 404s through the real HTTP client against the fixture server: on the albums of an
/// artist that `artists/{id}` still lists it means "no albums in this storefront"; on the artist
/// itself it means the id vanished. The two must never be confused.
@Suite struct AppleMusicNotFoundTests {
    static let token = "fixture.jwt.RECOGNISABLE"
    let scratch = ScratchFolder()

    static let quiet = FixtureArtist(id: "900001", name: "The Quiet One")
    static let loud = FixtureArtist(
        id: "900002", name: "The Loud One",
        releases: [FixtureRelease(id: "9000021", title: "Noise", type: .album, releaseDate: ReleaseDate(year: 2026, month: 11, day: 1))])
    static let catalog = FixtureCatalog(artists: [quiet, loud])

    func provider(_ url: URL, types: TypeSelection = .standard) throws -> any CatalogProvider {
        var catalog = CatalogConfig(provider: .appleMusic, baseURL: url, country: "us", maxAttempts: 1)
        catalog.tokenFile = try scratch.write("apple-music.jwt", Self.token + "\n")
        return try CatalogProviderFactory.make(
            catalog, client: CurlHTTPClient(maximumConnectionsPerHost: 4), environment: [:], types: types)
    }

    var options: FixtureServerOptions { FixtureServerOptions(appleMusicToken: Self.token) }

    @Test func albumsAnswering404ForAnArtistThatAnswersAreADefiniteEmptyList() async throws {
        try await withFixtureServer(Self.catalog, options: options) { server, url in
            let releases = try await provider(url).releases(ofArtistID: Self.quiet.id, named: Self.quiet.name).get()
            #expect(releases.isEmpty)
            let log = server.requestLog
            #expect(Array(log.prefix(2).map(\.route)) == ["applemusic.albums", "applemusic.artist"], "\(log.map(\.route))")
            #expect(Array(log.prefix(2).map(\.status)) == [404, 200])
            // The views of an artist with no albums answer 404 too: empty views, not a failure.
            #expect(log.dropFirst(2).allSatisfy { $0.route == "applemusic.view" && $0.status == 404 }, "\(log.map(\.route))")
        }
    }

    @Test func anIDThatItself404sIsAVanishedIDNeverAnEmptyList() async throws {
        try await withFixtureServer(Self.catalog, options: options) { server, url in
            let result = try await provider(url).releases(ofArtistID: "999999", named: "Gone")
            guard case .failure(let failure) = result else {
                Issue.record("a vanished id read as \(result)")
                return
            }
            #expect(failure.saysArtistVanished)
            #expect(failure.httpStatus == 404)
            #expect(failure.attempts == 2)
            #expect(failure.message.contains("no longer in the catalog"), "\(failure.message)")
            #expect(server.requestLog.map(\.route) == ["applemusic.albums", "applemusic.artist"])
            #expect(server.requestLog.map(\.status) == [404, 404])
        }
    }

    /// The artist check is spent only on a 404: an artist with albums costs what it did before.
    @Test func anArtistWithAlbumsIsNotCheckedAgain() async throws {
        try await withFixtureServer(Self.catalog, options: options) { server, url in
            let releases = try await provider(url).releases(ofArtistID: Self.loud.id, named: Self.loud.name).get()
            #expect(releases.map(\.id) == ["9000021"])
            #expect(!server.requestLog.contains { $0.route == "applemusic.artist" })
        }
    }

    /// A batch (`artists?ids=…&include=albums`) lists the artist without albums: asked alone, its
    /// albums' 404 is settled as above, and the other artist keeps its albums.
    @Test func aBatchedArtistWithNoAlbumsIsEmptyAndTheOtherKeepsItsAlbums() async throws {
        try await withFixtureServer(Self.catalog, options: options) { _, url in
            let answers = try await provider(url).releases(ofEach: [
                CatalogArtist(id: Self.quiet.id, name: Self.quiet.name), CatalogArtist(id: Self.loud.id, name: Self.loud.name)
            ])
            #expect(try answers[Self.quiet.id]?.get() == [])
            #expect(try answers[Self.loud.id]?.get().map(\.id) == ["9000021"])
        }
    }

    /// An artist whose own albums are gone but who appears on others' records still lists those.
    @Test func appearancesOfAnArtistWithNoAlbumsAreStillListed() async throws {
        var guest = Self.quiet
        guest.releases = [
            FixtureRelease(
                id: "9000011", title: "Featuring", type: .album, releaseDate: ReleaseDate(year: 2026, month: 10, day: 1),
                artistName: "Someone Else", secondaryTypes: [.appearance])
        ]
        let catalog = FixtureCatalog(artists: [guest])
        var types = TypeSelection.standard
        types.secondary.insert(.appearance)
        try await withFixtureServer(catalog, options: options) { server, url in
            let releases = try await provider(url, types: types).releases(ofArtistID: guest.id, named: guest.name).get()
            #expect(releases.map(\.id) == ["9000011"], "\(server.requestLog.map(\.route))")
        }
    }
}
