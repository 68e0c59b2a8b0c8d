import DeepCutCore
import DeepCutFixtures
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutConfig
@testable import DeepCutHTTP
@testable import DeepCutLibrary

/// Issue 33: the ListenBrainz, Last.fm and followed-list readers over the real libcurl client against
/// the fixture server's documented formats, with every failure mode a typed outcome, never a list.
@Suite struct ArtistSourceReaderTests {
    private let scratch = ScratchFolder()
    private let history = FixtureListeningHistory(lastFMAPIKey: "key-123", listenBrainzToken: "lb-token-456")
    private let server: FixtureServer
    private let baseURL: URL

    init() throws {
        server = FixtureServer(catalog: FixtureCatalog(artists: []), listening: history)
        baseURL = try server.start()
        history.setUser(
            "alice",
            .init(artists: (1...230).map { ("Artist \($0)", 1000 - $0) } + [("Quiet One", 3)]))
        history.setUser("bob", .init(artists: [("Mitski", 40), ("Big Thief", 12), ("Rare", 2)]))
        history.setUser("hidden", .init(artists: [("Mitski", 40)], isPrivate: true))
        history.setUser("newcomer", .init(artists: []))
    }

    private func load(_ sources: [ArtistSource]) async -> [ArtistSourceOutcome] {
        await LoadArtistSources(client: CurlHTTPClient(maximumConnectionsPerHost: 1), environment: [:], timeoutSeconds: 10).run(sources)
    }

    private func listenBrainz(_ user: String, minPlays: Int = 10, token: String? = nil) throws -> ArtistSource {
        ArtistSource(
            kind: .listenbrainz, user: user, location: baseURL, secretFile: try token.map { try scratch.write("lb.token", $0 + "\n") },
            minPlays: minPlays, period: "all_time")
    }

    private func lastFM(_ user: String, key: String = "key-123", minPlays: Int = 10) throws -> ArtistSource {
        ArtistSource(
            kind: .lastfm, user: user, location: baseURL, secretFile: try scratch.write("lastfm.key", key + "\n"), minPlays: minPlays,
            period: "overall")
    }

    private static func failure(_ outcome: ArtistSourceOutcome?) -> ArtistSourceFailure? {
        if case .failed(let failure) = outcome { return failure }
        return nil
    }

    private static func artists(_ outcome: ArtistSourceOutcome?) -> [ImportedArtist]? {
        if case .imported(let artists) = outcome { return artists }
        return nil
    }

    @Test func listenBrainzPagesUntilMinPlaysAndSendsTheToken() async throws {
        let outcome = await load([try listenBrainz("alice", minPlays: 800, token: "lb-token-456")]).first
        let artists = try #require(Self.artists(outcome))
        #expect(artists.count == 200, "plays 999 down to 800: two full pages of 100, then the cut")
        #expect(artists.first == ImportedArtist(name: "Artist 1", plays: 999))
        #expect(artists.last == ImportedArtist(name: "Artist 200", plays: 800))
        let everyone = try #require(Self.artists(await load([try listenBrainz("alice", minPlays: 1)]).first))
        #expect(everyone.count == 231, "all pages, total_artist_count ends the paging")
    }

    @Test func listenBrainzFailuresAreTyped() async throws {
        let unknown = Self.failure(await load([try listenBrainz("nobody")]).first)
        #expect(unknown?.kind == .userNotFound && unknown?.status == 404)
        #expect(Self.artists(await load([try listenBrainz("newcomer")]).first) == [], "204: no statistics yet, an empty history")
        let refused = Self.failure(await load([try listenBrainz("alice", token: "wrong-secret-token")]).first)
        #expect(refused?.kind == .credentials)
        #expect(refused.map { !$0.message.contains("wrong-secret-token") } ?? false, "no token in a message")
        history.setRateLimited(true)
        let limited = Self.failure(await load([try listenBrainz("alice")]).first)
        #expect(limited?.kind == .rateLimited && limited?.status == 429)
        #expect(limited?.message.contains("retry in 7 s") == true, "X-RateLimit-Reset-In read")
    }

    @Test func lastFMReadsTopArtistsAndItsErrorCodes() async throws {
        let artists = try #require(Self.artists(await load([try lastFM("bob")]).first))
        #expect(artists == [ImportedArtist(name: "Mitski", plays: 40), ImportedArtist(name: "Big Thief", plays: 12)])
        #expect(Self.failure(await load([try lastFM("nobody")]).first)?.kind == .userNotFound, "error 6")
        #expect(Self.failure(await load([try lastFM("hidden")]).first)?.kind == .privateProfile, "error 17")
        #expect(Self.artists(await load([try lastFM("newcomer")]).first) == [], "an empty history")
        let badKey = Self.failure(await load([try lastFM("bob", key: "not-the-key-789")]).first)
        #expect(badKey?.kind == .credentials, "error 10")
        #expect(badKey.map { !$0.message.contains("not-the-key-789") } ?? false, "the key travels in the query: never in a message")
        history.setRateLimited(true)
        let limited = Self.failure(await load([try lastFM("bob")]).first)
        #expect(limited?.kind == .rateLimited && limited?.status == 429, "error 29")
        let missingKey = ArtistSource(
            kind: .lastfm, user: "bob", location: baseURL, secretFile: scratch.url.appendingPathComponent("absent.key"), period: "overall")
        #expect(Self.failure(await load([missingKey]).first)?.kind == .credentials)
    }

    @Test func followedListsAsTextOrCSV() async throws {
        let text = try scratch.write("followed.txt", "# my follows\nBig Thief\n\n  big thief \nVarious Artists\nMitski\n")
        let csv = try scratch.write("follows.csv", "id,Artist\n1,\"Khruangbin, Leon Bridges\"\n2,Bonobo\n")
        let outcomes = await load([
            ArtistSource(kind: .followed, user: nil, location: text, period: ""),
            ArtistSource(kind: .followed, user: nil, location: csv, period: ""),
            ArtistSource(kind: .followed, user: nil, location: scratch.url.appendingPathComponent("gone.txt"), period: "")
        ])
        #expect(Self.artists(outcomes[0])?.map(\.name) == ["Big Thief", "Mitski"], "comments, blanks, repeats and placeholders out")
        #expect(Self.artists(outcomes[1])?.map(\.name) == ["Khruangbin, Leon Bridges", "Bonobo"])
        #expect(Self.failure(outcomes[2])?.kind == .file)
        #expect(Self.failure(outcomes[2])?.message.contains("gone.txt") == true)
    }
}
