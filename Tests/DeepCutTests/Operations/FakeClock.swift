import Synchronization

/// A monotonic clock that moves only when the test says so.
final class FakeClock: Sendable {
    private let current = Mutex(ContinuousClock.now)

    var now: ContinuousClock.Instant { current.withLock { $0 } }

    func advance(by duration: Duration) {
        current.withLock { $0 = $0.advanced(by: duration) }
    }
}
