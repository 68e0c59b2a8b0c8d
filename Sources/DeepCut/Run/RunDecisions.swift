import DeepCutCore
import DeepCutPublish
import DeepCutState
import DeepCutSweep
import Foundation

/// The `--if-stale` rule: skip while the last run was complete and the baseline is younger than
/// `ttlHours`. Skips are not recorded in the run history (they are not runs), so `lastRun` is the
/// last real run; `skipped` rows come from older versions, which recorded skips, only ever after a
/// complete run. A baseline or a last run dated after this run's start was stamped by a clock that
/// ran ahead: its age is unknown, so it is never a reason to skip.
struct SkipRule: Sendable {
    let ttlHours: Double

    enum Decision: Sendable, Equatable {
        case sweep
        /// Sweep, and warn: an earlier stamp lies in the future.
        case sweepDespiteClockSkew(ClockSkew)
        /// Nothing to do, for this reason (unless an artist was unmuted since the baseline).
        case skip(reason: String)
    }

    func decide(lastRun: RunHistoryEntry?, baseline: Baseline?, at now: Date) -> Decision {
        guard let lastRun, lastRun.status == .complete || lastRun.status == .skipped, let baseline else { return .sweep }
        if let skew = ClockSkew(baseline: baseline, lastRun: lastRun, now: now) { return .sweepDespiteClockSkew(skew) }
        let age = baseline.ageSeconds(at: now)
        guard Double(age) < ttlHours * 3600 else { return .sweep }
        return .skip(reason: "baseline \(baseline.runID) is \(age / 60) min old, younger than ttlHours \(ttlHours); nothing to do")
    }
}

/// What a finished sweep means for the rest of the run: its status and message, and whether a
/// snapshot is published and the channels told. A failed sweep publishes and tells nothing.
struct RunVerdict: Sendable, Equatable {
    var status: RunStatus
    var message: String

    /// - Parameter cancelled: a signal stopped the run (SIGTERM): a failure then says so.
    /// - Parameter fault: why the catalog looked faulty, when it did: the message says so too.
    /// - Parameter sources: each source's verdict in a several-catalogs run: a partial run names the sources that were not complete.
    init(_ sweep: SweepOutcome, fault: CatalogFault?, entries: Int, cancelled: Bool, sources: [SourceStatus]? = nil) {
        status = sweep.status
        var summary = Self.summary(status, sweep: sweep, entries: entries, cancelled: cancelled)
        let incomplete = (sources ?? []).filter(\.isIncomplete)
        if status == .partial, !incomplete.isEmpty {
            summary =
                "sweep partial: sources not complete: \(incomplete.map { "\($0.key) (\($0.status.rawValue))" }.joined(separator: ", ")); "
                + "\(sweep.counts.failed + sweep.counts.skipped) of \(sweep.counts.total) artists could not be checked by every source; "
                + "published as partial, baseline kept"
        }
        message = fault.map { "\(summary); \($0.message)" } ?? summary
    }

    /// A snapshot is published (and its news told) unless the sweep failed.
    static func publishes(_ sweep: SweepOutcome) -> Bool { sweep.status != .failed }

    static func summary(_ status: RunStatus, sweep: SweepOutcome, entries: Int, cancelled: Bool) -> String {
        let counts = sweep.counts
        switch status {
        case .complete: return "sweep complete: \(counts.total) artists, \(entries) entries"
        case .partial:
            return
                "sweep partial: \(counts.failed + counts.skipped) of \(counts.total) artists could not be checked; published as partial, baseline kept"
        case .failed:
            // The breaker stopped the sweep: name where and why, and what to check.
            if let unreachable = sweep.unreachable, !cancelled {
                return "sweep failed: \(unreachable.summary) (\(counts.failed) failed, \(counts.skipped) not asked); "
                    + "\(unreachable.hint); nothing published, baseline kept"
            }
            // A signal before any answer leaves only skipped artists: say so, not "0 failed".
            let cause =
                cancelled ? "sweep cancelled before any artist answered" : "sweep failed: the catalog gave no definite answer in this run"
            let tally = [
                counts.failed > 0 || counts.skipped == 0 ? "\(counts.failed) failed" : nil,
                counts.skipped == 0 ? nil : "\(counts.skipped) skipped"
            ]
            .compactMap { $0 }.joined(separator: ", ")
            return "\(cause) (\(tally)); nothing published, baseline kept"
        case .skipped: return "skipped"
        }
    }
}
