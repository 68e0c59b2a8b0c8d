import DeepCutCore
import DeepCutFixtures
import Foundation
import Testing

@testable import DeepCut
@testable import DeepCutCatalog
@testable import DeepCutHTTP
@testable import DeepCutState

/// Sequences of runs in process, through the real client against the loopback catalog: repair runs
/// ask the previously failed, a suddenly empty artist is believed only when a later run confirms it,
/// and the circuit breaker stays shut once the catalog has answered.
@Suite struct RunSequenceTests {
    // MARK: Repair runs

    @Test func aRepairRunAsksThePreviouslyFailedArtistEvenWhenItsOldAnswerIsFresh() async throws {
        let harness = try SweepHarness()
        #expect(await harness.run("sweep").exitCode == .success)
        // Bonobo fails; its answer from the first run is still inside repairWindowMinutes.
        harness.fail("102", with: Fault(.status(code: 503, body: nil), on: .lookup))
        #expect(await harness.run("sweep").exitCode == .partial)
        harness.fail("102", with: nil)
        harness.server.resetLog()
        #expect(await harness.run("sweep").exitCode == .success)
        // Bonobo first, and Khruangbin (checked longest ago) as the canary, in one batched lookup.
        let lookups = harness.server.requestLog.filter { $0.path == "/lookup" }
        #expect(lookups.count == 1)
        #expect(
            lookups.first?.query.contains("id=102%2C101") == true || lookups.first?.query.contains("id=102,101") == true,
            "Bonobo must be asked first, never reused: \(lookups.map(\.query))")
        let health = try harness.health()
        #expect(health.sweep.asked == 2)
        #expect(health.sweep.reused == 1)
        #expect(health.sweep.reusedArtists == ["Polyphia"])
        #expect(health.status == .complete)
    }

    @Test func partialThenAnOutageIsFailedDespiteReusableAnswersThenTheRepairRunAsksTheFailedArtist() async throws {
        let harness = try SweepHarness()
        #expect(await harness.run("sweep").exitCode == .success)
        harness.fail("102", with: Fault(.status(code: 500, body: nil), on: .lookup))
        #expect(await harness.run("sweep").exitCode == .partial)
        // The outage: the repair run asks Bonobo (refused); the other two are reusable, and must
        // not make the run look partial or complete.
        await harness.server.stop()
        let outage = await harness.run("sweep")
        #expect(outage.exitCode == .tempFail, "\(outage.console.err)")
        var health = try harness.health()
        #expect(health.status == .failed)
        #expect(health.sweep.asked == 2, "Bonobo and the canary")
        #expect(health.sweep.reused == 1)
        #expect(health.publish.promoted == false)

        try await harness.replaceCatalog(SweepHarness.artists)
        #expect(await harness.run("sweep").exitCode == .success)
        let lookups = harness.server.requestLog.filter { $0.path == "/lookup" }
        #expect(lookups.count == 1)
        #expect(lookups.allSatisfy { $0.query.contains("102") }, "Bonobo, failed twice, must be asked")
        health = try harness.health()
        #expect(health.sweep.asked == 3, "Bonobo, the outage's canary (now failed before too), and a new canary")
        #expect(health.status == .complete)
    }

    @Test func reusedAnswersNeverCompleteARunWhosePreviouslyFailedArtistFailsAgain() async throws {
        let harness = try SweepHarness()
        #expect(await harness.run("sweep").exitCode == .success)
        harness.fail("102", with: Fault(.status(code: 500, body: nil), on: .lookup))
        #expect(await harness.run("sweep").exitCode == .partial)
        // Bonobo fails again; the canary answers, so the run is partial, not an outage.
        #expect(await harness.run("sweep").exitCode == .partial)
        let health = try harness.health()
        #expect(health.sweep.asked == 2)
        #expect(health.sweep.incompleteArtists == ["Bonobo"])
        // Bonobo's releases stay, stale.
        let entries = try #require(try harness.json("current.json")["entries"] as? [[String: Any]])
        #expect(entries.first { $0["id"] as? String == "1011" }?["stale"] as? Bool == true)
    }

    // MARK: A suddenly empty artist

    @Test func anArtistThatSuddenlyListsNothingIsReaskedKeptStaleThenConfirmedByALaterRun() async throws {
        let harness = try SweepHarness()
        #expect(await harness.run("sweep").exitCode == .success)
        var artists = SweepHarness.artists
        artists[2].releases = []  // Polyphia's listing is suddenly empty.
        try await harness.replaceCatalog(artists)

        #expect(await harness.run("sweep").exitCode == .partial)
        let polyphiaLookups = harness.server.requestLog.filter { $0.path == "/lookup" && $0.query.contains("103") }
        #expect(polyphiaLookups.count == 2, "asked once more in the same run")
        var health = try harness.health()
        #expect(health.sweep.failures.map(\.kind) == [.suddenlyEmpty])
        #expect(health.sweep.failures.first?.artist == "Polyphia")
        #expect(health.sweep.catalogFault == nil, "one artist of three is not a faulty catalog")
        var current = try harness.json("current.json")
        var entries = try #require(current["entries"] as? [[String: Any]])
        #expect(entries.first { $0["id"] as? String == "1021" }?["stale"] as? Bool == true)
        #expect(((current["changes"] as? [String: Any])?["removed"] as? [Any])?.isEmpty == true)

        #expect(await harness.run("sweep").exitCode == .success, "a later run confirms the empty listing")
        health = try harness.health()
        #expect(health.status == .complete)
        current = try harness.json("current.json")
        entries = try #require(current["entries"] as? [[String: Any]])
        #expect(entries.map { $0["id"] as? String } == ["1001", "1011"])
        let removed = try #require((current["changes"] as? [String: Any])?["removed"] as? [[String: Any]])
        #expect(removed.map { ($0["entry"] as? [String: Any])?["id"] as? String } == ["1021"])
        #expect(removed.first?["reason"] as? String == "withdrawn")
    }

    @Test func anEmptyAnswerThatRecoversOnTheSecondAskIsBelievedAtOnce() async throws {
        let harness = try SweepHarness()
        #expect(await harness.run("sweep").exitCode == .success)
        // One empty answer, then the real one.
        harness.fail(
            "103",
            with: Fault(
                .body(bytes: Array(#"{"resultCount":1,"results":[{"wrapperType":"artist","artistId":103,"artistName":"Polyphia"}]}"#.utf8)),
                on: .lookup, times: 1))
        #expect(await harness.run("sweep").exitCode == .success)
        let entries = try #require(try harness.json("current.json")["entries"] as? [[String: Any]])
        #expect(entries.map { $0["id"] as? String } == ["1001", "1011", "1021"])
        #expect(entries.allSatisfy { $0["stale"] == nil })
    }

    @Test func aCachedIDTheCatalogNoLongerListsIsSearchedAfreshInTheSameRun() async throws {
        let harness = try SweepHarness()
        #expect(await harness.run("sweep").exitCode == .success)
        var artists = SweepHarness.artists
        artists[2].id = "104"  // Polyphia's catalog id changed; lookups of 103 list no artist.
        try await harness.replaceCatalog(artists)
        let run = await harness.run("sweep")
        #expect(run.exitCode == .success, "\(run.console.err)")
        #expect(harness.server.requestLog.contains { $0.path == "/search" && $0.query.contains("Polyphia") })
        let store = try await StateStore(url: harness.folder.url.appendingPathComponent("state/state.db"))
        #expect(try await store.perform { try $0.artistResolutions.all(provider: "itunes") }["polyphia"]?.artist?.id == "104")
        let entries = try #require(try harness.json("current.json")["entries"] as? [[String: Any]])
        #expect(entries.map { $0["id"] as? String } == ["1001", "1011", "1021"])
    }

    // MARK: The circuit breaker

    @Test func theBreakerStaysShutOnceTheCatalogHasAnswered() async throws {
        let artists = ReliabilityWorld.artists(10)
        let world = try ReliabilityWorld(artists: artists, library: ReliabilityWorld.library(10), catalogKeys: ["concurrency": "1"])
        // The first artist answers; every other connection is reset (a transport failure).
        for artist in artists.dropFirst() { world.fail(artist.id, with: Fault(.reset)) }
        #expect(await world.run("sweep").exitCode == .partial)
        let health = try world.health()
        #expect(health.sweep.artists.fetched == 1)
        #expect(health.sweep.artists.failed == 9)
        #expect(health.sweep.artists.skipped == 0)
        #expect(Set(health.sweep.failures.map(\.kind)) == [.transport])
    }

    // MARK: Judged by this run

    @Test func aLibraryOfCachedStrangersIsAskedAgainRatherThanJudgedOnTheCache() async throws {
        let harness = try SweepHarness(library: "title,artist\nDemo,Nobody Knows Us\nTape,Nor Us\n")
        #expect(await harness.run("sweep").exitCode == .success)
        harness.server.resetLog()
        #expect(await harness.run("sweep").exitCode == .success)
        #expect(harness.server.requestLog.filter { $0.path == "/search" }.count == 2)
        await harness.server.stop()
        #expect(await harness.run("sweep").exitCode == .tempFail, "an outage is never passed on the cache alone")
    }
}
