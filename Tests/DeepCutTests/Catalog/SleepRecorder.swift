import Synchronization

/// An injected `sleep` that records the requested waits instead of waiting.
final class SleepRecorder: Sendable {
    private let recorded = Mutex<[Duration]>([])

    var durations: [Duration] { recorded.withLock { $0 } }

    var sleep: @Sendable (Duration) async throws -> Void {
        { duration in self.recorded.withLock { $0.append(duration) } }
    }
}
