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
}
