@testable import DeepCut
@testable import DeepCutHTTP

/// A clock for deadline tests whose time stands still until the test says the deadline has come,
/// so "which artists were in flight at the deadline" depends on the test, not on machine load.
final class DeadlineSwitch: Sendable {
    private let origin = ContinuousClock.now
    private let gate = Gate()

    /// Passes every deadline: waiting sleepers wake and `now` jumps far ahead.
    func fire() {
        gate.open()
    }

    var clock: CatalogClock {
        CatalogClock(now: { [gate, origin] in gate.isOpen ? origin + .seconds(1_000_000) : origin }, sleep: { [gate] _ in
            guard await gate.wait() else { throw CancellationError() }
        })
    }
}
