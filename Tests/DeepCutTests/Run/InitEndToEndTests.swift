import DeepCutConfig
import DeepCutCore
import DeepCutFixtures
import DeepCutLibrary
import DeepCutTestKit
import Foundation
import Testing

/// A person's first hour through the real binary: `deepcut init --library` the bundled Library.xml,
/// point the written config's catalog at the loopback server, `deepcut sweep` with no `--config`
/// (the per-user config is where commands look), and a published page and feeds carrying the releases.
@Suite struct InitEndToEndTests {
    let scratch = ScratchFolder()

    @Test func fromTheBundledLibraryXMLToAPublishedPage() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let sample = try #require(SharedSamples.url("itunes_Library_xml_libpytunes_Test_Library.xml"))
        let home = scratch.url.appendingPathComponent("home")
        let export = try scratch.write("home/Music/Library.xml", try Data(contentsOf: sample))
        // The test runner's own XDG folders and config must not leak in: this home decides alone.
        let environment = [
            "HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path,
            "XDG_DATA_HOME": home.appendingPathComponent(".local/share").path, "DEEPCUT_CONFIG": ""
        ]

        let initRun = try await SpawnedProcess.deepcut(["init", "--library", export.path], in: scratch.url, environment: environment)
            .finish()
        #expect(initRun.status == 0, "\(initRun.stderr)")
        let configFile = home.appendingPathComponent(".config/deepcut/config.json")
        #expect(initRun.stdout.contains("config OK: \(configFile.path)"))
        #expect(initRun.stdout.contains("next:\n  deepcut sweep "))

        // One new release per library artist, 5 days old, beside the album the library owns.
        let library = try await LoadLibrary(registry: .files).run([LibrarySource(format: .itunesXML, path: export)])
        let owned = Dictionary(grouping: library.albums, by: \.artist)
        let artists = library.artists.filter { !ArtistName.isPlaceholder($0) }.enumerated().map { index, name in
            FixtureArtist(
                id: String(700 + index), name: name,
                releases: [
                    SweepHarness.release("7\(index)01", "Deep Cut Number \(index)", daysAgo: 5),
                    SweepHarness.release("7\(index)02", owned[name]?.first?.title ?? "Old", daysAgo: 4000)
                ])
        }
        #expect(artists.count > 5)

        try await withFixtureServer(FixtureCatalog(artists: artists)) { _, baseURL in
            try Self.pointCatalog(of: configFile, at: baseURL)
            let sweep = try await SpawnedProcess.deepcut(["sweep", "--quiet"], in: scratch.url, environment: environment).finish()
            #expect(sweep.status == 0, "\(sweep.stderr)")
            // As init's cron line runs it: a run that went well prints nothing for cron to mail.
            #expect(sweep.stdout.isEmpty, "\(sweep.stdout)")
            let loud = try await SpawnedProcess.deepcut(["sweep"], in: scratch.url, environment: environment).finish()
            #expect(loud.status == 0 && loud.stdout.hasPrefix("sweep complete"), "\(loud.stdout)")
        }

        let feed = home.appendingPathComponent(".local/share/deepcut/feed")
        let page = try String(contentsOf: feed.appendingPathComponent("index.html"), encoding: .utf8)
        let feedJSON = try JSONSerialization.jsonObject(with: Data(contentsOf: feed.appendingPathComponent("feed.json"))) as? [String: Any]
        let items = try #require(feedJSON?["items"] as? [[String: Any]])
        let atom = try String(contentsOf: feed.appendingPathComponent("feed.atom"), encoding: .utf8)
        #expect(items.count == artists.count)
        for index in artists.indices {
            #expect(page.contains("Deep Cut Number \(index)<"), "the page lists release \(index)")
            #expect(atom.contains("Deep Cut Number \(index)<"))
        }
        #expect(FileManager.default.fileExists(atPath: feed.appendingPathComponent("upcoming.ics").path))
        #expect(FileManager.default.fileExists(atPath: feed.appendingPathComponent("latest.json").path))
    }

    /// What the README tells a tester to do by hand: the catalog's `baseURL`, and a pace a loopback server allows.
    static func pointCatalog(of configFile: URL, at baseURL: URL) throws {
        var config = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: configFile)) as? [String: Any])
        var catalog = config["catalog"] as? [String: Any] ?? [:]
        catalog["baseURL"] = baseURL.absoluteString
        catalog["requestsPerMinute"] = 6000
        catalog["timeoutSeconds"] = 10
        catalog["maxAttempts"] = 1
        config["catalog"] = catalog
        try JSONSerialization.data(withJSONObject: config, options: [.prettyPrinted, .sortedKeys]).write(to: configFile)
    }
}
