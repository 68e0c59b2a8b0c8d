@testable import DeepCut
@testable import DeepCutHTTP
import Synchronization

/// A manual monotonic clock for rate-limit and backoff tests: `sleep(until:)` returns at once and
/// moves time forward to the instant it was asked for, recording it.
final class VirtualClock: Sendable {
    let origin = ContinuousClock.now
    private let state = Mutex<(elapsed: Duration, sleeps: [Duration])>((.zero, []))
    /// Runs inside every sleep before time moves, e.g. to simulate another request meanwhile.
    private let onSleep: (@Sendable (Duration) -> Void)?

    init(onSleep: (@Sendable (_ until: Duration) -> Void)? = nil) {
        self.onSleep = onSleep
    }

    /// Time since `origin`.
    var elapsed: Duration { state.withLock { $0.elapsed } }

    /// Every instant a caller slept until, as time since `origin`, in call order.
    var sleeps: [Duration] { state.withLock { $0.sleeps } }

    func advance(by duration: Duration) {
        state.withLock { $0.elapsed += duration }
    }

    var clock: CatalogClock {
        CatalogClock(now: { self.origin + self.elapsed }, sleep: { instant in
            let until = instant - self.origin
            self.onSleep?(until)
            self.state.withLock { state in
                state.sleeps.append(until)
                state.elapsed = max(state.elapsed, until)
            }
        })
    }
}
