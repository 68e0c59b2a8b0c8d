import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A serial executor with a thread of its own: jobs run one at a time, in the order they were
/// enqueued, on that thread, never on Swift's cooperative pool.
///
/// An actor whose work blocks uses it as its `unownedExecutor` (`StateStore`: SQLite waits out
/// another process's write lock for up to its busy timeout), so the wait holds this thread and not
/// one of the pool's few (two on a two-core machine), and the rest of the program keeps running.
/// GRDB's `DispatchQueueActor` is the model; on Linux a serial `DispatchQueue` is no
/// `SerialExecutor` (that conformance is Darwin's) and its blocks run on libdispatch's shared
/// workers, so the thread is owned outright. It ends once the executor is released and the jobs
/// already enqueued have run.
package final class SerialThreadExecutor: SerialExecutor {
    private let queue: JobQueue

    /// Starts the thread.
    package init() {
        let queue = JobQueue()
        self.queue = queue
        let executor = UnownedSerialExecutor(ordinary: self)
        Thread { queue.runJobs(on: executor) }.start()
    }

    deinit {
        queue.close()
    }

    package func enqueue(_ job: consuming ExecutorJob) {
        queue.append(UnownedJob(job))
    }

    package func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    /// True on the executor's own thread (compared by `pthread_self`), false anywhere else.
    package func isIsolatingCurrentContext() -> Bool? {
        queue.isRunningOnCurrentThread
    }

    package func checkIsolated() {
        precondition(queue.isRunningOnCurrentThread, "not on this executor's thread")
    }

    /// Runs `work` on the executor's thread and returns its result: for what must happen there
    /// before the actor that uses the executor exists (`StateStore` opening its database).
    package func run<T>(_ work: sending () throws -> sending T) async rethrows -> sending T {
        try await Visit(self).run(work)
    }
}

/// An actor on a `SerialThreadExecutor`, to reach its thread from async code.
private actor Visit {
    let executor: SerialThreadExecutor

    init(_ executor: SerialThreadExecutor) {
        self.executor = executor
    }

    nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    func run<T>(_ work: sending () throws -> sending T) rethrows -> sending T {
        try work()
    }
}

/// The jobs waiting for the thread, shared by the executor (which appends) and its thread (which runs them).
private final class JobQueue: @unchecked Sendable {
    /// Guards every property below.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var closed = false
    private var thread: pthread_t?

    func append(_ job: UnownedJob) {
        condition.withLock {
            jobs.append(job)
            condition.signal()
        }
    }

    /// No more jobs will come: the thread ends after those already enqueued.
    func close() {
        condition.withLock {
            closed = true
            condition.signal()
        }
    }

    var isRunningOnCurrentThread: Bool {
        condition.withLock { thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
    }

    /// The thread's body: runs jobs in order until closed. `executor` is unowned: a job only exists
    /// while the actor it belongs to, and so the executor, is alive.
    func runJobs(on executor: UnownedSerialExecutor) {
        condition.withLock { thread = pthread_self() }
        while let batch = nextJobs() {
            for job in batch { job.runSynchronously(on: executor) }
        }
    }

    /// Waits for jobs; nil once closed and drained.
    private func nextJobs() -> [UnownedJob]? {
        condition.withLock {
            while jobs.isEmpty && !closed { condition.wait() }
            defer { jobs.removeAll(keepingCapacity: true) }
            return jobs.isEmpty ? nil : jobs
        }
    }
}
