import DeepCutCore
import Foundation
import Testing

@testable import DeepCut
@testable import DeepCutPublish

/// `deepcut health`'s judgement of a clock that went back (end to end: `ClockJumpEndToEndTests`).
@Suite struct HealthCheckTests {
    static let now = Date(timeIntervalSince1970: 1_795_953_600)
    let check = HealthCheck(ttlHours: 24)

    static func report(startedAt: Date) -> HealthReport {
        HealthReport(runID: RunID(startedAt), startedAt: startedAt, finishedAt: startedAt, status: .complete, exitCode: .success)
    }

    @Test func aBaselineDatedInTheFutureIsAWarningNamingTheSkew() {
        let future = Self.now.addingTimeInterval(3 * 86_400 + 7_200)
        let (state, line) = check.evaluate(
            report: Self.report(startedAt: Self.now.addingTimeInterval(-60)),
            baseline: Baseline(runID: RunID(future), generatedAt: future), now: Self.now)
        #expect(state == .warning)
        #expect(line.contains("clock went back: baseline \(RunID(future)) is dated 3d 2h in the future"), "\(line)")
    }

    @Test func aLastRunDatedInTheFutureIsAWarningToo() {
        let future = Self.now.addingTimeInterval(3_600)
        let (state, line) = check.evaluate(
            report: Self.report(startedAt: future),
            baseline: Baseline(runID: RunID(Self.now), generatedAt: Self.now), now: Self.now)
        #expect(state == .warning)
        #expect(line.contains("clock went back: last run \(RunID(future)) is dated 1h 0m in the future"), "\(line)")
    }

    @Test func aMinuteAheadIsToleratedAsRounding() {
        let ahead = Self.now.addingTimeInterval(ClockSkew.toleranceSeconds)
        let (state, line) = check.evaluate(
            report: Self.report(startedAt: ahead),
            baseline: Baseline(runID: RunID(ahead), generatedAt: ahead), now: Self.now)
        #expect(state == .ok, "\(line)")
        #expect(!line.contains("clock went back"))
    }

    // MARK: What the feed holds

    /// A failed run's line names the failure and, beside it, what feed.json still holds; the
    /// perfdata counts the feed's releases (announcements apart), not the failed run's zero.
    @Test func aFailedRunCountsWhatTheFeedStillHolds() {
        var report = Self.report(startedAt: Self.now.addingTimeInterval(-60))
        report.status = .failed
        report.message = "catalog unreachable\u{2028}forged line"
        let baseline = Baseline(runID: RunID(Self.now), generatedAt: Self.now)
        let feed = PublishedFeed(entries: 17, upcoming: 2, runID: "20261128T120000Z")
        let (state, line) = check.evaluate(report: report, baseline: baseline, feed: .holds(feed), now: Self.now)
        #expect(state == .critical)
        #expect(
            line.contains(
                "failed: catalog unreachable forged line; feed.json still holds 17 entries and 2 upcoming from run 20261128T120000Z"),
            "\(line)")
        #expect(line.contains("| 'entries'=17;;;0 "), "\(line)")
        #expect(!line.unicodeScalars.contains("\u{2028}"))
        #expect(check.evaluate(report: report, baseline: baseline, feed: .absent, now: Self.now).line.contains("| 'entries'=0;;;0 "))

        // A complete run's line is unchanged; its perfdata is the feed's count too.
        report.status = .complete
        let complete = check.evaluate(report: report, baseline: baseline, feed: .holds(feed), now: Self.now)
        #expect(complete.state == .ok && !complete.line.contains("still holds") && complete.line.contains("'entries'=17;"))
        let broken = check.evaluate(report: report, baseline: baseline, feed: .unreadable("feed.json is unreadable (x)"), now: Self.now)
        #expect(broken.state == .warning && broken.line.contains("feed.json is unreadable (x)") && broken.line.contains("'entries'=U;"))
    }

    // MARK: Token expiry

    /// The report is judged at `deepcut health`'s own time: a token fine when the run wrote the
    /// report turns WARNING and then CRITICAL while no run happens (a stopped timer included).
    @Test func aDevelopersTokenIsJudgedWhenHealthRunsNotWhenTheReportWasWritten() {
        var report = Self.report(startedAt: Self.now.addingTimeInterval(-60))
        let expiresAt = Self.now.addingTimeInterval(20 * 86_400)
        report.tokens = [TokenExpiry(key: "catalog.tokenFile", expiresAt: expiresAt, at: Self.now)]
        #expect(report.tokens?.first?.status == .ok)
        let baseline = Baseline(runID: RunID(Self.now), generatedAt: Self.now)
        let lenient = HealthCheck(ttlHours: 24, warnAgeSeconds: 3650 * 86_400, critAgeSeconds: 3650 * 86_400)
        let judged = { (days: Double) in
            lenient.evaluate(report: report, baseline: baseline, now: Self.now.addingTimeInterval(days * 86_400))
        }
        #expect(judged(0).state == .ok)
        #expect(judged(7).state == .warning)
        #expect(judged(7).line.contains("catalog.tokenFile: the developer token expires in 13d 0h"), "\(judged(7).line)")
        #expect(judged(21).state == .critical)
        #expect(judged(21).line.contains("catalog.tokenFile: the developer token expired 2026-12-19 12:00 UTC"), "\(judged(21).line)")
        report.tokens = [TokenExpiry(key: "catalog.tokenFile", expiresAt: nil, at: Self.now)]
        #expect(lenient.evaluate(report: report, baseline: baseline, now: Self.now.addingTimeInterval(400 * 86_400)).state == .ok)
    }
}
