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
