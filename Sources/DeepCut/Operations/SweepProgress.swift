import DeepCutCore
import DeepCutSweep
import Synchronization

/// Tells the operator how a long sweep is going: at 20 requests a minute a 400-artist library
/// takes most of an hour, and a silent journal looks like a hang.
///
/// Under systemd (or any non-terminal stderr) it logs
/// `event=sweep.progress done=120 total=400 failed=3 eta_s=95` at least every `interval`;
/// on a terminal it draws a live one-line bar instead. Each finished artist is also logged:
/// failures as warnings, "not found" as info, the rest at debug.
///
/// `artistFinished` may be called from concurrent tasks. Time comes from the injected `now`, so
/// tests drive the cadence with a fake clock and call `tick()` where the heartbeat would.
package final class SweepProgress: Sendable {
    static let defaultInterval: Duration = .seconds(10)
    /// Width of the bar itself, between the brackets.
    static let barWidth = 24

    let total: Int
    let log: EventLog
    let interval: Duration
    private let now: @Sendable () -> ContinuousClock.Instant
    private let state: Mutex<State>

    private struct State {
        let startedAt: ContinuousClock.Instant
        var lastReport: ContinuousClock.Instant
        var done = 0
        var failed = 0
    }

    /// - Parameters:
    ///   - total: artists the sweep will finish.
    ///   - interval: the longest a non-terminal log goes without a progress line.
    package init(
        total: Int, log: EventLog, interval: Duration = defaultInterval,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.total = total
        self.log = log
        self.interval = interval
        self.now = now
        let start = now()
        state = Mutex(State(startedAt: start, lastReport: start))
    }

    /// Runs `sweep` between `sweep.started` and `sweep.finished`, with a heartbeat that keeps the
    /// progress lines coming while no artist finishes (one stuck in retries, say).
    /// - Parameter ending: what `sweep.finished` adds from the sweep's result: the artists left
    ///   unasked and, when the catalog was unreachable, where and why.
    package func reporting<Value>(_ sweep: () async -> Value, ending: (Value) -> Ending = { _ in Ending() }) async -> Value {
        log.info("sweep.started", ["total": total])
        let result = await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.heartbeat() }
            let result = await sweep()
            group.cancelAll()
            return result
        }
        finish(ending(result))
        return result
    }

    /// Records one artist's end; logs it, and reports progress when due. An artist the sweep stopped
    /// short of (`skipped`: the catalog unreachable, the deadline, a cancel) is not done: it is in
    /// `sweep.finished`'s `not_asked`, and counted in both the totals read "done: 4, not asked: 16"
    /// of 16 artists.
    package func artistFinished(_ result: ArtistResult) {
        state.withLock { state in
            switch result.outcome {
            case .skipped: break
            case .failed where !result.isStorefrontMiss: (state.done, state.failed) = (state.done + 1, state.failed + 1)
            default: state.done += 1
            }
        }
        logOutcome(result)
        tick()
    }

    /// Redraws the bar, or logs a progress line when `interval` has passed since the last one.
    func tick() {
        guard log.isEnabled(.info) else { return }
        let instant = now()
        let snapshot: State? = state.withLock { state in
            guard log.isInteractive || instant - state.lastReport >= interval else { return nil }
            state.lastReport = instant
            return state
        }
        guard let snapshot else { return }
        let eta = Self.eta(snapshot, total: total, now: instant)
        if log.isInteractive {
            log.showStatus(Self.bar(done: snapshot.done, total: total, failed: snapshot.failed, eta: eta))
        } else {
            log.info("sweep.progress", ["done": snapshot.done, "total": total, "failed": snapshot.failed, "eta_s": eta])
        }
    }

    /// Ticks whenever the next progress line falls due, until cancelled.
    func heartbeat() async {
        while true {
            let due = state.withLock { $0.lastReport } + interval
            do {
                try await Task.sleep(for: max(due - now(), .milliseconds(1)))
            } catch {
                return
            }
            tick()
        }
    }

    /// Clears the bar and logs the totals: at error level when the catalog was unreachable, so
    /// `journalctl -p warning` shows the host and the cause.
    func finish(_ ending: Ending = Ending()) {
        log.clearStatus()
        let (done, failed, elapsed) = state.withLock { ($0.done, $0.failed, now() - $0.startedAt) }
        let unreachable = ending.unreachable
        log.log(
            unreachable == nil ? .info : .error, "sweep.finished",
            [
                "done": done, "total": total, "failed": failed, "not_asked": ending.notAsked > 0 ? ending.notAsked : nil,
                "stopped_by": ending.stoppedBy?.rawValue, "unreachable": unreachable?.host, "cause": unreachable?.cause.rawValue,
                "message": unreachable?.message, "hint": unreachable?.hint,
                "duration_s": (Self.seconds(elapsed) * 10).rounded() / 10
            ])
    }

    /// What the sweep's result adds to `sweep.finished`.
    package struct Ending: Sendable {
        /// Artists never asked (`artists.skipped`), and why.
        var notAsked = 0
        var stoppedBy: SkipReason?
        var unreachable: CatalogUnreachable?

        package init() {}

        init(_ outcome: SweepOutcome) {
            notAsked = outcome.counts.skipped
            stoppedBy = outcome.stoppedBy
            unreachable = outcome.unreachable
        }

        /// A sweep that threw (the resolution cache) ends with nothing to add.
        init(_ result: Result<SweepCatalog.Swept, any Error>) {
            if case .success(let swept) = result { self.init(swept.outcome) } else { self.init() }
        }
    }

    private func logOutcome(_ result: ArtistResult) {
        switch result.outcome {
        case .fetched(let releases):
            log.debug("artist.fetched", ["artist": result.artist, "releases": releases.count, "requests": result.requests])
        case .notFound:
            log.info("artist.notFound", ["artist": result.artist, "requests": result.requests])
        case .failed where result.isStorefrontMiss:
            log.debug("artist.notInStorefront", ["artist": result.artist, "requests": result.requests])
        case .failed(let failure):
            log.warning(
                "artist.failed",
                [
                    "artist": result.artist, "kind": failure.kind.rawValue, "http_status": failure.httpStatus,
                    "attempts": failure.attempts, "message": failure.message
                ])
        case .skipped(let reason):
            log.debug("artist.skipped", ["artist": result.artist, "reason": reason.rawValue])
        }
    }

    // MARK: Formatting

    /// Whole seconds left at the pace so far; nil until an artist has finished.
    private static func eta(_ state: State, total: Int, now: ContinuousClock.Instant) -> Int? {
        guard state.done > 0 else { return nil }
        let perArtist = seconds(now - state.startedAt) / Double(state.done)
        return Int((perArtist * Double(max(0, total - state.done))).rounded())
    }

    /// `[##########--------------] 120/400 artists, 3 failed, eta 1m35s`
    static func bar(done: Int, total: Int, failed: Int, eta: Int?) -> String {
        let filled = total == 0 ? barWidth : min(barWidth, done * barWidth / total)
        var text = "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: barWidth - filled) + "]"
        text += " \(done)/\(total) artists, \(failed) failed"
        if let eta { text += ", eta " + clock(eta) }
        return text
    }

    /// `45s`, `1m35s`, `2h03m`.
    static func clock(_ seconds: Int) -> String {
        let hours = seconds / 3600
        let minutes = seconds % 3600 / 60
        let rest = seconds % 60
        if hours > 0 { return "\(hours)h" + (minutes < 10 ? "0" : "") + "\(minutes)m" }
        if minutes > 0 { return "\(minutes)m" + (rest < 10 ? "0" : "") + "\(rest)s" }
        return "\(rest)s"
    }

    static func seconds(_ duration: Duration) -> Double {
        let (whole, fraction) = duration.components
        return Double(whole) + Double(fraction) / 1e18
    }
}

/// The systemd unit invocation this process belongs to, for the health report: `journalctl
/// _SYSTEMD_INVOCATION_ID=<id>` then shows exactly that run's lines.
enum ServiceInvocation {
    /// `$INVOCATION_ID` (128 bits as 32 hex digits), or nil outside systemd or when malformed.
    package static func id(environment: [String: String]) -> String? {
        guard let id = environment["INVOCATION_ID"], id.count == 32, id.allSatisfy(\.isHexDigit) else { return nil }
        return id
    }
}

extension SweepProgress: SweepObserver {
    package func noticed(_ fault: CatalogFault) {
        log.warning("catalog.faulty", ["vanished": fault.vanished, "known": fault.known])
    }

    package func watching(
        _ pass: () async -> Result<SweepCatalog.Swept, any Error>
    ) async -> Result<SweepCatalog.Swept, any Error> {
        await reporting(pass, ending: Ending.init)
    }
}
