import DeepCutCore
import DeepCutFixtures
import DeepCutTestKit
import Foundation
import Synchronization
import Testing

@testable import DeepCut
@testable import DeepCutPublish

/// A user's world with several catalogs (`catalogs`): one loopback iTunes server per storefront,
/// each with its own catalog, reached through the real libcurl client; the first is the home source.
final class SeveralSourcesHarness: Sendable {
    let folder = ScratchFolder()
    let clock = SteppingClock()
    private let servers: Mutex<[(storefront: String, server: FixtureServer, url: URL)]>
    private let feed: String
    /// Top-level config keys beyond the harness's own, as JSON fragments (`"repairWindowMinutes": 0`).
    private let extraKeys: String
    /// Further `catalogs` entries after the loopback storefronts, as JSON objects.
    private let extraCatalogs: [String]

    /// - Parameter storefronts: each storefront's catalog, home first.
    init(
        _ storefronts: [(String, [FixtureArtist])],
        library: String = "title,artist\nMordechai,Khruangbin\nFragments,Bonobo\nRenaissance,Polyphia\n",
        feed: String = #"{"windowDays": 120}"#, config extra: [String: String] = [:], catalogs extraCatalogs: [String] = []
    ) throws {
        self.extraCatalogs = extraCatalogs
        var started: [(String, FixtureServer, URL)] = []
        for (storefront, artists) in storefronts {
            let server = FixtureServer(catalog: FixtureCatalog(artists: artists))
            started.append((storefront, server, try server.start()))
        }
        servers = Mutex(started)
        self.feed = feed
        extraKeys = extra.sorted { $0.key < $1.key }.map { ", \"\($0.key)\": \($0.value)" }.joined()
        try folder.write("library.csv", library)
        try writeConfig()
    }

    deinit { servers.withLock { $0 }.forEach { $0.server.close() } }

    private func writeConfig() throws {
        let catalogs =
            servers.withLock { $0 }.map { source in
                """
                {"provider": "itunes", "country": "\(source.storefront)", "baseURL": "\(source.url.absoluteString)", "concurrency": 2,
                 "timeoutSeconds": 10, "maxAttempts": 1, "requestsPerMinute": 6000}
                """
            }
        try folder.write(
            "config.json",
            """
            {"library": [{"format": "csv", "path": "library.csv"}],
             "catalogs": [\((catalogs + extraCatalogs).joined(separator: ", "))],
             "feed": \(feed),
             "stateDatabase": "state/state.db", "outputDirectory": "feed", "keepSnapshots": 5, "ttlHours": 24\(extraKeys)}
            """)
    }

    /// The storefront's server stops: its address refuses connections until `restore`.
    func takeDown(_ storefront: String) async {
        let server = servers.withLock { $0.first { $0.storefront == storefront }!.server }
        await server.stop()
    }

    /// The storefront answers again (a new server with `artists`, at a new address the config names).
    func restore(_ storefront: String, _ artists: [FixtureArtist]) throws {
        let server = FixtureServer(catalog: FixtureCatalog(artists: artists))
        let url = try server.start()
        servers.withLock { servers in
            let index = servers.firstIndex { $0.storefront == storefront }!
            servers[index] = (storefront, server, url)
        }
        try writeConfig()
    }

    var configPath: String { folder.url.appendingPathComponent("config.json").path }
    var output: URL { folder.url.appendingPathComponent("feed") }

    func run(_ words: String...) async -> (exitCode: ExitCode, console: CapturedConsole) {
        let console = CapturedConsole()
        clock.startRun()
        let clock = clock
        let code = await DeepCutCLI.run(
            words + ["--config", configPath], environment: [:], console: console.console, httpClient: nil, now: { clock.now() })
        clock.runEnded()
        return (code, console)
    }

    func snapshot(_ name: String = "current.json") throws -> Snapshot {
        try #require(try Snapshot.load(from: output.appendingPathComponent(name)))
    }

    func health() throws -> HealthReport {
        try #require(try HealthReport.load(outputDirectory: output))
    }
}
