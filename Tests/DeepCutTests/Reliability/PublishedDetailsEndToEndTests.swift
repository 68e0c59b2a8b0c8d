import DeepCutCore
import DeepCutFixtures
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCut
@testable import DeepCutCatalog
@testable import DeepCutHTTP
@testable import DeepCutPublish
@testable import DeepCutSQLite
@testable import DeepCutState

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 16's smaller points, each through the real binary: artwork size, the ok pill's contrast,
/// edition labels on alternates, Atom's self link, per-install ids and moving `updated`, the
/// top-level config typo, a private state database, and one artist for "Björk" and "Bjork".
@Suite struct PublishedDetailsEndToEndTests {
    // MARK: Artwork

    @Test func artworkIsAskedAtSixHundredPixelsAndOtherLinksStayAsTheyAre() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let harness = try SweepHarness()
        #expect(try await harness.sweep().status == 0)
        let entries = try #require(try harness.json("current.json")["entries"] as? [[String: Any]])
        let artwork = entries.compactMap { $0["artworkURL"] as? String }
        #expect(artwork.count == 3)
        #expect(artwork.allSatisfy { $0.hasSuffix("/600x600bb.jpg") }, "\(artwork)")
        let page = try StateChangeEndToEndTests.page(harness)
        #expect(page.contains("600x600bb.jpg\" alt=\"Cover of A La Sala by Khruangbin\""))
        #expect(!page.contains("100x100bb.jpg"))
        let feed = try harness.json("feed.json")["items"] as? [[String: Any]] ?? []
        #expect(feed.compactMap { $0["image"] as? String }.allSatisfy { $0.hasSuffix("/600x600bb.jpg") })

