import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCut
@testable import DeepCutFixtures
@testable import DeepCutPublish
@testable import DeepCutState

/// Issue 26, Apple Music: what a 404 means, and the developer token's expiry, through the real
/// `deepcut` binary against the loopback Apple Music API.
@Suite struct AppleMusicCatalogEndToEndTests {
    static let catalogKeys = ["provider": "\"apple-music\"", "tokenFile": "\"token.jwt\"", "storefront": "\"us\""]

    /// A world on the apple-music provider; the fixture accepts any token.
    static func world(_ artists: [FixtureArtist], library: String, token: String = jwt(expiresIn: 120 * 86_400)) throws -> ReliabilityWorld
    {
        let world = try ReliabilityWorld(
            artists: artists, library: library, catalogKeys: catalogKeys,
            topLevelKeys: ["prometheusTextfile": "\"metrics/deepcut.prom\""])
        try world.folder.write("token.jwt", token + "\n")
        return world
    }

    static func sweep(_ world: ReliabilityWorld) async throws -> SpawnedProcess.Result {
        try await world.spawn("sweep").finish()
    }

    static func entryIDs(_ world: ReliabilityWorld) throws -> Set<String> {
        Set((try world.json("current.json")["entries"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String })
    }

    // MARK: An artist with no albums

    /// One library artist Apple knows but lists no albums for (its albums and views answer 404, the
    /// artist answers): a definite empty answer, so the sweep is complete, run after run, and health
    /// names the artist as empty.
    @Test func anArtistWithNoAlbumsLeavesTheSweepCompleteRunAfterRun() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let silent = FixtureArtist(id: "600900", name: "The Silent One")
        let world = try Self.world(
            ReliabilityWorld.artists(2) + [silent], library: ReliabilityWorld.library(2) + "Quiet Days,The Silent One\n")
        for run in 1...2 {
            let sweep = try await Self.sweep(world)
            #expect(sweep.status == 0, "run \(run): \(sweep.stderr)")
            let health = try world.health()
            #expect(health.status == .complete, "run \(run)")
            #expect(health.sweep.failures.isEmpty, "run \(run): \(health.sweep.failures)")
            #expect(health.sweep.emptyArtists == ["The Silent One"], "run \(run)")
            #expect(health.sweep.artists.fetched == 3, "run \(run)")
            #expect(health.publish.promoted, "run \(run)")
            let text = try String(contentsOf: world.feed.appendingPathComponent("health.txt"), encoding: .utf8)
            #expect(text.contains("no releases in the catalog (1 of 3): The Silent One"), "\(text)")
        }
        // Apple's 404 was really met: the artist's albums or views answered it, the artist never did.
        let silentRequests = world.server.requestLog.filter { $0.path.contains("/artists/600900") }
        #expect(silentRequests.contains { $0.status == 404 }, "\(silentRequests.map(\.path))")
        #expect(!silentRequests.contains { $0.route == "applemusic.artist" && $0.status != 200 })
        #expect(try Self.entryIDs(world).count == 6)
    }

    /// An artist with releases whose albums suddenly answer 404: a sudden empty answer, re-asked and
    /// not believed at once (its entries stay, stale); a later run that sees it again believes it.
    @Test func anArtistWhoseAlbumsSuddenly404IsNotBelievedAtOnce() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        var artists = ReliabilityWorld.artists(3)
        let world = try Self.world(artists, library: ReliabilityWorld.library(3))
        #expect(try await Self.sweep(world).status == 0)
        let before = try Self.entryIDs(world)
        let secondIDs = Set(artists[1].releases.map(\.id))
        #expect(secondIDs.isSubset(of: before))

