import Foundation
import Synchronization

/// The wall clock an in-process run reads (`DeepCutCLI.run(now:)`): the real time plus an offset
/// that `startRun()` moves just far enough for the run to start in a later second than every run
/// before it (run ids and feed dates have second resolution), so no test sleeps for a new second.
///
/// It stays on the real day: the fixture catalogs' release dates count days back from the real
/// today, and a sequence of runs moves the clock at most about a second per run. A spawned
/// `deepcut` reads the real time: note it with `noteRealTimeRun()` so the next in-process run
/// starts after it (a spawned run that follows an in-process one may start in an earlier second).
package final class SteppingClock: Sendable {
    private struct State {
        var offset: TimeInterval = 0
        var lastStart: Date?
    }

    private let state = Mutex(State())

    package init() {}

    package func now() -> Date {
        Date().addingTimeInterval(state.withLock { $0.offset })
    }

    /// Call as an in-process run starts: from now on the clock reads a later second than any run
    /// started before (the real time only ever adds to that). The offset never shrinks.
    package func startRun() {
        state.withLock { state in
            let real = Date().timeIntervalSince1970
            if let last = state.lastStart {
                let nextSecond = last.timeIntervalSince1970.rounded(.down) + 1
                state.offset = max(state.offset, nextSecond - real)
            }
            state.lastStart = Date(timeIntervalSince1970: real + state.offset)
        }
    }

    /// A run on the real time (a spawned `deepcut`) starts now.
    package func noteRealTimeRun() {
        state.withLock { state in
            state.lastStart = max(state.lastStart ?? .distantPast, Date())
        }
    }
}
