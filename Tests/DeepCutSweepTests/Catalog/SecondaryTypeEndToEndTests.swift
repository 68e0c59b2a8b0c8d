import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutCatalog
@testable import DeepCutConfig
@testable import DeepCutFixtures
@testable import DeepCutHTTP

/// Live, remix, soundtrack, demo and appearances as each provider's real format says them, served
/// by the fixture server and read through the real client.
@Suite struct SecondaryTypeEndToEndTests {
    static let token = "fixture.jwt.RECOGNISABLE"
    let scratch = ScratchFolder()

    static func day(_ month: Int) -> ReleaseDate { ReleaseDate(year: 2026, month: month, day: 1) }

    /// Titles as iTunes and Apple Music name such records; `secondaryTypes` as MusicBrainz and
    /// Apple Music's views and genres say them.
    static let artist = FixtureArtist(
        id: "7001", name: "Khruangbin",
        releases: [
            FixtureRelease(id: "70011", title: "A La Sala", type: .album, releaseDate: day(4)),
            FixtureRelease(id: "70012", title: "Live at Sydney Opera House", type: .album, releaseDate: day(5), secondaryTypes: [.live]),
            FixtureRelease(id: "70013", title: "Mordechai (Remixes)", type: .ep, releaseDate: day(6), secondaryTypes: [.remix]),
            FixtureRelease(
                id: "70014", title: "Desert Drift (Original Motion Picture Soundtrack)", type: .album, releaseDate: day(7),
                secondaryTypes: [.soundtrack]),
            FixtureRelease(id: "70015", title: "Early Tapes (Demos)", type: .ep, releaseDate: day(8), secondaryTypes: [.demo]),
            FixtureRelease(
                id: "70016", title: "Texas Sun", type: .ep, releaseDate: day(9), artistName: "Khruangbin & Leon Bridges",
                artistID: "7002"),
            FixtureRelease(
                id: "70017", title: "Summer Heat", type: .compilation, releaseDate: day(10), artistName: "Various Artists",
                artistID: "7003", secondaryTypes: [.appearance])
        ])

    static let expected: [String: [SecondaryType]] = [
        "A La Sala": [], "Live at Sydney Opera House": [.live], "Mordechai (Remixes)": [.remix],
        "Desert Drift (Original Motion Picture Soundtrack)": [.soundtrack], "Early Tapes (Demos)": [.demo],
        "Texas Sun": [], "Summer Heat": [.appearance]
    ]

    func types(_ releases: [Release]) -> [String: [SecondaryType]] {
        Dictionary(releases.map { ($0.title, $0.secondaryTypes) }, uniquingKeysWith: { first, _ in first })
    }

    func provider(_ provider: ProviderKind, _ url: URL, types: TypeSelection = .standard) throws -> any CatalogProvider {
        var catalog = CatalogConfig(provider: provider, baseURL: url, country: "us", maxAttempts: 2)
        switch provider {
        case .appleMusic: catalog.tokenFile = try scratch.write("apple-music.jwt", Self.token + "\n")
        case .musicbrainz: catalog.contact = "deepcut-tests@example.org"
        case .itunes: break
        }
        return try CatalogProviderFactory.make(
            catalog, client: CurlHTTPClient(maximumConnectionsPerHost: 2), environment: [:], types: types)
    }

    func releases(_ kind: ProviderKind, types: TypeSelection = .standard) async throws -> (releases: [Release], routes: [String]) {
        try await withFixtureServer(
            FixtureCatalog(artists: [Self.artist]), options: FixtureServerOptions(appleMusicToken: Self.token)
        ) { server, url in
            let provider = try provider(kind, url, types: types)
            let id = kind == .musicbrainz ? MusicBrainzID.mbid(for: Self.artist.id) : Self.artist.id
            let releases = try await provider.releases(ofArtistID: id, named: Self.artist.name).get()
            return (releases, server.requestLog.map(\.route))
        }
    }

