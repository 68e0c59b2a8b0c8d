import Foundation
import Testing

@testable import DeepCutSQLite

/// The executor `StateStore` runs on: its jobs run on its own thread, never the cooperative pool's,
/// one at a time and in the order they were enqueued.
@Suite struct SerialThreadExecutorTests {
    /// An actor on the executor, recording each job and the thread that ran it.
    private actor Recorder {
        let executor = SerialThreadExecutor()
        private(set) var jobs: [(index: Int, onItsThread: Bool?)] = []

        nonisolated var unownedExecutor: UnownedSerialExecutor {
            executor.asUnownedSerialExecutor()
        }

        /// Starts `count` tasks isolated to this actor: each is enqueued on the executor as it is
        /// created, while this job still holds the thread, so they wait there in creation order.
        func spawn(_ count: Int) -> [Task<Void, Never>] {
            (0..<count).map { index in Task { record(index) } }
        }

        private func record(_ index: Int) {
            jobs.append((index, executor.isIsolatingCurrentContext()))
        }
    }

    @Test func jobsRunInOrderOnTheExecutorsOwnThread() async {
        let recorder = Recorder()
        let count = 200
        for task in await recorder.spawn(count) { await task.value }

        let jobs = await recorder.jobs
        #expect(jobs.map(\.index) == Array(0..<count))
        #expect(jobs.allSatisfy { $0.onItsThread == true })
        #expect(recorder.executor.isIsolatingCurrentContext() == false, "the test itself runs on the cooperative pool")
    }

    @Test func runHopsOntoTheThreadAndBack() async throws {
        let executor = SerialThreadExecutor()
        struct Refused: Error {}
        #expect(await executor.run { executor.isIsolatingCurrentContext() } == true)
        await #expect(throws: Refused.self) { try await executor.run { throw Refused() } }
        #expect(executor.isIsolatingCurrentContext() == false)
    }
}
