import Synchronization

/// Holds callers until the test opens it; a waiting caller that is cancelled leaves at once.
package final class Gate: Sendable {
    private struct State {
        var isOpen = false
        var waiters: [Int: CheckedContinuation<Bool, Never>] = [:]
        var nextID = 0
    }

    private let state = Mutex(State())

    package init() {}

    /// True when the gate opened, false when the waiting task was cancelled first.
    package func wait() async -> Bool {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let resumeNow: Bool? = state.withLock { state in
                    if state.isOpen { return true }
                    if Task.isCancelled { return false }
                    state.waiters[id] = continuation
                    return nil
                }
                if let resumeNow { continuation.resume(returning: resumeNow) }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume(returning: false)
        }
    }

    package var isOpen: Bool { state.withLock { $0.isOpen } }

    package func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        waiters.forEach { $0.resume(returning: true) }
    }
}