        // The rule itself: only iTunes' `NxNbb.ext` names change, and only their size.
        #expect(FeedEntry.largerArtwork("https://is1.mzstatic.com/a/b/100x100bb.png") == "https://is1.mzstatic.com/a/b/600x600bb.png")
        #expect(FeedEntry.largerArtwork("https://example.com/cover.jpg") == "https://example.com/cover.jpg")
        #expect(FeedEntry.largerArtwork("https://example.com/100x100.jpg") == "https://example.com/100x100.jpg")
        #expect(FeedEntry.largerArtwork("https://example.com/100x100bb.jpg/x") == "https://example.com/100x100bb.jpg/x")
        #expect(FeedEntry.largerArtwork(nil) == nil)
        #expect(FeedEntry.largerArtwork("https://is1.mzstatic.com/a/60x60bb.webp") == "https://is1.mzstatic.com/a/600x600bb.webp")
        #expect(FeedEntry.largerArtwork("https://example.com/12345x1bb.jpg") == "https://example.com/12345x1bb.jpg")
        #expect(FeedEntry.largerArtwork("https://example.com/100x100bb.gif") == "https://example.com/100x100bb.gif")
        #expect(FeedEntry.largerArtwork("https://example.com/x100bb.jpg") == "https://example.com/x100bb.jpg")
    }

    // MARK: Contrast

    /// WCAG 2 AA: every status pill's text on its background at least 4.5:1, light and dark.
    @Test func everyStatusPillReadsAtWCAGAAInBothPalettes() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let harness = try SweepHarness()
        #expect(try await harness.sweep().status == 0)
        let page = try StateChangeEndToEndTests.page(harness)
        let palettes = page.matches(of: #/:root\{([^}]*)\}/#).map { String($0.output.1) }
        #expect(palettes.count == 2, "a light and a dark palette")
        for palette in palettes {
            var colours: [String: String] = [:]
            for match in palette.matches(of: #/--([a-z-]+):(#[0-9a-f]{6})/#) { colours[String(match.output.1)] = String(match.output.2) }
            for status in ["complete", "partial", "failed", "skipped"] {
                let text = try #require(colours[status])
                let background = try #require(colours[status + "-bg"])
                #expect(
                    Self.contrast(text, background) >= 4.5, "\(status): \(text) on \(background) is \(Self.contrast(text, background)):1")
            }
        }
        #expect(page.contains(".pill.ok,.pill.complete{color:var(--complete);background:var(--complete-bg)}"))
    }

    static func contrast(_ first: String, _ second: String) -> Double {
        func luminance(_ hex: String) -> Double {
            let value = Int(hex.dropFirst(), radix: 16)!
            let bytes: [Int] = [value >> 16, (value >> 8) & 0xFF, value & 0xFF]
            let channels: [Double] = bytes.map { byte in
                let linear = Double(byte) / 255
                return linear <= 0.03928 ? linear / 12.92 : pow((linear + 0.055) / 1.055, 2.4)
            }
            let red: Double = 0.2126 * channels[0]
            let green: Double = 0.7152 * channels[1]
            let blue: Double = 0.0722 * channels[2]
            return red + green + blue
        }
        let (a, b) = (luminance(first), luminance(second))
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    // MARK: Alternates

    @Test func twinsOfOneTitleCarryTheirEditionAndOtherAlternatesNone() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let title = "Remember That You Will Die"
        func edition(_ id: String, _ title: String, explicit: Bool) -> FixtureRelease {
            var release = SweepHarness.release(id, title, daysAgo: 15)
            release.explicit = explicit
            return release
        }
        let harness = try SweepHarness(
            artists: [
                FixtureArtist(
                    id: "301", name: "Polyphia",
                    releases: [
                        edition("3001", title + " (Deluxe)", explicit: true),
                        edition("3002", title, explicit: true),
                        edition("3003", title, explicit: false)
                    ])
            ], library: "title,artist\nNew Levels New Devils,Polyphia\n")
        #expect(try await harness.sweep().status == 0)
        let entry = try StateChangeEndToEndTests.entry("3001", harness)
        let alternates = try #require(entry["alternates"] as? [[String: String]])
        #expect(alternates.map { $0["id"] } == ["3002", "3003"])
        #expect(alternates.map { $0["edition"] } == ["Explicit", "Clean"])
        #expect(
            try await JSONSchemaValidator.snapshot.problems([
                ("current.json", Data(contentsOf: harness.feed.appendingPathComponent("current.json")))
            ]) == [])
        let page = try StateChangeEndToEndTests.page(harness)
        #expect(page.contains("<bdi>\(title)</bdi> <span class=\"edition\">(<bdi>Explicit</bdi>)</span>"))
        #expect(page.contains("<bdi>\(title)</bdi> <span class=\"edition\">(<bdi>Clean</bdi>)</span>"))
        let item = try #require((try harness.json("feed.json")["items"] as? [[String: Any]])?.first)
        #expect((item["content_text"] as? String)?.contains("Also: \(title) (Explicit); \(title) (Clean)") == true, "\(item)")
    }

    // MARK: Atom

    @Test func atomNamesItselfWithoutABaseURLAndIdsAreUniquePerInstall() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let first = try SweepHarness()
        let second = try SweepHarness()
        #expect(try await first.sweep().status == 0)
        #expect(try await second.sweep().status == 0)
        let atom = try String(contentsOf: first.feed.appendingPathComponent("feed.atom"), encoding: .utf8)
        #expect(atom.contains(#"<link rel="self" type="application/atom+xml" href="feed.atom"/>"#), "\(atom)")
        #expect(atom.contains(#"<link rel="alternate" type="text/html" href="index.html"/>"#))

        let install = try #require(try await StateStore(url: first.stateDatabase).installID())
        #expect(install.wholeMatch(of: #/[0-9a-f]{16}/#) != nil, "\(install)")
        #expect(try await StateStore(url: second.stateDatabase).installID() != install)
        let ids = try HonestOverTimeTests.atomIDs(first)
        #expect(ids.first == "tag:deepcut.atlas,2026:\(install)/feed")
        #expect(ids.dropFirst().allSatisfy { $0.hasPrefix("tag:deepcut.atlas,2026:\(install)/itunes/") }, "\(ids)")
        #expect(try StateChangeEndToEndTests.feedIDs(first) == Array(ids.dropFirst()), "JSON Feed and Atom share ids")
        #expect(Set(try StateChangeEndToEndTests.feedIDs(first)).isDisjoint(with: try StateChangeEndToEndTests.feedIDs(second)))

        // The same install keeps its ids run after run, and a reader's id still dismisses.
        #expect(try await first.sweep().status == 0)
        #expect(try HonestOverTimeTests.atomIDs(first) == ids)
        let otomo = try #require(ids.first { $0.hasSuffix("/1011") })
        #expect(try await first.deepcut("dismiss", otomo).status == 0)
        #expect(try !StateChangeEndToEndTests.feedIDs(first).contains(otomo))
    }

    @Test func aDatabaseThatAlreadyPublishedKeepsTheSharedLegacyIds() async throws {
        let folder = ScratchFolder()
        let url = folder.url.appendingPathComponent("state.db")
        let database = try Database(path: url.path)
        try Migrator(Array(StateStore.migrator.migrations.prefix(9))).migrate(database)
        try database.withConnection { try $0.execute("INSERT INTO feed_appearances VALUES ('itunes', '1001', 'feed', 1)") }
        #expect(try await StateStore(url: url).installID() == nil, "an upgrade must not re-announce every entry")
        #expect(try await StateStore(url: folder.url.appendingPathComponent("fresh.db")).installID() != nil)
    }

    @Test func atomUpdatedMovesWhenATitleOrDateChangesAndOnlyThen() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let harness = try SweepHarness()
        #expect(try await harness.sweep().status == 0)
        let before = try Self.atomDates(harness)
        #expect(before.count == 3)
        #expect(before.values.allSatisfy { $0.updated == $0.published })

        var artists = SweepHarness.artists
        artists[0].releases[0].title = "A La Sala (Live at Sala)"  // 1001: new title
        artists[1].releases[0] = SweepHarness.release("1011", "Otomo", type: .ep, daysAgo: 21)  // 1011: new date
        try await harness.replaceCatalog(artists)
        #expect(await harness.sweepInProcess().status == 0)
        let after = try Self.atomDates(harness)
        for id in ["1001", "1011"] {
            let dates = try #require(after[id])
            #expect(dates.published == before[id]?.published, "\(id): published never moves")
            #expect(dates.updated > dates.published, "\(id): \(dates)")
        }
        #expect(after["1021"] == before["1021"], "an unchanged entry keeps its dates")
        #expect(try StateChangeEndToEndTests.entry("1001", harness)["updatedAt"] != nil)
        #expect(try StateChangeEndToEndTests.entry("1021", harness)["updatedAt"] == nil)
        #expect(
            try await JSONSchemaValidator.snapshot.problems([
                ("current.json", Data(contentsOf: harness.feed.appendingPathComponent("current.json")))
            ]) == [])
        let items = try #require(try harness.json("feed.json")["items"] as? [[String: Any]])
        let modified = Dictionary(
            uniqueKeysWithValues: items.map { (String(($0["id"] as? String ?? "").suffix(4)), $0["date_modified"] as? String) })
        #expect(modified["1001"] == after["1001"]?.updated, "JSON Feed's date_modified agrees with Atom's updated")
        #expect(modified["1021"] == .some(nil))

        // A third run with nothing changed keeps the moved dates where they are.
        #expect(await harness.sweepInProcess().status == 0)
        #expect(try Self.atomDates(harness) == after)
    }

    struct AtomDates: Hashable, CustomStringConvertible {
        var published: String
        var updated: String
        var description: String { "published \(published), updated \(updated)" }
    }

    /// Release id → the entry's `published` and `updated`, from `feed.atom`.
    static func atomDates(_ harness: SweepHarness) throws -> [String: AtomDates] {
        let atom = try String(contentsOf: harness.feed.appendingPathComponent("feed.atom"), encoding: .utf8)
        var dates: [String: AtomDates] = [:]
        for entry in atom.matches(of: #/<entry>(.*?)</entry>/#.dotMatchesNewlines()) {
            let body = String(entry.output.1)
            guard let id = body.firstMatch(of: #/<id>[^<]*/(\d+)</id>/#)?.output.1,
                let updated = body.firstMatch(of: #/<updated>([^<]+)</updated>/#)?.output.1,
                let published = body.firstMatch(of: #/<published>([^<]+)</published>/#)?.output.1
            else { continue }
            dates[String(id)] = AtomDates(published: String(published), updated: String(updated))
        }
        return dates
    }

    // MARK: Config and state

    @Test func aTopLevelTypoGetsTheUnknownKeyHint() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let harness = try SweepHarness()
        try harness.folder.write("config.json", #"{"libary": [{"format": "csv", "path": "library.csv"}], "outputDirectory": "feed"}"#)
        for command in ["check-config", "sweep"] {
            let result = try await harness.deepcut(command)
            #expect(result.status == 78)
            #expect(result.errorLines.last == "config.json: unknown key 'libary' (did you mean 'library'?)", "\(command): \(result.stderr)")
        }
        try harness.folder.write("config.json", #"{"outputDirectory": "feed"}"#)
        #expect(try await harness.deepcut("check-config").errorLines.last == "config.json: missing key 'library'")
        #expect(!FileManager.default.fileExists(atPath: harness.feed.path))
    }

    @Test func theStateDatabaseAndItsSidecarsAreCreatedPrivate() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let harness = try SweepHarness()
        #expect(try await harness.sweep().status == 0)
        #expect(try Self.mode(harness.stateDatabase.path) == 0o600)

        // While a connection is open (the sidecars exist then), each of the three is 0600 too.
        let store = try await StateStore(url: harness.folder.url.appendingPathComponent("other/state.db"))
        _ = try await store.perform {
            try $0.dismissals.save(Dismissal(releaseID: "1", albumKey: AlbumKey(title: "a", artist: "b"), dismissedAt: 1))
        }
        for suffix in ["", "-wal", "-shm"] {
            #expect(try Self.mode(harness.folder.url.appendingPathComponent("other/state.db" + suffix).path) == 0o600, "state.db\(suffix)")
        }
        withExtendedLifetime(store) {}

        // An existing database keeps the mode its owner gave it: deepcut never changes modes.
        #expect(chmod(harness.stateDatabase.path, 0o640) == 0)
        #expect(try await harness.sweep().status == 0)
        #expect(try Self.mode(harness.stateDatabase.path) == 0o640)
    }

    static func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    // MARK: Artists

    @Test func artistNamesThatDifferOnlyInDiacriticsAreSweptOnce() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let harness = try SweepHarness(
            artists: [
                FixtureArtist(
                    id: "401", name: "Björk",
                    releases: [
                        SweepHarness.release("4001", "Fossora", daysAgo: 5), SweepHarness.release("4002", "Debut", daysAgo: 9000)
                    ])
            ], library: "title,artist\nHomogenic,Björk\nDebut,Bjork\nPost,BJORK\n")
        let result = try await harness.sweep()
        #expect(result.status == 0, "\(result.stderr)")
        let health = try harness.health()
        #expect(health.sweep.artists.total == 1)
        #expect(health.library.artists == 1)
        #expect(health.library.albums == 3)
        #expect(health.sweep.requests == 2, "one search and one lookup, not two of each")
        #expect(try StateChangeEndToEndTests.feedIDs(harness).map { String($0.suffix(4)) } == ["4001"])
        // The stored key is the first spelling's legacy form, as before.
        let keys = try await StateStore(url: harness.stateDatabase).perform {
            try $0.database.withConnection { connection in
                try connection.query("SELECT artist_key FROM artist_resolutions") { try $0.get(0, as: String.self) }
            }
        }
        #expect(keys == ["björk"])
    }
}
