import Foundation
import Synchronization

/// The wall clock an in-process run reads (`DeepCutCLI.run(now:)`): the real time, plus one second
/// for every run after the first, so each run of a sequence starts in a later second than the one
/// before (run ids and feed dates have second resolution) without the test sleeping.
///
/// It stays on the real day: the fixture catalogs' release dates count days back from the real
/// today, and a sequence of runs moves the clock only seconds ahead. The first run reads the real
/// time, so a spawned `deepcut` (which reads the real time too) may follow it without going back.
package final class SteppingClock: Sendable {
    private struct State {
        var runs = 0
        var offset: TimeInterval = 0
    }

    private let state = Mutex(State())

    package init() {}

    package func now() -> Date {
        Date().addingTimeInterval(state.withLock { $0.offset })
    }

    /// Call as a run starts: from the second run on, moves the clock a second on, so the run starts
    /// in a later second than any run before it (the real time only ever adds to that).
    package func startRun() {
        state.withLock { state in
            if state.runs > 0 { state.offset += 1 }
            state.runs += 1
        }
    }
}
