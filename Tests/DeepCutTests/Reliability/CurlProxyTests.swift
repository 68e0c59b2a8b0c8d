import DeepCutFixtures
import Foundation
import Testing

@testable import DeepCut
@testable import DeepCutHTTP

/// Operators behind a proxy: the real binary sends catalog traffic through `http_proxy` and past it
/// for `no_proxy` hosts, as libcurl reads them from the environment (the unit's `Environment=`).
@Suite struct CurlProxyTests {
    /// `deepcut sweep` in `world` with exactly `proxyVariables` as the proxy environment.
    static func sweep(_ world: ReliabilityWorld, proxyVariables: [String]) async throws -> SpawnedProcess.Result {
        let cleared = ["http_proxy=", "https_proxy=", "HTTPS_PROXY=", "all_proxy=", "ALL_PROXY=", "no_proxy=", "NO_PROXY="]
        return try await SpawnedProcess(
            URL(fileURLWithPath: "/usr/bin/env"),
            cleared + proxyVariables + [SpawnedProcess.deepcut.path, "sweep", "--config", world.configPath],
            in: world.folder.url
        ).finish()
    }

    @Test func catalogRequestsGoThroughTheProxyNamedByTheEnvironment() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt)
        // The world's own fixture server plays the proxy; the catalog's host does not resolve at all.
        let world = try ReliabilityWorld(
            artists: ReliabilityWorld.artists(1), library: ReliabilityWorld.library(1),
            catalogKeys: ["baseURL": #""http://catalog.invalid""#])
        let result = try await Self.sweep(world, proxyVariables: ["http_proxy=\(world.baseURL.absoluteString)"])
        let asked = world.server.requestLog.map(\.path)
        #expect(!asked.isEmpty, "\(result.stderr)")
        #expect(asked.allSatisfy { $0.hasPrefix("http://catalog.invalid/") }, "\(asked)")
    }

    /// `ALL_PROXY` (upper case, as operators often set it) covers a scheme without its own variable.
    @Test func allProxyCoversASchemeWithoutItsOwnVariable() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt)
        let world = try ReliabilityWorld(
            artists: ReliabilityWorld.artists(1), library: ReliabilityWorld.library(1),
            catalogKeys: ["baseURL": #""http://catalog.invalid""#])
        // Unset, not empty: libcurl takes a set but empty `http_proxy` as "no proxy" and looks no further.
        let unset = ["http_proxy", "https_proxy", "HTTPS_PROXY", "all_proxy", "no_proxy", "NO_PROXY"].flatMap { ["-u", $0] }
        let result = try await SpawnedProcess(
            URL(fileURLWithPath: "/usr/bin/env"),
            unset + ["ALL_PROXY=\(world.baseURL.absoluteString)", SpawnedProcess.deepcut.path, "sweep", "--config", world.configPath],
            in: world.folder.url
        ).finish()
        // The fixture server playing the proxy serves no absolute-form catalog paths; what counts is who was asked.
        let asked = world.server.requestLog.map(\.path)
        #expect(!asked.isEmpty, "\(result.stderr)")
        #expect(asked.allSatisfy { $0.hasPrefix("http://catalog.invalid/") }, "\(asked)")
    }

    @Test func aHostInNoProxyIsReachedDirectly() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt)
        let proxy = FixtureServer(catalog: FixtureCatalog(artists: []))
        let proxyURL = try proxy.start()
        defer { proxy.close() }
        let world = try ReliabilityWorld(artists: ReliabilityWorld.artists(1), library: ReliabilityWorld.library(1))
        let result = try await Self.sweep(world, proxyVariables: ["http_proxy=\(proxyURL.absoluteString)", "no_proxy=127.0.0.1"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(proxy.requestLog.isEmpty, "\(proxy.requestLog)")
        #expect(!world.server.requestLog.isEmpty)
    }
}
