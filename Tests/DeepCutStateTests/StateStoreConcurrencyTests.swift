import DeepCutCore
import DeepCutTestKit
import Foundation
import Synchronization
import Testing

@testable import DeepCutState

/// Two processes (a sweep and a `dismiss`) may open and write the state database at once: WAL,
/// `BEGIN IMMEDIATE` and the busy timeout must make the second one wait, not fail.
@Suite struct StateStoreConcurrencyTests {
    @Test func twoConnectionsOpeningAndWritingAtOnceBothLand() throws {
        try ScratchFolder.with { folder in
            let url = folder.appendingPathComponent("state.db")
            let writers = 2
            let rowsPerWriter = 100
            let failures = Mutex<[String]>([])

            DispatchQueue.concurrentPerform(iterations: writers) { writer in
                do {
                    // Both open a fresh file: they race to set WAL mode and to migrate.
                    let store = try StateStore(url: url)
                    for index in 0..<rowsPerWriter {
                        try store.dismissals.save(
                            Dismissal(
                                releaseID: "\(writer)-\(index)", albumKey: AlbumKey(title: "Album \(index)", artist: "Writer \(writer)"),
                                dismissedAt: 1_795_000_000 + Double(index), title: "Album \(index)", artistName: "Writer \(writer)"))
                        try store.runs.record(
                            RunRecord(
                                runID: "\(writer)-\(index)", startedAt: Date(timeIntervalSince1970: 1_795_000_000),
                                finishedAt: Date(timeIntervalSince1970: 1_795_000_060), status: .complete, exitCode: .success,
                                durationSeconds: 60, artistsTotal: 1, artistsFailed: 0, entries: index, requests: 1))
                    }
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }

            #expect(failures.withLock { $0 } == [])
            let store = try StateStore(url: url)
            #expect(try store.dismissals.keys().count == writers * rowsPerWriter)
            #expect(try store.runs.recent(limit: 1000).count == writers * rowsPerWriter)
            #expect(try store.integrityCheck() == ["ok"])
        }
    }
}
