import Dispatch
import Synchronization

/// Runs blocking work (file reads and writes, `fsync`, a write to a slow stderr pipe) on a serial
/// Dispatch queue of its own, so async code hands the work off with `await` and no cooperative
/// thread waits for the disk.
///
/// Why a Dispatch queue is off Swift's cooperative pool on Linux: the default executor runs every
/// job on one concurrent Dispatch queue ("Swift global concurrent queue") whose width is the number
/// of logical CPUs (`DISPATCH_QUEUE_WIDTH_MAX_LOGICAL_CPUS` in the runtime's
/// DispatchGlobalExecutor.cpp). A queue created here is another queue: its work counts against none
/// of that width, and a serial queue targets Dispatch's overcommitting root queue, which starts a
/// thread when none is free. A read blocked here leaves every cooperative thread free;
/// `BlockingQueueTests` blocks more readers than there are CPUs and releases them from the pool.
///
/// Work runs one item at a time, in the order handed over. Cancellation does not cross the hop by
/// itself (code on the queue runs in no task): `isCancelled` also answers for the task awaiting
/// the work, so a long library read still stops on SIGTERM.
package final class BlockingQueue: Sendable {
    /// The files of a run and of the commands: library files, snapshots, reports, metrics.
    package static let files = BlockingQueue(label: "deepcut.files")

    private let queue: DispatchQueue

    package init(label: String) {
        queue = DispatchQueue(label: label)
    }

    /// Runs `work` on the queue and returns its result (or throws its error) to the awaiting task.
    package func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        let awaiting = AwaitingTask()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                queue.async {
                    continuation.resume(with: Result { try Self.$awaitingTask.withValue(awaiting) { try work() } })
                }
            }
        } onCancel: {
            awaiting.cancel()
        }
    }

    /// Hands `work` to the queue without waiting for it: writes whose order matters but whose end
    /// nobody awaits one by one (log lines). `drain()` waits for all of them.
    package func submit(_ work: @escaping @Sendable () -> Void) {
        queue.async(execute: work)
    }

    /// Returns once everything handed over before it has run.
    package func drain() async {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume() }
        }
    }

    /// True once the current task, or the task awaiting the `run` this code runs in, is cancelled:
    /// what long blocking work checks between chunks instead of `Task.isCancelled`.
    package static var isCancelled: Bool {
        Task.isCancelled || awaitingTask?.isCancelled == true
    }

    /// Throws `CancellationError` when `isCancelled`.
    package static func checkCancellation() throws {
        if isCancelled { throw CancellationError() }
    }

    /// Bound on the queue's thread while `run`'s work runs (a task-local outside a task is bound to
    /// the thread), so `isCancelled` can find the task that waits.
    @TaskLocal private static var awaitingTask: AwaitingTask?

    /// The cancellation of the task awaiting one `run`, as the queue's thread can read it.
    private final class AwaitingTask: Sendable {
        private let cancelled = Atomic(false)

        var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

        func cancel() {
            cancelled.store(true, ordering: .releasing)
        }
    }
}
