import DeepCutCore
import DeepCutFixtures
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCut

/// What people see, byte for byte: the snapshot, feeds, page, calendar, health and metrics of the
/// demo and of the failure matrix (cold and warm; complete, partial and failed), from the real CLI
/// over loopback HTTP on a fixed clock, compared with the files recorded in `Tests/Golden/outputs`.
/// A refactor must leave them identical. A change meant to alter an output re-records them with
/// `DEEPCUT_RECORD_GOLDEN=1 swift test --filter OutputBytesTests` and shows the difference in review.
///
/// Only what is not the run's to decide is masked (`GoldenMask`): the loopback port, the random
/// install id and the measured durations.
@Suite struct OutputBytesTests {
    /// The fixed clock: noon, so the day cannot turn during a run.
    static let start = Date(timeIntervalSince1970: 20_600 * 86_400 + 12 * 3600)
    static let goldenRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Golden/outputs")

    @Test func theDemoSweep() async throws {
        let template = try Data(contentsOf: Self.repository.appendingPathComponent("config/demo/catalog.template.json"))
        let catalog = try JSONDecoder().decode(FixtureCatalog.self, from: Self.dated(template))
        let library = try String(contentsOf: Self.repository.appendingPathComponent("config/demo/library.csv"), encoding: .utf8)
        let world = try GoldenWorld(catalog: catalog, library: library, windowDays: 120)
        defer { world.stop() }
        #expect(await world.sweep() == .success)
        try world.compare(with: "demo")
    }

    @Test(arguments: GoldenScenario.allCases) func theFailureMatrix(_ scenario: GoldenScenario) async throws {
        let world = try GoldenWorld(
            catalog: FixtureCatalog(artists: GoldenScenario.artists), library: GoldenScenario.library, windowDays: 120)
        defer { world.stop() }
        if scenario.isWarm { #expect(await world.sweep() == .success) }
        scenario.breakCatalog(world.server)
        #expect(await world.sweep() == scenario.exitCode)
        try world.compare(with: "matrix-\(scenario.rawValue)")
    }

    static let repository = goldenRoot.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The demo template's `daysAgo` as dates before the fixed clock's day, as `scripts/demo` does with today.
    static func dated(_ template: Data) throws -> Data {
        var object = try #require(try JSONSerialization.jsonObject(with: template) as? [String: Any])
        object["_comment"] = nil
        let today = start.epochDay
        object["artists"] = (object["artists"] as? [[String: Any]] ?? []).map { artist in
            var artist = artist
            artist["releases"] = (artist["releases"] as? [[String: Any]] ?? []).map { release in
                var release = release
                if let daysAgo = release.removeValue(forKey: "daysAgo") as? Int {
                    release["releaseDate"] = ReleaseDate(epochDay: today - daysAgo).description
                }
                return release
            }
            return artist
        }
        return try JSONSerialization.data(withJSONObject: object)
    }
}

/// The failure matrix's runs: a cold or warm start, then a complete, partial or failed sweep.
enum GoldenScenario: String, CaseIterable, Sendable {
    case coldComplete, coldPartial, coldFailed, warmComplete, warmPartial, warmFailed

    static let artists: [FixtureArtist] = [
        FixtureArtist(
            id: "101", name: "Khruangbin",
            releases: [release("1001", "A La Sala", daysAgo: 10), release("1002", "Mordechai", daysAgo: 2000)]),
        FixtureArtist(
            id: "102", name: "Bonobo",
            releases: [release("1011", "Otomo", type: .ep, daysAgo: 20), release("1012", "Fragments", daysAgo: 300)]),
        FixtureArtist(
            id: "103", name: "Polyphia",
            releases: [release("1021", "Ego Death", type: .single, daysAgo: 30), release("1022", "Soon", daysAgo: -14)])
    ]
    static let library = "title,artist\nMordechai,Khruangbin\nFragments,Bonobo\nRenaissance,Polyphia\n"

    static func release(_ id: String, _ title: String, type: RecordingType = .album, daysAgo: Int) -> FixtureRelease {
        FixtureRelease(id: id, title: title, type: type, releaseDate: ReleaseDate(epochDay: OutputBytesTests.start.epochDay - daysAgo))
    }

    var isWarm: Bool { rawValue.hasPrefix("warm") }

    var exitCode: ExitCode {
        switch self {
        case .coldComplete, .warmComplete: .success
        case .coldPartial, .warmPartial: .partial
        case .coldFailed, .warmFailed: .tempFail
        }
    }

