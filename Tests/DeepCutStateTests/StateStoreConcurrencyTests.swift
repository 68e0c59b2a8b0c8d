import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutState

/// Two processes (a sweep and a `dismiss`) may open and write the state database at once: WAL,
/// `BEGIN IMMEDIATE` and the busy timeout must make the second one wait, not fail.
@Suite struct StateStoreConcurrencyTests {
    @Test func twoConnectionsOpeningAndWritingAtOnceBothLand() async throws {
        try await withScratchFolder { folder in
            let url = folder.appendingPathComponent("state.db")
            let writers = 2
            let rowsPerWriter = 100
            // Each writer is a store of its own, with its own thread and connection.
            let failures = await withTaskGroup(of: String?.self) { group in
                for writer in 0..<writers {
                    group.addTask {
                        do {
                            // Both open a fresh file: they race to set WAL mode and to migrate.
                            let store = try await StateStore(url: url)
                            for index in 0..<rowsPerWriter {
                                try await store.perform { store throws in
                                    try store.dismissals.save(
                                        Dismissal(
                                            releaseID: "\(writer)-\(index)",
                                            albumKey: AlbumKey(title: "Album \(index)", artist: "Writer \(writer)"),
                                            dismissedAt: 1_795_000_000 + Double(index), title: "Album \(index)",
                                            artistName: "Writer \(writer)"))
                                    try store.runs.record(
                                        RunHistoryEntry(
                                            runID: "\(writer)-\(index)", startedAt: Date(timeIntervalSince1970: 1_795_000_000),
                                            finishedAt: Date(timeIntervalSince1970: 1_795_000_060), status: .complete, exitCode: .success,
                                            durationSeconds: 60, artistsTotal: 1, artistsFailed: 0, entries: index, requests: 1))
                                }
                            }
                            return nil
                        } catch {
                            return "\(error)"
                        }
                    }
                }
                return await group.compactMap { $0 }.reduce(into: []) { $0.append($1) }
            }

            #expect(failures == [])
            try await StateStore(url: url).perform { store throws in
                #expect(try store.dismissals.keys().count == writers * rowsPerWriter)
                #expect(try store.runs.recent(limit: 1000).count == writers * rowsPerWriter)
                #expect(try store.integrityCheck() == ["ok"])
            }
        }
    }
}
