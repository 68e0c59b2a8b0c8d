import DeepCutFixtures
import DeepCutState
import Foundation
import Synchronization
import Testing

@testable import DeepCut
@testable import DeepCutHTTP
@testable import DeepCutState

/// Issue 16, bullet 2, through the real binary: `dismiss`, `restore`, `dismissals import` and
/// `library add` republish `feed.json`, `feed.atom` and `index.html` at once, from `current.json`,
/// without the network, under the sweep lock; `current.json` and `latest.json` stay as the sweep
/// wrote them. `dismiss` and `restore` take the feed's item id, the catalog id or the release URL.
@Suite struct StateChangeEndToEndTests {
    static let readerFiles = ["feed.json", "feed.atom", "index.html"]
    static let sweepFiles = ["current.json", "latest.json", "health.json", "health.txt"]

    @Test func dismissAndRestoreByFeedIDCatalogIDAndURLRepublishAtOnceWithoutTheCatalog() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let harness = try SweepHarness()
        #expect(try await harness.sweep().status == 0)
        let swept = try harness.outputFiles()
        let otomo = try #require(try Self.feedIDs(harness).first { $0.hasSuffix("/1011") })
        #expect(otomo.hasPrefix("tag:"))
        let otomoURL = try #require(Self.entry("1011", harness)["url"] as? String)
        await harness.server.stop()  // republishing never asks the catalog

        // Dismiss by the id a feed reader shows: gone from both feeds and the page at once.
        let dismissed = try await harness.deepcut("dismiss", otomo)
        #expect(dismissed.status == 0, "\(dismissed.stderr)")
        #expect(dismissed.stdout == "dismissed: Bonobo — Otomo\nrepublished feed.json, feed.atom, upcoming.ics, index.html\n")
        #expect(try !Self.feedIDs(harness).contains(otomo))
        #expect(try Self.atomIDs(harness).contains { $0.hasSuffix("/1001") })
        #expect(try !Self.atomIDs(harness).contains(otomo))
        #expect(try !Self.page(harness).contains(">Otomo</bdi>"))
        #expect(try Self.page(harness).contains(">A La Sala</bdi>"))
        let afterDismiss = try harness.outputFiles()
        for name in Self.sweepFiles { #expect(afterDismiss[name] == swept[name], "\(name) rewritten by dismiss") }
        #expect(try harness.json("current.json").description.contains("Otomo"), "current.json keeps what the sweep found")

        // Restore by the release URL: back at once, from current.json.
        let restored = try await harness.deepcut("restore", otomoURL)
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(restored.stdout == "restored 1 dismissal\nrepublished feed.json, feed.atom, upcoming.ics, index.html\n")
        #expect(try Self.feedIDs(harness).contains(otomo))
        for name in Self.readerFiles { #expect(try harness.outputFiles()[name] == swept[name], "\(name) after restore") }

        // The catalog id works both ways, and the feed id restores.
        #expect(try await harness.deepcut("dismiss", "1011").status == 0)
        #expect(try !Self.feedIDs(harness).contains(otomo))
        #expect(try await harness.deepcut("restore", otomo).status == 0)
        #expect(try Self.feedIDs(harness).contains(otomo))

        // An id the feed does not show: exit 65, nothing changed.
        let before = try harness.outputFiles()
        let unknown = try await harness.deepcut("dismiss", "tag:deepcut.atlas,2026:itunes/999")
        #expect(unknown.status == 65)
        #expect(
            unknown.errorLines == [
                "dismiss: no release with id or link tag:deepcut.atlas,2026:itunes/999 in the current feed; use --title and --artist"
            ])
        #expect(try harness.outputFiles() == before)
        #expect(try await harness.deepcut("restore", "1011").status == 65)
    }

    @Test func importAndLibraryAddRepublishAndTheNextSweepAgrees() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let harness = try SweepHarness()
        #expect(try await harness.sweep().status == 0)
        #expect(try Self.feedIDs(harness).map { String($0.suffix(4)) } == ["1001", "1011", "1021"])

        let file = try harness.folder.write(
            "in.json", #"[{"releaseID": "1021", "albumKey": "ego death\u001fpolyphia", "dismissedAt": "2026-01-02T03:04:05Z"}]"#)
        let imported = try await harness.deepcut("dismissals", "import", file.path)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.hasSuffix("republished feed.json, feed.atom, upcoming.ics, index.html\n"))
        #expect(try Self.feedIDs(harness).map { String($0.suffix(4)) } == ["1001", "1011"])