        artists[1].releases = []
        world.server.replaceCatalog(FixtureCatalog(artists: artists))
        world.server.resetLog()
        let sudden = try await Self.sweep(world)
        #expect(sudden.status == 3, "\(sudden.stderr)")
        let health = try world.health()
        let failure = try #require(health.sweep.failures.first { $0.artist == "Artist 02" })
        #expect(failure.kind == .suddenlyEmpty)
        #expect(health.sweep.emptyArtists == nil)
        #expect(secondIDs.isSubset(of: try Self.entryIDs(world)), "the artist's entries must stay, stale")
        // It was asked twice (once more after the first empty answer): two 404s on its albums.
        let albums404 = world.server.requestLog.filter { $0.path.hasSuffix("/artists/500002/albums") && $0.status == 404 }
        #expect(albums404.count == 2, "\(world.server.requestLog.map { "\($0.path) \($0.status ?? 0)" })")

        let confirmed = try await Self.sweep(world)
        #expect(confirmed.status == 0, "\(confirmed.stderr)")
        #expect(try world.health().sweep.emptyArtists == ["Artist 02"])
        #expect(try Self.entryIDs(world).isDisjoint(with: secondIDs))
    }

    // MARK: A vanished id

    /// The catalog re-files an artist under a new id: the cached id answers 404 on the artist itself,
    /// so the artist is searched again in the same run and found, and the run is complete.
    @Test func aVanishedArtistIDIsSearchedAgainAndFoundUnderItsNewID() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        var artists = ReliabilityWorld.artists(3)
        let world = try Self.world(artists, library: ReliabilityWorld.library(3))
        #expect(try await Self.sweep(world).status == 0)

        artists[1].id = "700002"
        world.server.replaceCatalog(FixtureCatalog(artists: artists))
        world.server.resetLog()
        let run = try await Self.sweep(world)
        #expect(run.status == 0, "\(run.stderr)")
        let health = try world.health()
        #expect(health.status == .complete)
        #expect(health.sweep.failures.isEmpty, "\(health.sweep.failures)")
        #expect(health.sweep.emptyArtists == nil)
        let log = world.server.requestLog
        #expect(log.contains { $0.route == "applemusic.artist" && $0.path.hasSuffix("/artists/500002") && $0.status == 404 })
        #expect(log.contains { $0.route == "applemusic.search" && $0.query.contains("Artist%2002") })
        #expect(log.contains { $0.path.hasSuffix("/artists/700002/albums") && $0.status == 200 })
        #expect(Set(artists[1].releases.map(\.id)).isSubset(of: try Self.entryIDs(world)))

        // The new id is cached: the next run searches nobody.
        world.server.resetLog()
        #expect(try await Self.sweep(world).status == 0)
        #expect(!world.server.requestLog.contains { $0.route == "applemusic.search" })
    }

    // MARK: The developer token's expiry

    /// A developer token shaped as Apple's (ES256 JWT; the signature is not checked by anyone here)
    /// expiring `seconds` from now, or stating no `exp` at all.
    static func jwt(expiresIn seconds: Double?) -> String {
        let now = Int(Date().timeIntervalSince1970)
        let exp = seconds.map { #","exp":\#(now + Int($0))"# } ?? ""
        return base64URL(#"{"alg":"ES256","kid":"FIXTUREKID","typ":"JWT"}"#) + "."
            + base64URL(#"{"iss":"FIXTURETEAM","iat":\#(now)\#(exp)}"#) + ".c2lnbmF0dXJlLW5vdC1jaGVja2Vk"
    }

    static func base64URL(_ text: String) -> String {
        Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    struct ExpiryCase: Sendable, CustomTestStringConvertible {
        var days: Double
        var status: TokenExpiry.Status
        var healthExit: Int32
        var testDescription: String { "\(days) days: \(status.rawValue)" }
    }

    /// check-config prints the expiry (refuses an expired token, exit 78); health, `deepcut health`
    /// and the metrics say OK far from it, WARNING within 14 days, CRITICAL past it.
    @Test(arguments: [
        ExpiryCase(days: 90, status: .ok, healthExit: 0), ExpiryCase(days: 5, status: .warning, healthExit: 1),
        ExpiryCase(days: -1, status: .critical, healthExit: 2)
    ])
    func theDeveloperTokensExpiryIsWatched(_ expiry: ExpiryCase) async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let token = Self.jwt(expiresIn: expiry.days * 86_400)
        let world = try Self.world(ReliabilityWorld.artists(2), library: ReliabilityWorld.library(2), token: token)
        let expiresAt = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + expiry.days * 86_400).rounded(.down))

        let check = try await world.spawn("check-config").finish()
        var printed = check.stdout + check.stderr
        if expiry.status == .critical {
            #expect(check.status == 78)
            #expect(check.errorLines.count == 1, "\(check.stderr)")
            #expect(check.stderr.contains("catalog.tokenFile: the developer token expired"), "\(check.stderr)")
        } else {
            #expect(check.status == 0, "\(check.stderr)")
            #expect(check.stdout.contains("catalog.tokenFile: "), "\(check.stdout)")
            #expect(check.stdout.contains("developer token expires \(Timestamp.display(expiresAt).prefix(10))"), "\(check.stdout)")
            // The token's own warning (check-config also warns about an unset publish.baseURL).
            #expect(check.stdout.contains("catalog.tokenFile: WARNING") == (expiry.status == .warning), "\(check.stdout)")
        }

        // The fixture accepts any token, so the sweep itself completes: the expiry alone decides.
        let sweep = try await Self.sweep(world)
        #expect(sweep.status == 0, "\(sweep.stderr)")
        let tokens = try #require(try world.health().tokens)
        #expect(tokens.map(\.key) == ["catalog.tokenFile"])
        #expect(tokens.map(\.status) == [expiry.status])
        #expect(tokens.first?.expiresAt.map { abs($0.timeIntervalSince(expiresAt)) <= 2 } == true)

        let health = try await world.spawn("health").finish()
        printed += health.stdout + health.stderr
        #expect(health.status == expiry.healthExit, "\(health.stdout)")
        switch expiry.status {
        case .ok: #expect(!health.stdout.contains("developer token"), "\(health.stdout)")
        case .warning: #expect(health.stdout.contains("catalog.tokenFile: the developer token expires in 4d"), "\(health.stdout)")
        case .critical, .unknown: #expect(health.stdout.contains("catalog.tokenFile: the developer token expired"), "\(health.stdout)")
        }

        let metrics = try String(contentsOf: world.folder.url.appendingPathComponent("metrics/deepcut.prom"), encoding: .utf8)
        let stamp = Int(tokens.first?.expiresAt?.timeIntervalSince1970 ?? 0)
        #expect(metrics.contains(#"deepcut_token_expiry_timestamp_seconds{token="catalog.tokenFile"} \#(stamp)"#), "\(metrics)")
        let code = expiry.status == .ok ? 0 : expiry.status == .warning ? 1 : 2
        #expect(metrics.contains(#"deepcut_token_expiry_status{token="catalog.tokenFile"} \#(code)"#), "\(metrics)")

        // The token is never shown: not by check-config, health, the report or the metrics.
        let text = try String(contentsOf: world.feed.appendingPathComponent("health.txt"), encoding: .utf8)
        let json = try String(contentsOf: world.feed.appendingPathComponent("health.json"), encoding: .utf8)
        let signature = "c2lnbmF0dXJlLW5vdC1jaGVja2Vk"
        for output in [printed, text, json, metrics, sweep.stderr] { #expect(!output.contains(signature)) }
        #expect(text.contains("token:    catalog.tokenFile: "), "\(text)")
    }

    /// A token without a readable `exp` is not an error: check-config says the expiry is unknown.
    @Test func aTokenWithoutAnExpiryIsUnknownNotAnError() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let world = try Self.world(ReliabilityWorld.artists(1), library: ReliabilityWorld.library(1), token: Self.jwt(expiresIn: nil))
        let check = try await world.spawn("check-config").finish()
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.contains("catalog.tokenFile: developer token expiry unknown"), "\(check.stdout)")
        #expect(try await Self.sweep(world).status == 0)
        #expect(try world.health().tokens?.map(\.status) == [.unknown])
        let health = try await world.spawn("health").finish()
        #expect(health.status == 0, "\(health.stdout)")
    }
}
