import DeepCutCore
import DeepCutSQLite
import Foundation
import Testing

@testable import DeepCutState

/// The store's SQLite calls, and their waits for another writer's lock (up to the 5 s busy
/// timeout), run on each store's own thread, so they never hold one of the cooperative pool's few
/// threads (two on a two-core machine) and the rest of the program keeps running meanwhile.
@Suite struct StateStoreThreadTests {
    @Test func writesWaitingForAnotherWritersLockLeaveThePoolFree() async throws {
        try await withScratchFolder { folder in
            let url = folder.appendingPathComponent("state.db")
            // More waiting writers than the pool has threads: were they waiting on it, nothing else
            // could run until their busy timeout failed them.
            let writers = ProcessInfo.processInfo.activeProcessorCount + 2
            var opened: [StateStore] = []
            for _ in 0..<writers { opened.append(try await StateStore(url: url)) }
            let stores = opened
            // Another process's write transaction, holding the lock until this test has seen progress.
            let holder = try Database(path: url.path)
            try holder.withConnection { try $0.execute("BEGIN IMMEDIATE") }

            let (started, starting) = AsyncStream.makeStream(of: Int.self)
            let writes = Task {
                try await withThrowingTaskGroup(of: Bool?.self) { group in
                    for (index, store) in stores.enumerated() {
                        group.addTask {
                            try await store.perform { store in
                                starting.yield(index)
                                try store.owned.add(
                                    title: "Album \(index)", artist: "Writer", at: Date(timeIntervalSince1970: 1_795_000_000))
                                // On the store's own thread, not merely isolated to it.
                                return store.executor.isIsolatingCurrentContext()
                            }
                        }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
            }
            // Every writer has begun its write, and none can finish while the lock is held.
            var begun = 0
            for await _ in started {
                begun += 1
                if begun == writers { break }
            }
            // Work that needs cooperative threads still runs.
            let tasks = writers * 8
            let progressed = await withTaskGroup(of: Int.self) { group in
                for _ in 0..<tasks {
                    group.addTask {
                        await Task.yield()
                        return 1
                    }
                }
                return await group.reduce(0, +)
            }
            #expect(progressed == tasks)

            try holder.withConnection { try $0.execute("COMMIT") }
            let threads = try await writes.value
            #expect(threads == Array(repeating: true, count: writers))
            #expect(try await stores[0].perform { try $0.owned.all().count } == writers)
        }
    }
}
