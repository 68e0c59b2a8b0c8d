import DeepCutCore
import DeepCutPublish
import Foundation

/// A clock that went back: something an earlier run stamped (the baseline, the last run) is dated
/// after now, so it was stamped by a clock that ran ahead, or this one is behind. Its age is
/// unknown: it is never a reason to skip a sweep, and `health` warns about it.
///
/// Up to a minute ahead is tolerated: file timestamps are whole seconds, and NTP slews small
/// differences; a jump worth warning about is far larger.
struct ClockSkew: Sendable, Hashable {
    static let toleranceSeconds: Double = 60

    /// How far in the future the newest such stamp lies.
    var seconds: Int
    /// What carries it, e.g. "baseline 20261231T120000Z".
    var what: String

    /// The largest skew among `stamps`, or nil when none is ahead of `now` by more than the tolerance.
    init?(_ stamps: [(what: String, date: Date)], now: Date) {
        guard let newest = stamps.max(by: { $0.date < $1.date }) else { return nil }
        let ahead = newest.date.timeIntervalSince(now)
        guard ahead > Self.toleranceSeconds else { return nil }
        // Bounded: a date decoded from a file is finite, but a corrupt one may be absurdly far ahead.
        seconds = ahead < Double(Int32.max) ? Int(ahead) : Int(Int32.max)
        what = newest.what
    }

    /// The skew of the baseline and the last run's start, as `--if-stale` sees them.
    init?(baseline: Baseline?, lastRun: RunHistoryEntry?, now: Date) {
        var stamps: [(what: String, date: Date)] = []
        if let baseline { stamps.append(("baseline \(baseline.runID)", baseline.generatedAt)) }
        if let lastRun { stamps.append(("run \(lastRun.runID)", lastRun.startedAt)) }
        self.init(stamps, now: now)
    }

    /// For `health`: "clock went back: baseline 20261231T120000Z is dated 30d 0h in the future".
    var message: String {
        "clock went back: \(what) is dated \(HealthCheck.duration(seconds)) in the future"
    }
}