    func breakCatalog(_ server: FixtureServer) {
        switch self {
        case .coldComplete, .warmComplete: break
        case .coldPartial, .warmPartial: server.setFault(Fault(.status(code: 500, body: nil), on: .lookup), forArtistID: "102")
        case .coldFailed, .warmFailed:
            for artist in Self.artists { server.setFault(Fault(.reset), forArtistID: artist.id) }
        }
    }
}

/// One user's folder for the golden runs: library, config, state, feed and metrics, a loopback
/// catalog, and a clock that starts at `OutputBytesTests.start` and moves a minute per run.
final class GoldenWorld: Sendable {
    let folder = ScratchFolder()
    let server: FixtureServer
    private let runs = Counter()

    init(catalog: FixtureCatalog, library: String, windowDays: Int) throws {
        server = FixtureServer(catalog: catalog)
        let baseURL = try server.start()
        try folder.write("library.csv", library)
        try folder.write(
            "config.json",
            """
            {"library": [{"format": "csv", "path": "library.csv"}],
             "catalog": {"baseURL": "\(baseURL.absoluteString)", "concurrency": 2, "timeoutSeconds": 10, "maxAttempts": 1,
                         "requestsPerMinute": 6000},
             "feed": {"types": ["album", "ep", "single", "compilation"], "windowDays": \(windowDays)},
             "publish": {"baseURL": "https://feeds.example.org/deepcut/"},
             "prometheusTextfile": "metrics/deepcut.prom",
             "stateDatabase": "state/state.db", "outputDirectory": "feed", "keepSnapshots": 5, "ttlHours": 24}
            """)
    }

    func stop() { server.close() }

    func sweep() async -> ExitCode {
        let at = OutputBytesTests.start.addingTimeInterval(60 * Double(runs.value))
        runs.increment()
        let console = CapturedConsole()
        return await DeepCutCLI.run(
            ["sweep", "--config", folder.url.appendingPathComponent("config.json").path], environment: [:], console: console.console,
            httpClient: nil, now: { at })
    }

    /// Every output file (the feed folder and the metrics), masked, against the recorded ones.
    func compare(with name: String) throws {
        var files: [String: String] = [:]
        for folderName in ["feed", "metrics"] {
            let root = folder.url.appendingPathComponent(folderName)
            guard let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walk where !url.hasDirectoryPath {
                let relative = folderName + "/" + url.path.dropFirst(root.path.count + 1)
                files[relative] = GoldenMask.apply(try String(contentsOf: url, encoding: .utf8))
            }
        }
        let golden = OutputBytesTests.goldenRoot.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["DEEPCUT_RECORD_GOLDEN"] == "1" {
            // Recording replaces the folder; a first recording has none to remove.
            try? FileManager.default.removeItem(at: golden)
            for (relative, text) in files {
                let url = golden.appendingPathComponent(relative)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
            }
            return
        }
        var recorded: [String: String] = [:]
        if let walk = FileManager.default.enumerator(at: golden, includingPropertiesForKeys: nil) {
            for case let url as URL in walk where !url.hasDirectoryPath {
                recorded[String(url.path.dropFirst(golden.path.count + 1))] = try String(contentsOf: url, encoding: .utf8)
            }
        }
        #expect(Set(files.keys) == Set(recorded.keys), "the files written in \(name)")
        for (relative, text) in files.sorted(by: { $0.key < $1.key }) where recorded[relative] != nil {
            #expect(text == recorded[relative], "\(name)/\(relative) differs from Tests/Golden/outputs")
        }
    }
}

/// What the golden comparison masks, each for a reason outside the run's rules.
enum GoldenMask {
    static func apply(_ text: String) -> String {
        var text = text
        // The loopback port is the kernel's choice.
        text = text.replacing(/127\.0\.0\.1:\d+/, with: "127.0.0.1:PORT")
        // The install id is random (migration 11), and it is part of every feed entry id.
        text = text.replacing(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/.ignoresCase(), with: "UUID")
        text = text.replacing(/deepcut\.atlas,(\d{4}):[0-9a-f]{16}/, with: { "deepcut.atlas,\($0.1):INSTALL" })
        text = text.replacing(/\.[0-9a-f]{16}@deepcut\.atlas/, with: ".INSTALL@deepcut.atlas")
        // Durations and paces are measured on the real clock.
        text = text.replacing(
            /("[A-Za-z]*(?:[Ss]econds|Ms|duration|Duration|[Pp]ace|effective|slowest)[A-Za-z]*"\s*:\s*)[0-9.e+-]+/, with: { "\($0.1)N" })
        text = text.replacing(/(deepcut_[a-z_]*(?:duration_seconds|per_minute)(?:\{[^}]*\})?) [0-9.e+-]+/, with: { "\($0.1) N" })
        text = text.replacing(/(took|in) [0-9.]+ ?(s|ms|seconds)\b/, with: { "\($0.1) N \($0.2)" })
        return text
    }
}
