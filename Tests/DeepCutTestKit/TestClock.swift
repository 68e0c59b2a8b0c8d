import DeepCutHTTP
import Synchronization

/// The one clock double: a monotonic time that moves only when the test (or a sleeper) moves it,
/// recording every wait asked of it.
///
/// - `.instant` (the default): a sleep returns at once and moves time forward to the instant it
///   asked for, so rate-limit and backoff tests read the waits from `sleeps` and `durations`.
/// - `.manual`: a sleeper waits until the test advances time past its instant; concurrent sleepers
///   wake in time order, as on a real clock, and a cancelled sleeper leaves at once by throwing.
///
/// Hand it out as a `CatalogClock` (`clock`), as an injected `sleep(for:)` (`sleep`), or read
/// `now` where code takes a `() -> ContinuousClock.Instant`.
package final class TestClock: Sendable {
    package enum Sleeping: Sendable {
        case instant
        case manual
    }

    private struct Sleeper {
        var id: Int
        var until: Duration
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var elapsed = Duration.zero
        var sleeps: [Duration] = []
        var durations: [Duration] = []
        var sleepers: [Sleeper] = []
        var nextID = 0
    }

    package let origin = ContinuousClock.now
    private let mode: Sleeping
    private let state = Mutex(State())
    /// Runs inside every sleep before time moves, e.g. to simulate another request meanwhile.
    private let onSleep: (@Sendable (Duration) -> Void)?

    package init(_ mode: Sleeping = .instant, onSleep: (@Sendable (_ until: Duration) -> Void)? = nil) {
        self.mode = mode
        self.onSleep = onSleep
    }

    /// Time since `origin`.
    package var elapsed: Duration { state.withLock { $0.elapsed } }

    package var now: ContinuousClock.Instant { origin + elapsed }

    /// Every instant a caller slept until, as time since `origin`, in call order.
    package var sleeps: [Duration] { state.withLock { $0.sleeps } }

    /// Every duration passed to `sleep` (the `sleep(for:)` form), in call order.
    package var durations: [Duration] { state.withLock { $0.durations } }

    /// How many callers are waiting (`.manual` only; an `.instant` sleep never waits).
    package var sleeping: Int { state.withLock { $0.sleepers.count } }

    package func advance(by duration: Duration) {
        advance(to: elapsed + duration)
    }

    /// Moves time to `elapsed` and wakes everyone whose instant has come.
    package func advance(to elapsed: Duration) {
        let woken = state.withLock { state in
            state.elapsed = elapsed
            let due = state.sleepers.filter { $0.until <= elapsed }.sorted { $0.until < $1.until }
            state.sleepers.removeAll { $0.until <= elapsed }
            return due
        }
        woken.forEach { $0.continuation.resume() }
    }

    package var clock: CatalogClock {
        CatalogClock(now: { self.now }, sleep: { instant in try await self.sleep(until: instant - self.origin) })
    }

    /// An injected `sleep(for:)`: records the duration, then sleeps that long on this clock.
    package var sleep: @Sendable (Duration) async throws -> Void {
        { duration in
            let until = self.state.withLock { state in
                state.durations.append(duration)
                return state.elapsed + duration
            }
            try await self.sleep(until: until)
        }
    }

    private func sleep(until: Duration) async throws {
        onSleep?(until)
        switch mode {
        case .instant:
            state.withLock { state in
                state.sleeps.append(until)
                state.elapsed = max(state.elapsed, until)
            }
        case .manual:
            let id = state.withLock { state in
                state.sleeps.append(until)
                defer { state.nextID += 1 }
                return state.nextID
            }
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                    let resumeNow: (any Error)?? = state.withLock { state in
                        if until <= state.elapsed { return .some(nil) }
                        if Task.isCancelled { return .some(CancellationError()) }
                        state.sleepers.append(Sleeper(id: id, until: until, continuation: continuation))
                        return .none
                    }
                    switch resumeNow {
                    case .some(nil): continuation.resume()
                    case .some(let error?): continuation.resume(throwing: error)
                    case .none: break
                    }
                }
            } onCancel: {
                let cancelled = state.withLock { state -> Sleeper? in
                    guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                    return state.sleepers.remove(at: index)
                }
                cancelled?.continuation.resume(throwing: CancellationError())
            }
        }
    }
}
