import DeepCutFixtures
import Foundation
import Testing

@testable import DeepCut

/// A recognisable developer token goes through a whole Apple Music sweep — failing artists, an
/// error body that echoes the token back, verbose logging, metrics — and must appear nowhere: not
/// on stdout or stderr, not in any output, report, metrics or state file.
@Suite struct SecretsTests {
    static let token = "SECRET-TOKEN-d33pcut-XYZ"
    static let marker = "SECRET-TOKEN-d33pcut"

    static func world() throws -> ReliabilityWorld {
        let world = try ReliabilityWorld(
            artists: ReliabilityWorld.artists(8), library: ReliabilityWorld.library(8),
            options: FixtureServerOptions(appleMusicToken: token),
            catalogKeys: [
                "provider": "\"apple-music\"", "tokenFile": "\"secrets/developer-token\"",
                "maxAttempts": "2", "rateLimitWaitSeconds": "1"
            ],
            topLevelKeys: ["prometheusTextfile": "\"metrics/deepcut.prom\""])
        let echo =
            #"{"errors": [{"status": "500", "code": "50000", "title": "Echo", "detail": "you sent Authorization: Bearer \#(token)"}]}"#
        world.fail("500002", with: Fault(.status(code: 500, body: echo), on: .lookup))
        world.fail("500003", with: Fault(.status(code: 400, body: echo), on: .search))
        world.fail("500004", with: Fault(.rateLimited(retryAfter: "0")))
        world.fail("500005", with: Fault(.body(bytes: Array("{\"token\": \"\(token)\", \"data\": 7}".utf8)), on: .lookup))
        world.fail("500006", with: Fault(.reset, on: .lookup))
        return world
    }

    /// Every file under the world's folder except the token file itself, as bytes.
    static func filesHoldingTheToken(_ world: ReliabilityWorld) throws -> [String] {
        try world.files(under: world.folder.url).filter { name, bytes in
            !name.hasPrefix("secrets/") && bytes.range(of: Data(marker.utf8)) != nil
        }.map(\.key).sorted()
    }

    @Test func aSweepWithFailingArtistsLeaksTheTokenNowhere() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let world = try Self.world()
        try world.folder.write("secrets/developer-token", Self.token + "\n")
        let sweep = try await world.spawn("sweep", "--verbose").finish()
        #expect(sweep.status == 3, "\(sweep.stderr)")
        // The token was really used: the healthy artists answered through the authenticated API.
        let health = try world.health()
        #expect(health.sweep.artists.fetched == 3)
        #expect(Set(health.sweep.failures.map(\.kind)) == [.http, .rateLimited, .decoding, .transport])
        #expect(health.sweep.failures.contains { $0.message.contains("<redacted>") }, "the echoed token was not redacted but dropped?")
        let report = try await world.spawn("health", "--json").finish()
        let listing = try await world.spawn("check-config").finish()

        for output in [sweep, report, listing] {
            #expect(!output.stdout.contains(Self.marker) && !output.stderr.contains(Self.marker), "\(output.stdout)\(output.stderr)")
        }
        #expect(sweep.stderr.contains("level=debug"), "verbose logging was not on")
        #expect(try Self.filesHoldingTheToken(world) == [])
        #expect(try world.files(under: world.folder.url).keys.contains("metrics/deepcut.prom"))
    }

    @Test func aRefusedTokenLeaksNowhere() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let world = try Self.world()
        try world.folder.write("secrets/developer-token", Self.marker + "-WRONG\n")
        let sweep = try await world.spawn("sweep", "--verbose").finish()
        #expect(sweep.status == 78, "\(sweep.stderr)")
        #expect(sweep.errorLines.filter { !$0.hasPrefix("level=") }.count == 1, "\(sweep.stderr)")
        #expect(!sweep.stdout.contains(Self.marker) && !sweep.stderr.contains(Self.marker), "\(sweep.stderr)")
        #expect(try Self.filesHoldingTheToken(world) == [])
    }
}
