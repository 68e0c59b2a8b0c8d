import DeepCutCore
import DeepCutPublish
import Foundation

/// `deepcut health` in the monitoring-plugins format:
/// `DEEPCUT OK: <summary> | 'entries'=N;;;0 'artists_failed'=N;;;0 'artists_not_asked'=N;;;0 'artists_not_found'=N;;;0 'baseline_age'=Ns;warn;crit;0`
/// (perfdata with its unit in the value and its minimum, as the monitoring-plugins guidelines ask).
/// `entries` counts the releases `feed.json` holds when the check runs (announcements apart), so a
/// failed run (which publishes nothing) reads as the feed it left, not as an empty one.
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

    /// Not-found or ambiguous artists the status line names before "and N more".
    static let namesInLine = 3

    var warnAgeSeconds: Int
    var critAgeSeconds: Int

    /// Defaults: WARNING past 1.5 × ttlHours, CRITICAL past 3 × ttlHours.
    init(ttlHours: Double, warnAgeSeconds: Int? = nil, critAgeSeconds: Int? = nil) {
        self.warnAgeSeconds = warnAgeSeconds ?? Int(ttlHours * 1.5 * 3600)
        self.critAgeSeconds = critAgeSeconds ?? Int(ttlHours * 3 * 3600)
    }

    /// Why the thresholds cannot be used as given, or nil: a WARNING age past the CRITICAL one
    /// would never be seen (monitoring-plugins answer that with UNKNOWN).
    var thresholdProblem: String? {
        guard warnAgeSeconds > critAgeSeconds else { return nil }
        return "the warning age \(Self.duration(warnAgeSeconds)) exceeds the critical age \(Self.duration(critAgeSeconds)) "
            + "(--warn-age must not exceed --crit-age; defaults 1.5 and 3 × ttlHours)"
    }

    /// What the check found of `feed.json`, whose item count is the perfdata's `entries`.
    enum Feed: Sendable {
        case holds(PublishedFeed)
        /// Nothing published yet: the feed holds nothing.
        case absent
        /// The file is there but unusable; the reason names it.
        case unreadable(String)

        /// Reads feed.json (blocking: from `BlockingQueue.files`). A broken feed is part of the
        /// answer (WARNING), not a reason to give none.
        static func read(outputDirectory: URL) -> Feed {
            do {
                return try PublishedFeed.read(outputDirectory: outputDirectory).map(Feed.holds) ?? .absent
            } catch let error as any DeepCutError {
                return .unreadable(error.message)
            } catch {
                return .unreadable("feed.json: \(error)")
            }
        }
    }

    /// - Parameters:
    ///   - report: the last run's report; nil when none could be read.
    ///   - baseline: the current `latest.json`, if any.
    ///   - feed: what `feed.json` holds; nil when not looked at, and `entries` is then the run's own count.
    func evaluate(report: HealthReport?, baseline: Baseline?, feed: Feed? = nil, now: Date) -> (state: State, line: String) {
        guard let report else {
            return (.unknown, "DEEPCUT UNKNOWN: no health report could be read")
        }
        return assess(report: report, baseline: baseline, feed: feed, now: now).line
    }

    /// One feed's state, the reasons for it, and its perfdata (label, value with thresholds).
    struct Assessment {
        var state: State
        var reasons: [String]
        var perfdata: [(label: String, value: String)]

        var line: (state: State, line: String) {
            let data = perfdata.map { "'\($0.label)'=\($0.value)" }.joined(separator: " ")
            // Messages and names are third-party text: one line, by the one cleaning rule.
            return (state, "DEEPCUT \(state.rawValue): \(ReadableText.line(reasons.joined(separator: "; "))) | \(data)")
        }
    }

    func assess(report: HealthReport, baseline: Baseline?, feed: Feed?, now: Date) -> Assessment {
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
        // Most artists unknown to the catalog is the catalog asked, not the library: say so.
        let unresolved = UnresolvedArtists(report.sweep)
        if report.status != .failed, unresolved.mostlyNotFound {
            if state == .ok { state = .warning }
            reasons.append(unresolved.mostlyNotFoundHint)
        } else if !unresolved.notFound.isEmpty {
            reasons.append(
                "\(unresolved.notFound.count) not found in the catalog: "
                    + UnresolvedArtists.names(unresolved.notFound, limit: Self.namesInLine) + " (pin with artistOverrides, see health.txt)")
        }
        if !unresolved.ambiguous.isEmpty {
            reasons.append(
                "\(unresolved.ambiguous.count) ambiguous: " + UnresolvedArtists.names(unresolved.ambiguous, limit: Self.namesInLine))
        }
        // A failed run published nothing: say what the feed people read still holds, and from when.
        switch feed {
        case .holds(let published) where report.status == .failed:
            let upcoming = published.upcoming > 0 ? " and \(published.upcoming) upcoming" : ""
            reasons.append(
                "feed.json still holds \(published.entries) \(published.entries == 1 ? "entry" : "entries")\(upcoming)"
                    + (published.runID.map { " from run \($0)" } ?? ""))
        case .unreadable(let reason):
            if state == .ok { state = .warning }
            reasons.append(reason)
        default:
            break
        }
        if let skip = report.lastSkip { reasons.append("last skipped \(Timestamp.display(skip.at))") }
        // A channel that cannot deliver is not the feed's problem, but people are not being told: WARNING.
        for channel in report.notify ?? [] where channel.lastError != nil {
            if state == .ok { state = .warning }
            reasons.append("notify \(channel.channel) failing: \(channel.lastErrorKind ?? "error") (\(channel.pending) owed)")
        }
        // A listening-history source that failed keeps its last import: the feed is whole, the artists maybe stale.
        for source in report.artistSources ?? [] where source.failure != nil {
            if state == .ok { state = .warning }
            reasons.append(
                "artist source \(source.source) failing: \(source.failure?.kind.rawValue ?? "error") (kept \(source.artists) artists)")
        }
        // An expiring developer token is judged now, not when the run wrote the report: the first
        // sign must come weeks before a run exits 78.
        for token in report.tokens ?? [] {
            guard let expiresAt = token.expiresAt else { continue }
            switch token.status(at: now) {
            case .critical:
                state = .critical
                reasons.append("\(token.key): the developer token expired \(Timestamp.display(expiresAt)); make a new one")
            case .warning:
                if state == .ok { state = .warning }
                reasons.append(
                    "\(token.key): the developer token expires in \(Self.duration(Int(expiresAt.timeIntervalSince(now)))) "
                        + "(\(Timestamp.display(expiresAt))); make a new one")
            case .ok, .unknown:
                break
            }
        }
        // A baseline "0 min old" because it is dated in the future is not fresh: its age is unknown.
        var stamps: [(what: String, date: Date)] = [("last run \(report.runID)", report.startedAt)]
        if let baseline { stamps.append(("baseline \(baseline.runID)", baseline.generatedAt)) }
        if let skew = ClockSkew(stamps, now: now) {
            if state == .ok { state = .warning }
            reasons.append(skew.message)
        }
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
        // Failed and not asked (deadline, signal, unreachable catalog) apart, as health.txt and the log count them.
        let artists = report.sweep.artists
        let entries: String =
            switch feed {
            case .holds(let published): "\(published.entries)"
            case .absent: "0"
            case .unreadable: "U"
            case nil: "\(report.diff.entries)"
            }
        let perfdata = [
            ("entries", "\(entries);;;0"), ("artists_failed", "\(artists.failed);;;0"), ("artists_not_asked", "\(artists.skipped);;;0"),
            ("artists_not_found", "\(unresolved.notFound.count);;;0"),
            ("baseline_age", "\(age.map { "\($0)s" } ?? "U");\(warnAgeSeconds);\(critAgeSeconds);0")
        ]
        return Assessment(state: state, reasons: reasons, perfdata: perfdata)
    }

    /// "2h 5m", "3d 4h": what an operator reads at a glance.
    static func duration(_ seconds: Int) -> String {
        let days = seconds / 86_400
        let hours = seconds % 86_400 / 3600
        let minutes = seconds % 3600 / 60
        if days > 0 { return "\(days)d \(hours)h" }
        if hours > 0 { return "\(hours)h \(minutes)m" }
        return "\(minutes)m"
    }

    /// The longest age threshold: ten years, far past any baseline worth a check.
    static let maximumDurationSeconds = 3650 * 86_400

    /// Parses `90`, `90s`, `30m`, `1.5h`, `2d` into seconds: decimal digits only (no sign, exponent,
    /// `inf` or `nan`), checked against `0...maximumDurationSeconds` before it becomes an integer,
    /// so an absurd value is an error naming the range, never a trap.
    /// - Throws: a one-line reason, e.g. `'-5h' is negative (use 0 to 3650d)`.
    static func parseDuration(_ text: String) throws(DurationError) -> Int {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        let unit = text.last.flatMap { units[$0] }
        let number = unit == nil ? Substring(text) : text.dropLast()
        let range = "use 0 to \(maximumDurationSeconds / 86_400)d"
        if number.hasPrefix("-"), Self.isDecimal(number.dropFirst()) {
            throw DurationError("'\(text)' is negative (\(range))")
        }
        guard Self.isDecimal(number), let value = Double(number) else {
            throw DurationError("'\(text)' is not a duration (use 90m, 36h, 2d)")
        }
        let seconds = value * (unit ?? 1)
        guard seconds <= Double(maximumDurationSeconds) else {
            throw DurationError("'\(text)' is too long (\(range))")
        }
        return Int(seconds)
    }

    /// Digits with at most one decimal point between them.
    private static func isDecimal(_ text: Substring) -> Bool {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        return parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }

    /// Why a duration was refused, as one line for the UNKNOWN line and stderr.
    struct DurationError: Error {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }
}
