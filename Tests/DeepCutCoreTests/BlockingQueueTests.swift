import DeepCutCore
import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct BlockingQueueTests {
    struct Refused: Error, Equatable {}

    @Test func runReturnsTheWorksResultAndThrowsItsError() async throws {
        let queue = BlockingQueue(label: "test.result")
        #expect(try await queue.run { 6 * 7 } == 42)
        await #expect(throws: Refused()) { try await queue.run { throw Refused() } }
    }

    /// Submitted work runs in the order handed over, and `drain` returns after all of it.
    @Test func submittedWorkKeepsItsOrderAndDrainWaitsForIt() async {
        let queue = BlockingQueue(label: "test.order")
        let seen = Mutex<[Int]>([])
        for number in 1...200 { queue.submit { seen.withLock { $0.append(number) } } }
        await queue.drain()
        #expect(seen.withLock { $0 } == Array(1...200))
    }

    /// More reads block at once than there are CPUs (the cooperative pool's width), each on a queue
    /// of its own; the bytes that release them are written by a task on the pool. Were the work run
    /// on a cooperative thread, the readers would hold every one and the writer could never run.
    @Test(.timeLimit(.minutes(1))) func blockedWorkHoldsNoCooperativeThread() async throws {
        let readers = ProcessInfo.processInfo.activeProcessorCount + 1
        let pipes = try (0..<readers).map { _ in try BlockingPipe() }
        let blocked = Counter()
        let writer = Task {
            while blocked.value < readers { await Task.yield() }
            for pipe in pipes { pipe.writeByte() }
        }
        let bytes = try await withThrowingTaskGroup(of: Int.self) { group in
            for (index, pipe) in pipes.enumerated() {
                let queue = BlockingQueue(label: "test.reader.\(index)")
                group.addTask {
                    try await queue.run {
                        blocked.increment()
                        return pipe.readByte()
                    }
                }
            }
            return try await group.reduce(0, +)
        }
        await writer.value
        #expect(bytes == readers)
    }

    /// Cancelling the task that awaits the work is visible inside it, though the work runs in no task.
    @Test(.timeLimit(.minutes(1))) func theWorkSeesItsWaitingTaskCancelled() async throws {
        let queue = BlockingQueue(label: "test.cancel")
        #expect(try await queue.run { BlockingQueue.isCancelled } == false)
        let task = Task {
            try await queue.run {
                while !BlockingQueue.isCancelled { sched_yield() }
                try BlockingQueue.checkCancellation()
            }
        }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(BlockingQueue.isCancelled == false)
    }
}

/// How many readers have reached their blocking read.
private final class Counter: Sendable {
    private let count = Atomic(0)

    var value: Int { count.load(ordering: .acquiring) }

    func increment() {
        count.add(1, ordering: .releasing)
    }
}

/// A pipe whose read end blocks until one byte is written.
private struct BlockingPipe: Sendable {
    let readEnd: Int32
    let writeEnd: Int32

    struct Failed: Error {}

    init() throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw Failed() }
        (readEnd, writeEnd) = (ends[0], ends[1])
    }

    func readByte() -> Int {
        var byte: UInt8 = 0
        let count = read(readEnd, &byte, 1)
        close(readEnd)
        return count
    }

    func writeByte() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
        close(writeEnd)
    }
}
