import Synchronization

/// A value that arrives once, from any thread, for any number of async waiters: the bridge from a
/// blocking call on a dedicated thread (waitpid, read) to tasks that must not block.
package final class Completion<Value: Sendable>: Sendable {
    private struct State {
        var result: Value?
        var waiters: [Int: CheckedContinuation<Value?, Never>] = [:]
        var nextID = 0
    }

    private let state = Mutex(State())

    package init() {}

    /// Nil until `complete` was called.
    package var result: Value? { state.withLock { $0.result } }

    /// Sets the value (the first call wins) and resumes every waiter.
    package func complete(_ value: Value) {
        let waiters = state.withLock { state -> [CheckedContinuation<Value?, Never>] in
            guard state.result == nil else { return [] }
            state.result = value
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        waiters.forEach { $0.resume(returning: value) }
    }

    /// Suspends until the value arrives, however long that takes (cancellation does not end the wait).
    package func value() async -> Value {
        let id = nextID()
        // Registered without a cancellation handler, so only `complete` resumes it, with a value.
        let value = await withCheckedContinuation { continuation in register(continuation, id: id, cancellable: false) }
        guard let value else { preconditionFailure("a non-cancellable wait ended without a value") }
        return value
    }

    /// Suspends until the value arrives; nil as soon as the waiting task is cancelled.
    package func valueUnlessCancelled() async -> Value? {
        let id = nextID()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                register(continuation, id: id, cancellable: true)
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume(returning: nil)
        }
    }

    private func nextID() -> Int {
        state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
    }

    private func register(_ continuation: CheckedContinuation<Value?, Never>, id: Int, cancellable: Bool) {
        let resumeNow: Value?? = state.withLock { state in
            if let result = state.result { return .some(result) }
            if cancellable, Task.isCancelled { return .some(nil) }
            state.waiters[id] = continuation
            return .none
        }
        if let resumeNow { continuation.resume(returning: resumeNow) }
    }
}
