import DeepCutCore
import Foundation

/// `deepcut health` in the monitoring-plugins format:
/// `DEEPCUT OK: <summary> | 'entries'=N 'artists_failed'=N 'baseline_age_s'=N;warn;crit`.
struct HealthCheck: Sendable {
    enum State: String {
        case ok = "OK"
        case warning = "WARNING"
        case critical = "CRITICAL"
        case unknown = "UNKNOWN"

        var exitCode: ExitCode {
            switch self {
            case .ok: .success
            case .warning: .warning
            case .critical: .critical
            case .unknown: .partial
            }
        }
    }

    var warnAgeSeconds: Int
    var critAgeSeconds: Int

    /// Defaults: WARNING past 1.5 × ttlHours, CRITICAL past 3 × ttlHours.
    init(ttlHours: Double, warnAgeSeconds: Int? = nil, critAgeSeconds: Int? = nil) {
        self.warnAgeSeconds = warnAgeSeconds ?? Int(ttlHours * 1.5 * 3600)
        self.critAgeSeconds = critAgeSeconds ?? Int(ttlHours * 3 * 3600)
    }

    /// - Parameters:
    ///   - report: the last run's report; nil when none could be read.
    ///   - baseline: the current `latest.json`, if any.
    func evaluate(report: HealthReport?, baseline: Baseline?, now: Date) -> (state: State, line: String) {
        guard let report else {
            return (.unknown, "DEEPCUT UNKNOWN: no health report could be read")
        }
        let age = baseline?.ageSeconds(at: now)
        var state = State.ok
        var reasons: [String] = []
        switch report.status {
        case .failed:
            state = .critical
            reasons.append("last run \(report.runID) failed: \(report.message ?? "exit \(report.exitCode)")")
        case .partial:
            state = .warning
            let missing = report.sweep.artists.failed + report.sweep.artists.skipped
            reasons.append("last run \(report.runID) partial: \(missing) of \(report.sweep.artists.total) artists unchecked")
        case .complete, .skipped:
            reasons.append("last run \(report.runID) \(report.status.rawValue), \(report.diff.entries) entries")
        }
        if let skip = report.lastSkip { reasons.append("last skipped \(Timestamp.display(skip.at))") }
        if let age {
            if age > critAgeSeconds {
                state = .critical
                reasons.append("baseline \(Self.duration(age)) old (critical past \(Self.duration(critAgeSeconds)))")
            } else if age > warnAgeSeconds {
                if state == .ok { state = .warning }
                reasons.append("baseline \(Self.duration(age)) old (warning past \(Self.duration(warnAgeSeconds)))")
            } else {
                reasons.append("baseline \(Self.duration(age)) old")
            }
        } else {
            if state == .ok { state = .warning }
            reasons.append("no complete baseline yet")
        }
        let failed = report.sweep.artists.failed + report.sweep.artists.skipped
        let perfdata = "'entries'=\(report.diff.entries) 'artists_failed'=\(failed) 'baseline_age_s'=\(age.map(String.init) ?? "U");\(warnAgeSeconds);\(critAgeSeconds)"
        return (state, "DEEPCUT \(state.rawValue): \(reasons.joined(separator: "; ")) | \(perfdata)")
    }

    /// "2h 5m", "3d 4h": what an operator reads at a glance.
    static func duration(_ seconds: Int) -> String {
        let days = seconds / 86_400, hours = seconds % 86_400 / 3600, minutes = seconds % 3600 / 60
        if days > 0 { return "\(days)d \(hours)h" }
        if hours > 0 { return "\(hours)h \(minutes)m" }
        return "\(minutes)m"
    }

    /// Parses `90`, `90s`, `30m`, `36h`, `2d` into seconds.
    static func parseDuration(_ text: String) -> Int? {
        let units: [Character: Int] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        if let unit = text.last.flatMap({ units[$0] }), let value = Double(text.dropLast()), value >= 0 { return Int(value * Double(unit)) }
        return Int(text).flatMap { $0 >= 0 ? $0 : nil }
    }
}
