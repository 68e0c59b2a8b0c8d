import Synchronization

/// Paces every request one provider sends: a token bucket whose rate adapts to the catalog, plus a
/// shared pause when the catalog names a time to come back.
///
/// The bucket is kept as the instant the next request is due at the current rate (GCRA, the generic
/// cell rate algorithm; a slot may come up to `burst - 1` intervals early): each caller reserves its slot and
/// moves that time on *before* it waits, under a lock. Checking, sleeping and then debiting lets
/// every waiter through at once (measured: 45 grants in 51 ms at 20/s). The burst is small (one
/// token by default), so no window, however short, sees much more than the current rate.
///
/// A reserved slot is checked once more when its caller wakes: a caller that woke late (the process
/// stalled) and finds the previous request closer than the burst allows, with half an interval of
/// slack for ordinary wake-up jitter, takes a fresh slot, so a stall never turns into a burst.
///
/// Adaptive politeness: `requestsPerMinute` is the ceiling. Each rate-limited answer (`slowDown`)
/// halves the pace, at most once per interval so the answers to requests already in flight count
/// once (multiplicative decrease); each answered request (`speedUp`) adds a twentieth of the pace
/// at which the catalog last refused, so the pace climbs back linearly and probes the limit again
/// slowly (additive increase: TCP's congestion control and the AWS SDKs' adaptive retry mode). The
/// pace never falls below `minimumPace`. Steady state against a stricter catalog is a sawtooth
/// between half its limit and its limit: about one refusal per ten answers.
///
/// `pause(for:)` stops the whole provider, not just the artist that was told to wait: every caller
/// waits until the shared "not before" instant, and a caller whose slot fell inside a pause set
/// while it slept reserves a fresh slot after it.
package final class RateLimiter: Sendable {
    /// The slowest pace adaptation goes to, in requests per minute.
    static let minimumPace = 1.0

    /// Slots are spaced for a pace this much under the one asked for. Paced at exactly R, R/6 + 1
    /// requests are due to span exactly 10 s, and any wake-up or transport jitter (under 3 ms here)
    /// that delays the first of them more than the last puts them inside one 10 s window of the
    /// server's: measured, 606/min at a configured 600 (BENCHMARKS.md §3). Half a percent leaves
    /// 50 ms of slack per 10 s at 600/min and keeps the long-run rate within 1 % of R.
    static let headroom = 0.995

    /// Time between slots at `pace` requests per minute.
    static func spacing(atPace pace: Double) -> Duration {
        .nanoseconds(Int64((60_000_000_000 / (pace * headroom)).rounded()))
    }

    private struct State {
        /// When the next request is due at the current rate: one interval past the last reserved slot.
        var nextDue: ContinuousClock.Instant
        /// No request starts before this instant (the shared backoff).
        var notBefore: ContinuousClock.Instant
        /// `nextDue` as measured by the requests actually let through.
        var sentDue: ContinuousClock.Instant
        /// Requests per minute now; nil paces nothing.
        var pace: Double?
        /// The pace the catalog last refused: additive increase climbs by a twentieth of it.
        var refusedPace: Double?
        var lastDecrease: ContinuousClock.Instant?
        var rateLimitedAnswers = 0
        var slowest: Double?

        var interval: Duration {
            pace.map(RateLimiter.spacing(atPace:)) ?? .zero
        }
    }

    /// The configured pace, which adaptation never exceeds; nil paces nothing (pauses still apply).
    package let ceiling: Double?
    /// Requests allowed back to back after a quiet spell.
    let burst: Int
    private let clock: CatalogClock
    private let state: Mutex<State>

    /// - Parameters:
    ///   - requestsPerMinute: the ceiling; nil for no pacing (tests that are about something else).
    ///   - burst: at least 1.
    ///   - startingPace: a pace learned by an earlier run; the sweep starts there (never above the ceiling).
    package init(requestsPerMinute: Int?, burst: Int = 1, clock: CatalogClock = .continuous, startingPace: Double? = nil) {
        let ceiling = requestsPerMinute.map { Double(max(1, $0)) }
        self.ceiling = ceiling
        self.burst = max(1, burst)
        self.clock = clock
        let now = clock.now()
        let pace = ceiling.map { ceiling in min(ceiling, max(Self.minimumPace, startingPace ?? ceiling)) }
        state = Mutex(
            State(
                nextDue: now, notBefore: now, sentDue: now, pace: pace,
                refusedPace: pace.flatMap { $0 < ceiling! ? $0 : nil }, slowest: pace))
    }

    /// Time between tokens at the current pace; zero when nothing is paced.
    var interval: Duration { state.withLock { $0.interval } }

    /// The current pace in requests per minute; nil when nothing is paced.
    package var pace: Double? { state.withLock { $0.pace } }

    /// The slowest pace this limiter went to.
    package var slowestPace: Double? { state.withLock { $0.slowest } }

    /// How many answers said "too fast".
    package var rateLimitedAnswers: Int { state.withLock { $0.rateLimitedAnswers } }

    /// Waits for a token (and for any shared pause to end), then returns: the caller may send one request.
    /// - Throws: `CancellationError` when the waiting task is cancelled; the token is then lost,
    ///   which only ever slows the provider down.
    func acquire() async throws {
        while true {
            let slot = reserve()
            if slot > clock.now() {
                try await clock.sleep(slot)
            }
            try Task.checkCancellation()
            if admit() { return }
        }
    }

    /// Stops every request of this provider until `duration` from now (never shortens a pause).
    func pause(for duration: Duration) {
        let until = clock.now() + duration
        state.withLock { $0.notBefore = max($0.notBefore, until) }
    }

    /// The catalog said "too fast": halve the pace (once per interval), and push the next slot one
    /// new interval out.
    func slowDown() {
        let now = clock.now()
        state.withLock { state in
            state.rateLimitedAnswers += 1
            guard let pace = state.pace else { return }
            if let last = state.lastDecrease, now < last + state.interval { return }
            state.refusedPace = pace
            state.pace = max(Self.minimumPace, pace / 2)
            state.slowest = min(state.slowest ?? pace, state.pace!)
            state.lastDecrease = now
            state.nextDue = max(state.nextDue, now + state.interval)
        }
    }

    /// The catalog answered: climb back towards the ceiling by a twentieth of the refused pace.
    func speedUp() {
        state.withLock { state in
            guard let pace = state.pace, let ceiling, let refused = state.refusedPace, pace < ceiling else { return }
            state.pace = min(ceiling, pace + max(Self.minimumPace, refused / 20))
        }
    }

    /// Lets a caller that reached its slot through, unless a pause began while it slept or it woke
    /// so late that it would crowd the request before it.
    private func admit() -> Bool {
        let now = clock.now()
        return state.withLock { state in
            let interval = state.interval
            guard now >= state.notBefore, now >= state.sentDue - interval * (burst - 1) - interval / 2 else { return false }
            state.sentDue = max(state.sentDue, now) + interval
            return true
        }
    }

    /// The instant this caller may send, debited now.
    private func reserve() -> ContinuousClock.Instant {
        let now = clock.now()
        return state.withLock { state in
            let interval = state.interval
            let slot = max(now, state.nextDue - interval * (burst - 1), state.notBefore)
            state.nextDue = max(state.nextDue, slot) + interval
            return slot
        }
    }
}

/// Monotonic time as the catalog layer sees it: a reading and a cancellable wait until an instant.
///
/// Injected so rate-limit and deadline tests run instantly and deterministically; production uses
/// `ContinuousClock`, which keeps counting while the machine sleeps, as a politeness budget should.
package struct CatalogClock: Sendable {
    package let now: @Sendable () -> ContinuousClock.Instant
    /// Returns at (or after) the instant; throws when the waiting task is cancelled.
    package let sleep: @Sendable (ContinuousClock.Instant) async throws -> Void

    package init(
        now: @escaping @Sendable () -> ContinuousClock.Instant,
        sleep: @escaping @Sendable (ContinuousClock.Instant) async throws -> Void
    ) {
        self.now = now
        self.sleep = sleep
    }

    package static let continuous = CatalogClock(now: { .now }, sleep: { try await Task.sleep(until: $0, clock: .continuous) })
}