        // library add republishes before it asks the catalog: with the catalog gone, the album is
        // owned and the feeds follow, and more-from alone fails (75).
        let catalog = harness.server
        await catalog.stop()
        let added = try await harness.deepcut("library", "add", "--title", "A La Sala (Deluxe)", "--artist", "Khruangbin")
        #expect(added.status == 75, "\(added.stderr)")
        #expect(
            added.stdout
                == "recorded as owned: Khruangbin — A La Sala (Deluxe)\nrepublished feed.json, feed.atom, upcoming.ics, index.html\n")
        #expect(try Self.feedIDs(harness).map { String($0.suffix(4)) } == ["1011"])
        #expect(try Self.page(harness).contains("1 new release by artists in your library"))

        // The next sweep reaches the same feed on its own.
        try await harness.replaceCatalog(SweepHarness.artists)
        #expect(await harness.sweepInProcess().status == 0)
        #expect(try Self.feedIDs(harness).map { String($0.suffix(4)) } == ["1011"])
    }

    @Test func aHeldLockIsWaitedForBrieflyThenExit75ChangesNothing() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let harness = try SweepHarness()
        #expect(try await harness.sweep().status == 0)
        let before = try harness.outputFiles()
        let lockFile = harness.folder.url.appendingPathComponent("state/deepcut.lock")

        // Held past the wait (a sweep): exit 75 naming the holder, no dismissal, no file touched.
        var lock: RunLock? = try RunLock(path: lockFile)
        let refused = try await harness.deepcut("dismiss", "1011")
        #expect(refused.status == 75)
        #expect(
            refused.errorLines == ["dismiss: another sweep is running (pid \(getpid())); nothing changed: try again when it has finished"])
        #expect(try harness.outputFiles() == before)
        #expect(try await StateStore(url: harness.stateDatabase).perform { try $0.dismissals.all() }.isEmpty)

        // Held briefly (another person's command): the dismissal waits and lands. The lock is let go
        // by a dispatch timer half a second in, not by this test's task: under a loaded parallel run
        // the test's own tasks can be starved for longer than the command's 5 s wait.
        let held = HeldLock(lock)
        lock = nil
        let waiting = try SpawnedProcess.deepcut(["dismiss", "1011", "--config", harness.configPath], in: harness.folder.url)
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(500)) { held.release() }
        let landed = try await waiting.finish()
        #expect(held.isReleased, "the lock was never let go")
        #expect(landed.status == 0, "\(landed.stderr)")
        #expect(try !Self.feedIDs(harness).contains { $0.hasSuffix("/1011") })
    }

    @Test func anArtistDecisionWaitsForTheSweepLockToo() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let harness = try SweepHarness()
        #expect(try await harness.sweep().status == 0)
        var lock: RunLock? = try RunLock(path: harness.folder.url.appendingPathComponent("state/deepcut.lock"))
        let refused = try await harness.deepcut("artists", "accept", "Big Thief")
        #expect(refused.status == 75, "\(refused.stderr)")
        #expect(refused.errorLines.first?.hasPrefix("artists accept: another sweep is running") == true, "\(refused.stderr)")
        #expect(try await StateStore(url: harness.stateDatabase).perform { try $0.listened.find(name: "Big Thief") } == nil)
        #expect(lock != nil)
        lock = nil
        #expect(try await harness.deepcut("artists", "accept", "Big Thief").status == 0)
    }

    @Test func anUnreadableCurrentSnapshotChangesNothing() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let harness = try SweepHarness()
        #expect(try await harness.sweep().status == 0)
        try Data("{\"schemaVersion\": 1, \"runID\": ".utf8).write(to: harness.feed.appendingPathComponent("current.json"))
        let before = try harness.outputFiles()
        let result = try await harness.deepcut("restore", "--title", "Otomo", "--artist", "Bonobo")
        #expect(result.status == 74)
        #expect(result.errorLines.count == 1)
        #expect(result.stderr.contains("current.json is unreadable"))
        #expect(try harness.outputFiles() == before)
        let added = try await harness.deepcut("library", "add", "--title", "Otomo", "--artist", "Bonobo")
        #expect(added.status == 74)
        #expect(try await StateStore(url: harness.stateDatabase).perform { try $0.owned.all() }.isEmpty)
    }

    // MARK: Reading the outputs

    static func feedIDs(_ harness: SweepHarness) throws -> [String] {
        (try harness.json("feed.json")["items"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    }

    static func atomIDs(_ harness: SweepHarness) throws -> [String] {
        try HonestOverTimeTests.atomIDs(harness).dropFirst().map { $0 }  // the first <id> is the feed's own
    }

    static func entry(_ id: String, _ harness: SweepHarness) throws -> [String: Any] {
        try #require((try harness.json("current.json")["entries"] as? [[String: Any]])?.first { $0["id"] as? String == id })
    }

    static func page(_ harness: SweepHarness) throws -> String {
        try String(contentsOf: harness.feed.appendingPathComponent("index.html"), encoding: .utf8)
    }
}

extension SweepHarness {
    /// `deepcut <words> --config …` as a real process (on the real time).
    func deepcut(_ words: String...) async throws -> SpawnedProcess.Result {
        defer { clock.runEnded() }
        return try await SpawnedProcess.deepcut(words + ["--config", configPath], in: folder.url).finish()
    }
}

/// A lock that a thread of its own lets go of.
private final class HeldLock: Sendable {
    private let lock: Mutex<RunLock?>

    init(_ lock: RunLock?) {
        self.lock = Mutex(lock)
    }

    func release() {
        lock.withLock { $0 = nil }
    }

    var isReleased: Bool { lock.withLock { $0 == nil } }
}
