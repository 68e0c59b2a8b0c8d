import CSQLite
import DeepCutCore
import DeepCutFixtures
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCut
@testable import DeepCutCatalog
@testable import DeepCutPublish
@testable import DeepCutSQLite

/// One user's world for reliability tests: a loopback catalog (any options, faults per artist), a
/// library file, a config, a state folder and an output folder, driven in-process through
/// `DeepCutCLI.run` or as real `deepcut` processes.
final class ReliabilityWorld: Sendable {
    let folder = ScratchFolder()
    /// What in-process runs read as the time (`run`); spawned `deepcut` processes read the real one.
    let clock = SteppingClock()
    let server: FixtureServer
    let baseURL: URL
    static let today = Date().epochDay

    /// - Parameters:
    ///   - catalogKeys: `catalog` keys as JSON text, replacing the defaults of the same name.
    ///   - topLevelKeys: more top-level config keys as JSON text (e.g. `"outputDirectory": "\"/mnt/x\""`).
    init(
        artists: [FixtureArtist], library: String, options: FixtureServerOptions = FixtureServerOptions(),
        catalogKeys: [String: String] = [:], topLevelKeys: [String: String] = [:]
    ) throws {
        server = FixtureServer(catalog: FixtureCatalog(artists: artists), options: options)
        baseURL = try server.start()
        try folder.write("library.csv", library)
        // A generous timeout: hostile bodies (50 MB, deep nesting) must fail as decoding, not as a
        // timeout of a machine busy with the whole parallel suite.
        var catalog = [
            "baseURL": "\"\(baseURL.absoluteString)\"", "concurrency": "2", "timeoutSeconds": "30", "maxAttempts": "1",
            "requestsPerMinute": "100000"
        ]
        catalog.merge(catalogKeys) { $1 }
        var top = [
            "library": #"[{"format": "csv", "path": "library.csv"}]"#, "feed": #"{"windowDays": 120}"#,
            "stateDatabase": #""state/state.db""#, "outputDirectory": #""feed""#, "keepSnapshots": "5"
        ]
        top.merge(topLevelKeys) { $1 }
        top["catalog"] = "{" + catalog.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ") + "}"
        try folder.write(
            "config.json", "{" + top.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ",\n") + "}")
    }

    deinit { server.close() }

    /// `count` artists "Artist 01"…, each with `releases` recent albums (ids from 1_000_000 + 100 × n).
    static func artists(_ count: Int, releases: Int = 3) -> [FixtureArtist] {
        (1...count).map { number in
            FixtureArtist(
                id: String(500_000 + number), name: artistName(number),
                releases: (1...releases).map { index in
                    release(String(1_000_000 + number * 100 + index), "Record \(number) \(index)", daysAgo: index * 3)
                })
        }
    }

    static func artistName(_ number: Int) -> String { "Artist " + (number < 10 ? "0" : "") + String(number) }

    /// A library owning one album of each of `count` artists.
    static func library(_ count: Int) -> String {
        "title,artist\n" + (1...count).map { "Old \($0),\(artistName($0))\n" }.joined()
    }

    static func release(_ id: String, _ title: String, type: RecordingType = .album, daysAgo: Int) -> FixtureRelease {
        let date = Date(timeIntervalSince1970: Double(today - daysAgo) * 86_400)
        return FixtureRelease(
            id: id, title: title, type: type, releaseDate: ReleaseDate(iso: date.formatted(.iso8601.year().month().day()))!)
    }

    var configPath: String { folder.url.appendingPathComponent("config.json").path }
    var feed: URL { folder.url.appendingPathComponent("feed") }
    var stateDatabase: URL { folder.url.appendingPathComponent("state/state.db") }

    /// `deepcut <words> --config …` in-process, on `clock` (see `SweepHarness.run`).
    func run(_ words: String...) async -> (exitCode: ExitCode, console: CapturedConsole) {
        let console = CapturedConsole()
        clock.startRun()
        let clock = clock
        let code = await DeepCutCLI.run(
            words + ["--config", configPath], environment: [:], console: console.console, httpClient: nil, now: { clock.now() })
        clock.runEnded()
        return (code, console)
    }

    /// `deepcut <words> --config …` as a real process.
    func spawn(_ words: String...) throws -> SpawnedProcess {
        try SpawnedProcess.deepcut(words + ["--config", configPath], in: folder.url)
    }

    func fail(_ artistID: String, with fault: Fault?) {
        server.setFault(fault, forArtistID: artistID)
    }

    /// Every file under `root` (default: the output folder), relative path → bytes.
    func files(under root: URL? = nil) throws -> [String: Data] {
        let root = root ?? feed
        var files: [String: Data] = [:]
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return files }
        for case let url as URL in enumerator where !url.hasDirectoryPath {
            files[String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))] = try Data(contentsOf: url)
        }
        return files
    }

    func json(_ name: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: feed.appendingPathComponent(name))) as? [String: Any] ?? [:]
    }

    func health() throws -> HealthReport {
        try #require(try HealthReport.load(outputDirectory: feed))
    }

    /// The user's state in the database, table by table (run history excluded: a failed run is
    /// recorded by design), as text rows: "what the run changed", compared before and after.
    func userState() throws -> [String: [String]] {
        let database = try Database(path: stateDatabase.path, access: .readOnly)
        var state: [String: [String]] = [:]
        try database.withConnection { connection in
            let tables = try connection.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name != 'runs' ORDER BY name") {
                try $0.get(0, as: String.self)
            }
            for table in tables {
                let columns = try connection.query("SELECT name FROM pragma_table_info(?)", [table]) { try $0.get(0, as: String.self) }
                let row = columns.map { "quote(\"\($0)\")" }.joined(separator: " || '|' || ")
                state[table] = try connection.query("SELECT \(row) FROM \"\(table)\"") { try $0.get(0, as: String.self) }.sorted()
            }
        }
        return state
    }
}
