import DeepCutCore
import DeepCutFixtures
import Foundation
import Testing

@testable import DeepCut
@testable import DeepCutPublish

/// The oracle can fail: hand-made runs that break a rule are caught, and an honest sequence is not.
@Suite("Simulation oracle")
struct SimulationOracleTests {
    @Test("A complete run, then an outage that empties the feed and moves the baseline: every rule it breaks is named")
    func outageThatEmptiesTheFeed() throws {
        var oracle = SimulationOracle()
        let full = Self.published(runID: Self.runID(0), feed: ["5001", "5002"], health: "complete")
        let cold = try Self.run(hour: 0, exit: 0, before: Self.published(runID: nil, feed: [], health: nil), after: full)
        #expect(oracle.check(cold).isEmpty)

        let emptied = Self.published(runID: Self.runID(4), feed: [], health: "complete")
        var outage = try Self.run(hour: 4, exit: 0, before: full, after: emptied)
        outage.outage = .emptyAnswers
        outage.requests = []
        let rules = Set(oracle.check(outage).map(\.rule))
        #expect(rules == ["itemLost", "exitCode", "dishonestBaseline"])
    }

    @Test("A skip that keeps the last report and adds lastSkip passes; one that replaces the report does not")
    func skips() throws {
        var oracle = SimulationOracle()
        let full = Self.published(runID: Self.runID(0), feed: ["5001", "5002"], health: "complete")
        #expect(
            oracle.check(try Self.run(hour: 0, exit: 0, before: Self.published(runID: nil, feed: [], health: nil), after: full)).isEmpty)
        var kept = full
        kept.healthHasLastSkip = true
        var skip = try Self.run(hour: 1, exit: 0, before: full, after: kept)
        skip.requests = []
        #expect(oracle.check(skip).isEmpty)

        var erased = full
        erased.healthRunID = Self.runID(2)
        erased.healthStatus = "skipped"
        var badSkip = try Self.run(hour: 2, exit: 0, before: kept, after: erased)
        badSkip.requests = []
        #expect(oracle.check(badSkip).map(\.rule) == ["skipErasesReport"])
    }

    @Test("An artist source that fails must keep its import and say so, then recover; losing artists is caught")
    func artistSourceFailsAndRecovers() throws {
        var oracle = SimulationOracle()
        let full = Self.published(runID: Self.runID(0), feed: ["5001", "5002"], health: "complete")
        var first = try Self.run(hour: 0, exit: 0, before: Self.published(runID: nil, feed: [], health: nil), after: full)
        first.sourceReports = [ArtistSourceReport(source: "listenbrainz:sim", status: "ok", artists: 4, importedAt: Date())]
        first.listenedArtists = 4
        #expect(oracle.check(first).isEmpty)

        let rateLimited = ArtistSourceFailure(.rateLimited, status: 429, message: "rate limited")
        var honest = try Self.run(hour: 4, exit: 0, before: full, after: full)
        honest.sourceOutage = true
        honest.sourceReports = [
            ArtistSourceReport(source: "listenbrainz:sim", status: "failed", artists: 4, importedAt: Date(), failure: rateLimited)
        ]
        honest.listenedArtists = 4
        // Only rule (7) is looked at from here: these hand-made runs do not promote a baseline.
        func sourceRules(_ run: RunObservation) -> Set<String> {
            Set(oracle.check(run).filter { $0.invariant == .sourcesKept }.map(\.rule))
        }
        #expect(sourceRules(honest).isEmpty)

        var wiped = honest
        wiped.hour = 8
        wiped.sourceReports = [ArtistSourceReport(source: "listenbrainz:sim", status: "ok", artists: 0, importedAt: Date())]
        wiped.listenedArtists = 0
        #expect(sourceRules(wiped) == ["listenedArtistLost", "sourceFailureHidden", "sourceImportLost"])

        var stuck = try Self.run(hour: 12, exit: 0, before: full, after: full)
        stuck.sourceReports = honest.sourceReports
        stuck.listenedArtists = 4
        #expect(sourceRules(stuck) == ["sourceNotRecovered"])
    }

    // MARK: Helpers

    /// LoggedRequest has no public initializer; it is Codable, as the fixture server's log route sends it.
    static func lookup(id: String) throws -> LoggedRequest {
        let json =
            #"{"path":"/lookup","query":"id=\#(id)&entity=album","receivedAt":0,"status":200,"route":"itunes.lookup","headerNames":[]}"#
        return try JSONDecoder().decode(LoggedRequest.self, from: Data(json.utf8))
    }

    static func runID(_ hour: Int) -> String {
        RunID(SimulationWorld.start.addingTimeInterval(Double(hour) * 3600)).rawValue
    }

    static func published(runID: String?, feed: Set<String>, health: String?) -> PublishedState {
        let snapshot = runID.map { id in
            SnapshotView(
                runID: id, complete: true, entries: feed.sorted().map { .init(id: $0, stale: false) },
                incompleteArtists: [], since: nil, added: [], addedArtists: [:], removed: [])
        }
        return PublishedState(
            feedIDs: feed, current: snapshot, latest: snapshot, healthStatus: health, healthRunID: runID,
            healthHasLastSkip: false, monitorState: health == "complete" ? .ok : .unknown,
            snapshotFiles: Set(runID.map { ["\($0).json"] } ?? []), outputBytes: [:])
    }

    static func run(hour: Int, exit: Int32, before: PublishedState, after: PublishedState) throws -> RunObservation {
        RunObservation(
            hour: hour, today: SimulationWorld.start.epochDay, outage: nil, truncatedLibrary: false, faultedArtists: [],
            refiledArtists: [:], exitCode: exit, stderrLine: nil,
            requests: [try lookup(id: "101")], before: before, after: after,
            wanted: ["5001": "Khruangbin", "5002": "Khruangbin"], libraryArtists: ["Khruangbin"],
            releaseArtist: ["5001": "Khruangbin", "5002": "Khruangbin"], currentIDs: ["Khruangbin": "101"], notes: [])
    }
}
