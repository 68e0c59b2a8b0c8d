import DeepCutCore
import DeepCutFixtures
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCut
@testable import DeepCutHTTP
@testable import DeepCutPublish
@testable import DeepCutState
@testable import DeepCutSweep

/// Issue 13's reproductions, through the real `deepcut` binary against the loopback catalog, as
/// sequences of runs: what a person sees never shrinks because something failed, and the baseline
/// changes only after an honest complete run.
@Suite struct HonestOverTimeTests {
    /// The files a reader sees, and the baseline.
    static let readerFiles = ["feed.json", "feed.atom", "index.html", "latest.json"]
    /// The harness library plus an artist the catalog does not know (almost every real library has one).
    static let libraryWithAStranger =
        "title,artist\nMordechai,Khruangbin\nFragments,Bonobo\nRenaissance,Polyphia\nDemo Tape,Nobody Knows Us\n"

    // MARK: Bullets 1 and 2: an outage, a second outage run, recovery

    @Test func anOutageFailsThenTheNextOutageRunFailsAgainThenRecoveryIsComplete() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let harness = try SweepHarness(library: Self.libraryWithAStranger)
        let first = try await harness.sweep()
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try harness.health().sweep.artists.notFound == 1)
        let before = try harness.outputFiles()
        let baselineRun = try #require(try harness.health().publish.baselineRunID)

        await harness.server.stop()
        for attempt in 1...2 {
            let outage = await harness.sweepInProcess()
            #expect(outage.status == 75, "outage run \(attempt): \(outage.stderr)")
            #expect(outage.errorLines.filter { !$0.hasPrefix("level=") }.count == 1, "one line beside the log: \(outage.stderr)")
            #expect(outage.stderr.contains("sweep failed"), "\(outage.stderr)")
            let during = try harness.outputFiles()
            for name in Self.readerFiles + ["current.json"] {
                #expect(during[name] == before[name], "outage run \(attempt): \(name) changed")
            }
            #expect(Set(during.keys.filter { $0.hasPrefix("snapshots/") }) == Set(before.keys.filter { $0.hasPrefix("snapshots/") }))
            let health = try harness.health()
            #expect(health.status == .failed)
            #expect(health.publish.promoted == false)
            #expect(health.publish.baselineRunID == baselineRun)
            #expect(health.sweep.asked == 3, "the cached stranger is not asked, and does not count as an answer")
            let check = try await SpawnedProcess.deepcut(["health", "--config", harness.configPath], in: harness.folder.url).finish()
            #expect(check.status == 2, "health must be CRITICAL during an outage: \(check.stdout)")
            // The last success (the metric's source) is still the first run.
            let runs = try await StateStore(url: harness.stateDatabase).perform { try $0.runs.recent(limit: 10) }
            #expect(runs.filter { $0.status == .complete }.map(\.runID) == [baselineRun.rawValue])
        }

        try await harness.replaceCatalog(SweepHarness.artists)
        let recovered = await harness.sweepInProcess()
        #expect(recovered.status == 0, "\(recovered.stderr)")
        let health = try harness.health()
        #expect(health.status == .complete)
        #expect(health.sweep.requests > 0)
        #expect(try Self.entryIDs(harness.json("current.json")) == ["1001", "1011", "1021"])
        #expect(try harness.json("latest.json")["runID"] as? String != baselineRun.rawValue)
    }

    // MARK: Bullet 3: one artist fails

    @Test func aFailedArtistKeepsItsReleasesMarkedStaleAndTheChangeSetLeavesThemAlone() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let harness = try SweepHarness()
        #expect(try await harness.sweep().status == 0)
        let before = try harness.outputFiles()
        let feedBefore = try Self.feedItems(harness)

        harness.fail("101", with: Fault(.status(code: 500, body: nil), on: .lookup))
        let partial = await harness.sweepInProcess()
        #expect(partial.status == 3, "\(partial.stderr)")
        let after = try harness.outputFiles()
        #expect(after["latest.json"] == before["latest.json"])
        // The same items, with the same ids and dates, in the feeds and on the page.
        #expect(try Self.feedItems(harness) == feedBefore)
        #expect(try Self.atomIDs(harness) == Self.atomIDs(before["feed.atom"]))
        let page = String(decoding: try #require(after["index.html"]), as: UTF8.self)
        #expect(page.contains("A La Sala"))
        #expect(page.contains("card stale"))
        #expect(page.contains("Not rechecked in this run"))

        let current = try harness.json("current.json")
        #expect(current["complete"] as? Bool == false)
        let entries = try #require(current["entries"] as? [[String: Any]])
        #expect(entries.map { $0["id"] as? String } == ["1001", "1011", "1021"])
        let stale = try #require(entries.first { $0["id"] as? String == "1001" })
        #expect(stale["stale"] as? Bool == true)
        #expect((stale["lastCheckedAt"] as? String).flatMap(Timestamp.date) != nil)
        #expect(entries.filter { $0["stale"] != nil }.count == 1)
        let changes = try #require(current["changes"] as? [String: Any])
        #expect((changes["added"] as? [Any])?.isEmpty == true)
        #expect((changes["removed"] as? [Any])?.isEmpty == true)
        #expect((changes["updated"] as? [Any])?.isEmpty == true)
        #expect(try await JSONSchemaValidator.snapshot.problems([("current.json", try #require(after["current.json"]))]) == [])
        #expect(try await JSONSchemaValidator.health.problems([("health.json", try #require(after["health.json"]))]) == [])
    }

    // MARK: Bullet 5: a catalog that answers 200 with nothing

    @Test func searchesAnsweringNothingAfterTheCacheExpiredAreNotBelievedNorCached() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let harness = try SweepHarness()
        #expect(try await harness.sweep().status == 0)
        let before = try harness.outputFiles()
        let feedBefore = try Self.feedItems(harness)
        // The old-install cliff: every cached resolution expired at once, so every artist is searched.
        try await harness.execute("DELETE FROM artist_resolutions")
        let stateBefore = try await harness.catalogState()
        for artist in SweepHarness.artists {
            harness.fail(artist.id, with: Fault(.body(bytes: Array(#"{"resultCount":0,"results":[]}"#.utf8)), on: .search))
        }
        let faulty = await harness.sweepInProcess()
        #expect(faulty.status == 3, "\(faulty.stderr)")
        try await Self.expectNothingLost(harness, before: before, feedBefore: feedBefore, stateBefore: stateBefore)
        #expect(try await harness.catalogState()["artist_resolutions"] == [], "no 'not found' is cached from a faulty catalog")

        for artist in SweepHarness.artists { harness.fail(artist.id, with: nil) }
        let recovered = await harness.sweepInProcess()
        #expect(recovered.status == 0, "\(recovered.stderr)")
        #expect(try Self.entryIDs(harness.json("current.json")) == ["1001", "1011", "1021"])
        #expect(try harness.health().sweep.requests > 0)
    }

    @Test(arguments: [true, false])
    func lookupsAnsweringNothingAreNotBelievedAndNothingIsWithdrawn(withArtistRow: Bool) async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let harness = try SweepHarness()
        #expect(try await harness.sweep().status == 0)
        let before = try harness.outputFiles()
        let feedBefore = try Self.feedItems(harness)
        let stateBefore = try await harness.catalogState()
        for artist in SweepHarness.artists {
            // With the row: the artist, and no collections. Without: not even the artist.
            let body =
                withArtistRow
                ? #"{"resultCount":1,"results":[{"wrapperType":"artist","artistId":\#(artist.id),"artistName":"\#(artist.name)"}]}"#
                : #"{"resultCount":0,"results":[]}"#
            harness.fail(artist.id, with: Fault(.body(bytes: Array(body.utf8)), on: .lookup))
        }
        let run = await harness.sweepInProcess()
        if withArtistRow {
            // 200s with nothing in them: the catalog answered, and is not believed.
            #expect(run.status == 3, "\(run.stderr)")
            try await Self.expectNothingLost(harness, before: before, feedBefore: feedBefore, stateBefore: stateBefore)
        } else {
            // A lookup without the artist's row is a failure: nothing answered, nothing published.
            #expect(run.status == 75, "\(run.stderr)")
            let after = try harness.outputFiles()
            for name in Self.readerFiles + ["current.json"] { #expect(after[name] == before[name], "\(name) changed") }
            #expect(Set(try harness.health().sweep.failures.map(\.kind)) == [.decoding])
            // Nothing is learned; the lost ids are forgotten (too many at once to search them now), so
            // the next run searches those artists afresh: resolutions may only go, never change or come.
            var state = try await harness.catalogState()
            let resolutions = state.removeValue(forKey: "artist_resolutions") ?? []
            var expected = stateBefore
            let resolutionsBefore = expected.removeValue(forKey: "artist_resolutions") ?? []
            #expect(state == expected)
            #expect(Set(resolutions).isSubset(of: Set(resolutionsBefore)))
        }

        for artist in SweepHarness.artists { harness.fail(artist.id, with: nil) }
        let recovered = await harness.sweepInProcess()
        #expect(recovered.status == 0, "\(recovered.stderr)")
        #expect(try Self.entryIDs(harness.json("current.json")) == ["1001", "1011", "1021"])
        let removed = try #require(try harness.json("current.json")["changes"] as? [String: Any])["removed"] as? [Any]
        #expect(removed?.isEmpty == true)
    }

    // MARK: The circuit breaker

    @Test func aRefusedCatalogIsRecognisedAfterAFewAttemptsAndTheRestAreSkipped() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let world = try ReliabilityWorld(
            artists: ReliabilityWorld.artists(40), library: ReliabilityWorld.library(40),
            catalogKeys: ["maxAttempts": "3"])
        await world.server.stop()
        let result = try await world.spawn("sweep").finish()
        #expect(result.status == 75, "\(result.stderr)")
        #expect(result.stderr.contains("catalog unreachable"), "\(result.stderr)")
        let health = try world.health()
        #expect(health.status == .failed)
        // Threshold 5, plus at most the other request in flight (concurrency 2).
        #expect(health.sweep.requests <= CircuitBreaker.defaultThreshold + 2, "\(health.sweep.requests) requests")
        #expect(health.sweep.artists.failed + health.sweep.artists.skipped == 40)
        #expect(health.sweep.artists.skipped >= 40 - CircuitBreaker.defaultThreshold - 2)
        #expect(Set(health.sweep.failures.map(\.kind)).isSubset(of: [.transport]))
        #expect(try world.files().keys.filter { !$0.hasPrefix("health.") }.isEmpty, "nothing published")
    }

    // MARK: Helpers

    /// The faulty-catalog run kept everything: baseline, feed items (now stale), memory and caches.
    static func expectNothingLost(
        _ harness: SweepHarness, before: [String: Data], feedBefore: [FeedItem],
        stateBefore: [String: [String]], sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let after = try harness.outputFiles()
        #expect(after["latest.json"] == before["latest.json"], "the baseline changed", sourceLocation: sourceLocation)
        #expect(try feedItems(harness) == feedBefore, sourceLocation: sourceLocation)
        let current = try harness.json("current.json")
        #expect(current["complete"] as? Bool == false, sourceLocation: sourceLocation)
        let entries = current["entries"] as? [[String: Any]] ?? []
        #expect(entries.map { $0["id"] as? String } == ["1001", "1011", "1021"], sourceLocation: sourceLocation)
        #expect(entries.allSatisfy { $0["stale"] as? Bool == true }, sourceLocation: sourceLocation)
        let changes = current["changes"] as? [String: Any] ?? [:]
        #expect((changes["removed"] as? [Any])?.isEmpty == true, "nothing withdrawn", sourceLocation: sourceLocation)
        #expect((changes["added"] as? [Any])?.isEmpty == true, sourceLocation: sourceLocation)
        let health = try harness.health()
        #expect(health.sweep.catalogFault?.contains("catalog.maxVanishedPercent") == true, sourceLocation: sourceLocation)
        #expect(health.message?.contains("looks faulty") == true, "\(health.message ?? "")", sourceLocation: sourceLocation)
        #expect(
            try await JSONSchemaValidator.health.problems([("health.json", try #require(after["health.json"]))]) == [],
            sourceLocation: sourceLocation)
        #expect(Set(health.sweep.failures.map(\.kind)) == [.suddenlyEmpty], sourceLocation: sourceLocation)
        #expect(health.publish.promoted == false, sourceLocation: sourceLocation)
        #expect(
            try await harness.catalogState() == stateBefore, "something was cached from a faulty catalog", sourceLocation: sourceLocation)
    }

    struct FeedItem: Hashable {
        var id: String
        var date: String?
    }

    /// feed.json's items as a reader keys them: id and publication date.
    static func feedItems(_ harness: SweepHarness) throws -> [FeedItem] {
        let items = try harness.json("feed.json")["items"] as? [[String: Any]] ?? []
        return items.map { FeedItem(id: $0["id"] as? String ?? "", date: $0["date_published"] as? String) }
    }

    static func atomIDs(_ harness: SweepHarness) throws -> [String] {
        atomIDs(try Data(contentsOf: harness.feed.appendingPathComponent("feed.atom")))
    }

    static func atomIDs(_ data: Data?) -> [String] {
        let text = String(decoding: data ?? Data(), as: UTF8.self)
        return text.components(separatedBy: "<id>").dropFirst().map { String($0.prefix { $0 != "<" }) }
    }

    static func entryIDs(_ snapshot: [String: Any]) -> [String] {
        (snapshot["entries"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    }
}

extension SweepHarness {
    var stateDatabase: URL { folder.url.appendingPathComponent("state/state.db") }

    /// `deepcut sweep <words> --config …` as a real process (on the real time).
    func sweep(_ words: String...) async throws -> SpawnedProcess.Result {
        defer { clock.runEnded() }
        return try await SpawnedProcess.deepcut(["sweep"] + words + ["--config", configPath], in: folder.url).finish()
    }

    /// `deepcut sweep <words> --config …` in-process on `clock`, so it starts more than a second after
    /// every run before it ended, with the status and output as a process would give them (the
    /// in-process run writes no log lines to stderr). For a step whose assertion needs a later second
    /// (a date that must or must not move), with no sleep.
    func sweepInProcess(_ words: String...) async -> SpawnedProcess.Result {
        let console = CapturedConsole()
        clock.startRun()
        let clock = clock
        let started = ContinuousClock.now
        let code = await DeepCutCLI.run(
            ["sweep"] + words + ["--config", configPath], environment: [:], console: console.console, httpClient: nil,
            now: { clock.now() })
        clock.runEnded()
        return SpawnedProcess.Result(
            status: code.rawValue, stdout: console.out, stderr: console.err, endedAt: .now, duration: started.duration(to: .now))
    }

    /// Runs SQL on the state database between runs (what time would do: expire a cache).
    func execute(_ sql: String) async throws {
        let store = try await StateStore(url: stateDatabase)
        try await store.perform { try $0.database.withConnection { try $0.execute(sql) } }
    }

    /// What the catalog taught the state database: memory, resolution cache, suspect marks, as text rows.
    func catalogState() async throws -> [String: [String]] {
        let store = try await StateStore(url: stateDatabase)
        return try await store.perform { store in
            try store.database.withConnection { connection in
                var state: [String: [String]] = [:]
                for table in ["catalog_artists", "catalog_releases", "artist_resolutions", "suspect_artists"] {
                    let columns = try connection.query("SELECT name FROM pragma_table_info(?)", [table]) { try $0.get(0, as: String.self) }
                    let row = columns.map { "quote(\"\($0)\")" }.joined(separator: " || '|' || ")
                    state[table] = try connection.query("SELECT \(row) FROM \"\(table)\"") { try $0.get(0, as: String.self) }.sorted()
                }
                return state
            }
        }
    }
}
