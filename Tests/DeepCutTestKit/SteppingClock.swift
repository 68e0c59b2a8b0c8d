import Foundation
import Synchronization

/// The wall clock an in-process run reads (`DeepCutCLI.run(now:)`): the real time plus an offset
/// that `startRun()` moves just far enough for the run to start more than a second after the
/// previous run ended, as the 1.1 s sleeps once made sure. Run ids have second resolution, and the
/// catalog memory takes a stamp less than a second before a run's start for a clock that ran ahead
/// (`CatalogMemory.clampFuture`), so each run of a sequence must start in a later second than
/// anything before it stamped.
///
/// It stays on the real day: the fixture catalogs' release dates count days back from the real
/// today, and the clock moves only about a second ahead per run. A spawned `deepcut` reads the real
/// time: tell the clock when it ended (`runEnded()`) so the next in-process run starts after it. A
/// spawned sweep that follows an in-process one sees that run's stamps a little in the future.
package final class SteppingClock: Sendable {
    /// What the old sleeps waited: past the catalog memory's one-second clamp, into a new second.
    package static let gap: TimeInterval = 1.1

    private struct State {
        var offset: TimeInterval = 0
        var lastEnd: Date?
    }

    private let state = Mutex(State())

    package init() {}

    package func now() -> Date {
        Date().addingTimeInterval(state.withLock { $0.offset })
    }

    /// Call as an in-process run starts: the clock then reads at least `gap` past the last run's end.
    /// The offset never shrinks, so the clock never goes back.
    package func startRun() {
        state.withLock { state in
            guard let lastEnd = state.lastEnd else { return }
            state.offset = max(state.offset, lastEnd.timeIntervalSinceNow + Self.gap)
        }
    }

    /// Call when a run has ended, in-process or spawned (its stamps are all before this).
    package func runEnded() {
        state.withLock { state in
            let now = Date().addingTimeInterval(state.offset)
            state.lastEnd = max(state.lastEnd ?? .distantPast, now)
        }
    }
}
