import Foundation
import Testing

@testable import DeepCut
@testable import DeepCutHTTP

@Suite struct CheckConfigTests {
    @Test func soundConfigPasses() async throws {
        let harness = try SweepHarness()
        let result = await harness.run("check-config")
        #expect(result.exitCode == .success)
        #expect(result.console.out.hasPrefix("config OK: "))
    }

    /// Without publish.baseURL the feeds' self links are relative (the W3C validator warns
    /// RelativeSelf): one warning line naming the key, exit still 0; with it, no warning.
    @Test func anUnsetBaseURLIsAWarningNotAnError() async throws {
        let unset = try await SweepHarness().run("check-config")
        #expect(unset.exitCode == .success)
        let lines = unset.console.out.split(separator: "\n").map(String.init)
        let warnings = lines.filter { $0.contains("WARNING") }
        #expect(warnings.count == 1, "\(lines)")
        #expect(warnings.first?.hasPrefix("config.json: publish.baseURL: WARNING: unset") == true, "\(lines)")
        #expect(warnings.first?.contains("RelativeSelf") == true)
        #expect(unset.console.err.isEmpty)

        let set = try await SweepHarness(config: ["publish": #"{"baseURL": "https://music.example.org/deepcut/"}"#]).run("check-config")
        #expect(set.exitCode == .success)
        #expect(!set.console.out.contains("publish.baseURL"), "\(set.console.out)")
    }

    @Test func unreadableLibraryIs78NamingTheKey() async throws {
        let harness = try SweepHarness()
        try FileManager.default.removeItem(at: harness.folder.url.appendingPathComponent("library.csv"))
        let result = await harness.run("check-config")
        #expect(result.exitCode == .config)
        #expect(result.console.err.contains("library[0].path"))
    }

    @Test func appleMusicWithoutATokenIs78() async throws {
        let harness = try SweepHarness(catalog: ["provider": "\"apple-music\""])
        let result = await harness.run("check-config")
        #expect(result.exitCode == .config)
        #expect(result.console.err.contains("catalog.tokenFile"))
    }

    @Test func corruptStateDatabaseIs74AndLeftAlone() async throws {
        let harness = try SweepHarness()
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let database = try harness.folder.write("state/state.db", garbage)
        let result = await harness.run("check-config")
        #expect(result.exitCode == .ioError)
        #expect(result.console.err.contains("state.db"))
        #expect(try Data(contentsOf: database) == garbage)
        // The sweep refuses it too, and touches no output.
        #expect(await harness.run("sweep").exitCode == .ioError)
        #expect(try Data(contentsOf: database) == garbage)
    }

    /// A channel whose secret is missing: check-config says which (exit 78); the sweep still runs,
    /// and health shows the channel failing as misconfigured, so the feed never waits on a channel.
    @Test func aChannelWithoutItsSecretIs78ButTheSweepGoesOn() async throws {
        let channel = #"[{"name": "phone", "type": "ntfy", "url": "https://ntfy.example.org/topic", "tokenFile": "missing-token"}]"#
        let harness = try SweepHarness(config: ["notify": channel])
        let result = await harness.run("check-config")
        #expect(result.exitCode == .config)
        #expect(result.console.err.contains("notify[0].tokenFile"), "\(result.console.err)")
        #expect(await harness.run("sweep").exitCode == .success)
        #expect(await harness.run("sweep").exitCode == .success)
        let standing = try #require(try harness.health().notify?.first)
        #expect(standing.outcome == .failed)
        #expect(standing.lastErrorKind == "misconfigured")
        #expect(standing.lastError?.contains("notify[0].tokenFile") == true)
        #expect(standing.consecutiveFailures == 2)
        #expect(try harness.health().status == .complete)
    }

    /// An `apple-music-library` source's developer token is watched too; one token shared with the
    /// catalog (the same file, or the same systemd credential) is one line, not two.
    @Test func everyDeveloperTokensExpiryIsPrintedOnce() async throws {
        let soon = AppleMusicCatalogEndToEndTests.jwt(expiresIn: 3 * 86_400)
        let later = AppleMusicCatalogEndToEndTests.jwt(expiresIn: 100 * 86_400)
        let world = { (libraryToken: String) in
            let library =
                #"[{"format": "csv", "path": "library.csv"}, {"format": "apple-music-library", "baseURL": "http://127.0.0.1:9", "#
                + #""tokenFile": "\#(libraryToken)", "userTokenFile": "user.token"}]"#
            let world = try ReliabilityWorld(
                artists: ReliabilityWorld.artists(1), library: ReliabilityWorld.library(1),
                catalogKeys: AppleMusicCatalogEndToEndTests.catalogKeys, topLevelKeys: ["library": library])
            try world.folder.write("token.jwt", later)
            try world.folder.write("library.jwt", soon)
            try world.folder.write("user.token", "opaque-music-user-token")
            return world
        }
        let (code, console) = try await world("library.jwt").run("check-config")
        #expect(code == .success, "\(console.err)")
        let lines = console.out.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("catalog.tokenFile: developer token expires ") }.count == 1, "\(lines)")
        #expect(lines.filter { $0.hasPrefix("library[1].tokenFile: WARNING: developer token expires ") }.count == 1, "\(lines)")
        #expect(!console.out.contains("opaque-music-user-token") && !console.out.contains(soon))

        let shared = try await world("token.jwt").run("check-config")
        #expect(shared.exitCode == .success, "\(shared.console.err)")
        #expect(shared.console.out.components(separatedBy: "developer token expires").count == 2, "\(shared.console.out)")
    }
}
