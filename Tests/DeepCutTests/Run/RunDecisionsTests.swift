import DeepCutCore
import DeepCutPublish
import DeepCutSweep
import Foundation
import Testing

@testable import DeepCut

/// The run's decisions as pure functions of the stages' outcomes: no folder, no database, no server.
@Suite struct RunDecisionsTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func lastRun(_ status: RunStatus, startedAt: Date = now.addingTimeInterval(-3600)) -> RunHistoryEntry {
        RunHistoryEntry(
            runID: RunID(startedAt).rawValue, startedAt: startedAt, finishedAt: startedAt, status: status, exitCode: .success,
            durationSeconds: 1, artistsTotal: 3, artistsFailed: 0, entries: 3, requests: 3)
    }

    static func baseline(age seconds: Double) -> Baseline {
        Baseline(runID: RunID(now.addingTimeInterval(-seconds)), generatedAt: now.addingTimeInterval(-seconds))
    }

    @Test func aFreshBaselineAfterACompleteRunIsSkipped() {
        let decision = SkipRule(ttlHours: 24).decide(lastRun: Self.lastRun(.complete), baseline: Self.baseline(age: 3600), at: Self.now)
        guard case .skip(let reason) = decision else {
            Issue.record("expected a skip, got \(decision)")
            return
        }
        #expect(reason.contains("is 60 min old, younger than ttlHours 24.0"))
    }

    @Test func aStaleBaselineOrAnIncompleteLastRunSweeps() {
        let rule = SkipRule(ttlHours: 1)
        #expect(rule.decide(lastRun: Self.lastRun(.complete), baseline: Self.baseline(age: 3600), at: Self.now) == .sweep)
        #expect(rule.decide(lastRun: Self.lastRun(.partial), baseline: Self.baseline(age: 60), at: Self.now) == .sweep)
        #expect(rule.decide(lastRun: Self.lastRun(.failed), baseline: Self.baseline(age: 60), at: Self.now) == .sweep)
        #expect(rule.decide(lastRun: nil, baseline: Self.baseline(age: 60), at: Self.now) == .sweep)
        #expect(rule.decide(lastRun: Self.lastRun(.complete), baseline: nil, at: Self.now) == .sweep)
    }

    @Test func aBaselineFromTheFutureSweepsAndSaysWhy() {
        let ahead = Self.baseline(age: -7200)
        let decision = SkipRule(ttlHours: 24).decide(lastRun: Self.lastRun(.complete), baseline: ahead, at: Self.now)
        guard case .sweepDespiteClockSkew(let skew) = decision else {
            Issue.record("expected a sweep despite the skew, got \(decision)")
            return
        }
        #expect(skew.seconds == 7200)
        #expect(skew.what == "baseline \(ahead.runID)")
    }

    static func sweep(_ outcomes: [ArtistOutcome]) -> SweepOutcome {
        SweepOutcome(
            provider: "itunes", results: outcomes.enumerated().map { ArtistResult(artist: "Artist \($0.offset)", outcome: $0.element) })
    }

    static let failure = ArtistOutcome.failed(FetchFailure(kind: .transport, attempts: 1, message: "connection refused"))

    @Test func aCompleteSweepPublishesAndItsMessageCountsTheEntries() {
        let sweep = Self.sweep([.fetched([]), .notFound])
        let verdict = RunVerdict(sweep, fault: nil, entries: 7, cancelled: false)
        #expect(verdict.status == .complete)
        #expect(verdict.message == "sweep complete: 2 artists, 7 entries")
        #expect(RunVerdict.publishes(sweep))
    }

    @Test func aPartialSweepPublishesAsPartialAndAFaultIsNamed() {
        let sweep = Self.sweep([.fetched([]), Self.failure])
        let fault = CatalogFault(message: "the catalog looks faulty", vanished: 2, known: 3)
        let verdict = RunVerdict(sweep, fault: fault, entries: 1, cancelled: false)
        #expect(verdict.status == .partial)
        #expect(
            verdict.message
                == "sweep partial: 1 of 2 artists could not be checked; published as partial, baseline kept; the catalog looks faulty")
        #expect(RunVerdict.publishes(sweep))
    }

    @Test func aFailedSweepPublishesNothingAndACancelledOneSaysSo() {
        let failed = Self.sweep([Self.failure, Self.failure])
        #expect(!RunVerdict.publishes(failed))
        #expect(
            RunVerdict(failed, fault: nil, entries: 0, cancelled: false).message
                == "sweep failed: the catalog gave no definite answer in this run (2 failed); nothing published, baseline kept")
        let stopped = Self.sweep([.skipped(.cancelled)])
        #expect(
            RunVerdict(stopped, fault: nil, entries: 0, cancelled: true).message
                == "sweep cancelled before any artist answered (1 skipped); nothing published, baseline kept")
    }

    @Test func theReportSaysHowTheRunEndedFromItsOutcomesAlone() {
        var run = RunOutcomes(runID: RunID(Self.now), startedAt: Self.now)
        run.invocationID = "abc"
        let failed = HealthReport(run, ending: .verdict(.failed, message: "sweep failed", at: Self.now), pageName: "index.html")
        #expect(failed.status == .failed)
        #expect(failed.exitCode == 75)
        #expect(failed.publish.status == .skipped)
        #expect(failed.library.status == .notRun)
        #expect(failed.invocationID == "abc")
        // A stage error is that stage's to describe: publish is not marked skipped, and the exit code is the error's.
        let stopped = HealthReport(
            run, ending: .error(CommandFailure(exitCode: .ioError, message: "disk full"), at: Self.now), pageName: "index.html")
        #expect(stopped.publish.status == .notRun)
        #expect(stopped.exitCode == 74)
        #expect(stopped.message == "disk full")
        run.pageWritten = true
        let complete = HealthReport(run, ending: .verdict(.complete, message: "ok", at: Self.now), pageName: "index.html")
        #expect(complete.publish.wrote == ["index.html"])
        #expect(complete.exitCode == 0)
        run.pageWritten = false
        #expect(HealthReport(run, ending: .verdict(.partial, message: "", at: Self.now), pageName: "index.html").publish.status == .failed)
    }
}