    @Test func iTunesKnowsTypesByNameAndGenreAndAppearancesByCredit() async throws {
        let answer = try await releases(.itunes)
        #expect(types(answer.releases) == Self.expected)
        #expect(answer.releases.first { $0.title == "Summer Heat" }?.artist == "Various Artists")
    }

    @Test func musicBrainzKnowsTypesBySecondaryTypesAndAppearancesByTheCredit() async throws {
        let answer = try await releases(.musicbrainz)
        #expect(types(answer.releases) == Self.expected)
        let appearance = try #require(answer.releases.first { $0.title == "Summer Heat" })
        #expect(appearance.artist == "Various Artists")
        #expect(answer.releases.first { $0.title == "Texas Sun" }?.artist == "Khruangbin")
    }

    /// By default (appearances not wanted, live wanted) no view costs a request.
    @Test func appleMusicReadsNoViewByDefault() async throws {
        let answer = try await releases(.appleMusic)
        #expect(!answer.routes.contains("applemusic.view"))
        var expected = Self.expected
        expected["Summer Heat"] = nil  // Only the appears-on view lists it.
        #expect(types(answer.releases) == expected)
    }

    @Test func appleMusicReadsTheAppearsOnViewWhenAppearancesAreWanted() async throws {
        let answer = try await releases(
            .appleMusic, types: TypeSelection(primary: Set(RecordingType.allCases), secondary: [.live, .appearance]))
        #expect(answer.routes.filter { $0 == "applemusic.view" }.count == 1)
        #expect(types(answer.releases) == Self.expected)
        #expect(answer.releases.first { $0.title == "Summer Heat" }?.artist == "Various Artists")
    }

    /// Without `live` wanted, the live-albums view catches live albums whatever their name.
    @Test func appleMusicReadsTheLiveAlbumsViewWhenLiveIsNotWanted() async throws {
        var catalog = FixtureCatalog(artists: [Self.artist])
        catalog.artists[0].releases.append(
            FixtureRelease(id: "70018", title: "Night at the Fillmore", type: .album, releaseDate: Self.day(11), secondaryTypes: [.live]))
        let types = TypeSelection(primary: Set(RecordingType.allCases), secondary: [.soundtrack])
        let releases = try await withFixtureServer(catalog, options: FixtureServerOptions(appleMusicToken: Self.token)) { server, url in
            let releases = try await provider(.appleMusic, url, types: types).releases(ofArtistID: Self.artist.id, named: Self.artist.name)
                .get()
            #expect(
                server.requestLog.filter { $0.route == "applemusic.view" }.map(\.path).map { $0.hasSuffix("/view/live-albums") } == [true])
            return releases
        }
        #expect(self.types(releases)["Night at the Fillmore"] == [.live])
        #expect(!releases.contains { $0.title == "Night at the Fillmore" && types.wants($0) })
    }

    /// A view that fails fails the artist: appearances missing from an answer must not read as withdrawn.
    @Test func aFailingViewFailsTheArtist() async throws {
        let client = ScriptedHTTPClient(replies: [
            .success(AppleMusicJSON.page([AppleMusicJSON.album("1", "Honeymoon")])),
            .success(AppleMusicJSON.error(status: 500, title: "Internal Server Error", detail: "Try again", code: "50000"))
        ])
        let requester = CatalogRequester(
            client: client, policy: RetryPolicy(maxAttempts: 1), timeoutSeconds: 5, random: { 0 }, sleep: { _ in })
        let provider = AppleMusicProvider(
            baseURL: URL(string: "http://127.0.0.1:9")!, storefront: "us", token: AppleMusicToken(Self.token), requester: requester,
            types: TypeSelection(secondary: [.appearance]))
        let result = await provider.releases(ofArtistID: "1", named: "Beach Bunny")
        guard case .failure(let failure) = result else {
            Issue.record("expected a failure, got \(result)")
            return
        }
        #expect(failure.httpStatus == 500)
        #expect(client.requests.map(\.url.path) == ["/v1/catalog/us/artists/1/albums", "/v1/catalog/us/artists/1/view/appears-on-albums"])
    }
}
