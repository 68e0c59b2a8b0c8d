import DeepCutCore
import DeepCutFixtures
import DeepCutTestKit
import Foundation
import Synchronization
import Testing

@testable import DeepCut
@testable import DeepCutCatalog
@testable import DeepCutPublish

/// One user's world for end-to-end tests: a library file, a config, a state database, an output
/// folder, and a loopback iTunes catalog reached through the real libcurl client.
final class SweepHarness: Sendable {
    let folder = ScratchFolder()
    /// What in-process runs read as the time (`run`); spawned `deepcut` processes read the real one.
    let clock = SteppingClock()
    private let running: Mutex<FixtureServer>
    private let catalogKeys: String
    private let librarySource: String
    /// Top-level config keys beyond the harness's own (`"monitoring": {…}`), as JSON fragments.
    private let extraKeys: String
    /// The config's `feed` object as JSON text, and the catalog's URL: what `setFeed` rewrites with.
    private let feedAndURL: Mutex<(feed: String, baseURL: URL?)>

    var server: FixtureServer { running.withLock { $0 } }
    static let today = Date().epochDay

    /// Three artists with one new release each (10, 20, 30 days old), an owned album, an old album.
    static let artists: [FixtureArtist] = [
        FixtureArtist(
            id: "101", name: "Khruangbin",
            releases: [
                release("1001", "A La Sala", daysAgo: 10), release("1002", "Mordechai", daysAgo: 2000)
            ]),
        FixtureArtist(
            id: "102", name: "Bonobo",
            releases: [
                release("1011", "Otomo", type: .ep, daysAgo: 20), release("1012", "Fragments", daysAgo: 300)
            ]),
        FixtureArtist(id: "103", name: "Polyphia", releases: [release("1021", "Ego Death", type: .single, daysAgo: 30)])
    ]

    static func release(_ id: String, _ title: String, type: RecordingType = .album, daysAgo: Int) -> FixtureRelease {
        let date = Date(timeIntervalSince1970: Double(today - daysAgo) * 86_400)
        return FixtureRelease(
            id: id, title: title, type: type,
            releaseDate: ReleaseDate(iso: date.formatted(.iso8601.year().month().day()))!)
    }

    init(
        artists: [FixtureArtist] = SweepHarness.artists,
        library: String = "title,artist\nMordechai,Khruangbin\nFragments,Bonobo\nRenaissance,Polyphia\n",
        libraryFile: String = "library.csv", libraryFormat: String = "csv", catalog: [String: String] = [:],
        feed: String = #"{"windowDays": 120}"#, config extra: [String: String] = [:]
    ) throws {
        let server = FixtureServer(catalog: FixtureCatalog(artists: artists))
        running = Mutex(server)
        feedAndURL = Mutex((feed, nil))
        // A generous timeout: a loopback answer never needs it, but a loaded two-core CI machine can
        // stall one for seconds, and five such stalls would open the circuit breaker.
        var keys = ["\"concurrency\": 2", "\"timeoutSeconds\": 10", "\"maxAttempts\": 1", "\"requestsPerMinute\": 6000"]
        for (key, value) in catalog.sorted(by: { $0.key < $1.key }) {
            keys.removeAll { $0.hasPrefix("\"\(key)\"") }
            keys.append("\"\(key)\": \(value)")
        }
        catalogKeys = keys.joined(separator: ", ")
        librarySource = "{\"format\": \"\(libraryFormat)\", \"path\": \"\(libraryFile)\"}"
        extraKeys = extra.sorted { $0.key < $1.key }.map { ", \"\($0.key)\": \($0.value)" }.joined()
        try folder.write(libraryFile, library)
        try writeConfig(baseURL: try server.start())
    }

    deinit { server.close() }

    /// The catalog changed between two runs: a new loopback server with these artists replaces the old one.
    func replaceCatalog(_ artists: [FixtureArtist]) async throws {
        let next = FixtureServer(catalog: FixtureCatalog(artists: artists))
        let baseURL = try next.start()
        // Swapped under the lock, stopped outside it: the stop suspends until the old server's threads end.
        let previous = running.withLock { current in
            defer { current = next }
            return current
        }
        await previous.stop()
        try writeConfig(baseURL: baseURL)
    }

    /// The user edits the config's `feed` object between runs.
    func setFeed(_ feed: String) throws {
        let baseURL = try #require(
            feedAndURL.withLock { state in
                state.feed = feed
                return state.baseURL
            })
        try writeConfig(baseURL: baseURL)
    }

    private func writeConfig(baseURL: URL) throws {
        let feed = feedAndURL.withLock { state in
            state.baseURL = baseURL
            return state.feed
        }
        try folder.write(
            "config.json",
            """
            {"library": [\(librarySource)],
             "catalog": {"baseURL": "\(baseURL.absoluteString)", \(catalogKeys)},
             "feed": \(feed),
             "stateDatabase": "state/state.db", "outputDirectory": "feed", "keepSnapshots": 5, "ttlHours": 24\(extraKeys)}
            """)
    }

    var configPath: String { folder.url.appendingPathComponent("config.json").path }
    var feed: URL { folder.url.appendingPathComponent("feed") }

    /// Runs `deepcut <words> --config …` in-process through the CLI entry point, on `clock`: each run
    /// starts more than a second after the one before ended, with no test sleeping for it.
    func run(_ words: String...) async -> (exitCode: ExitCode, console: CapturedConsole) {
        let console = CapturedConsole()
        clock.startRun()
        let clock = clock
        let code = await DeepCutCLI.run(
            words + ["--config", configPath], environment: [:], console: console.console, httpClient: nil, now: { clock.now() })
        clock.runEnded()
        return (code, console)
    }

    func fail(_ artistID: String, with fault: Fault?) {
        server.setFault(fault, forArtistID: artistID)
    }

    /// Every file under the output folder, relative path → bytes: "which files changed, byte for byte".
    func outputFiles() throws -> [String: Data] {
        var files: [String: Data] = [:]
        guard let enumerator = FileManager.default.enumerator(at: feed, includingPropertiesForKeys: nil) else { return files }
        for case let url as URL in enumerator where !url.hasDirectoryPath {
            files[String(url.path.dropFirst(feed.path.count + 1))] = try Data(contentsOf: url)
        }
        return files
    }

    func json(_ name: String) throws -> [String: Any] {
        let data = try Data(contentsOf: feed.appendingPathComponent(name))
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

    func health() throws -> HealthReport {
        try #require(try HealthReport.load(outputDirectory: feed))
    }
}
