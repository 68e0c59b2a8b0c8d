import Foundation
import Glibc
import Synchronization

/// Reads a pipe to its end on a thread of its own, keeping every byte, so a child can never stall
/// on a full pipe and no task blocks in `read`. Async callers wait for the bytes to satisfy a
/// condition (a line announcing a port) or for the end (`bytes(until: { _ in false })`).
final class PipeCollector: Sendable {
    private struct Waiter {
        var condition: @Sendable (Data) -> Bool
        var continuation: CheckedContinuation<Data, Never>
    }

    private struct State {
        var data = Data()
        var isClosed = false
        var waiters: [Waiter] = []
    }

    private let state = Mutex(State())

    /// Takes ownership of `descriptor` and closes it at end of file.
    init(reading descriptor: Int32, name: String) {
        // The thread keeps the collector alive until the pipe's end.
        Thread.detachNewThread { [self] in
            Thread.current.name = name
            readToEnd(descriptor)
            close(descriptor)
        }
    }

    private func readToEnd(_ descriptor: Int32) {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            let ready = state.withLock { state -> [(CheckedContinuation<Data, Never>, Data)] in
                if count > 0 { state.data.append(contentsOf: buffer[..<count]) } else { state.isClosed = true }
                let (data, isClosed) = (state.data, state.isClosed)
                let ready = state.waiters.filter { isClosed || $0.condition(data) }
                state.waiters.removeAll { isClosed || $0.condition(data) }
                return ready.map { ($0.continuation, data) }
            }
            ready.forEach { $0.0.resume(returning: $0.1) }
            if count <= 0 { return }
        }
    }

    /// The bytes so far, once they satisfy `condition` or the pipe has closed.
    func bytes(until condition: @escaping @Sendable (Data) -> Bool) async -> Data {
        await withCheckedContinuation { continuation in
            let now: Data? = state.withLock { state in
                if state.isClosed || condition(state.data) { return state.data }
                state.waiters.append(Waiter(condition: condition, continuation: continuation))
                return nil
            }
            if let now { continuation.resume(returning: now) }
        }
    }
}
