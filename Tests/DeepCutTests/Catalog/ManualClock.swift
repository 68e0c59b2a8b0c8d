@testable import DeepCut
@testable import DeepCutHTTP
import Synchronization

/// A clock whose time moves only when the test advances it; sleepers wake when their instant is reached.
/// Unlike `VirtualClock`, concurrent sleepers wake in time order, as on a real clock.
final class ManualClock: Sendable {
    private struct Sleeper {
        var until: Duration
        var continuation: CheckedContinuation<Void, Never>
    }

    let origin = ContinuousClock.now
    private let state = Mutex<(elapsed: Duration, sleepers: [Sleeper])>((.zero, []))

    var elapsed: Duration { state.withLock { $0.elapsed } }
    var sleeping: Int { state.withLock { $0.sleepers.count } }

    /// Moves time to `elapsed` and wakes everyone whose instant has come.
    func advance(to elapsed: Duration) {
        let woken = state.withLock { state in
            state.elapsed = elapsed
            let due = state.sleepers.filter { $0.until <= elapsed }
            state.sleepers.removeAll { $0.until <= elapsed }
            return due
        }
        woken.forEach { $0.continuation.resume() }
    }

    var clock: CatalogClock {
        CatalogClock(now: { self.origin + self.elapsed }, sleep: { instant in
            let until = instant - self.origin
            await withCheckedContinuation { continuation in
                let due = self.state.withLock { state in
                    guard until > state.elapsed else { return true }
                    state.sleepers.append(Sleeper(until: until, continuation: continuation))
                    return false
                }
                if due { continuation.resume() }
            }
        })
    }
}
