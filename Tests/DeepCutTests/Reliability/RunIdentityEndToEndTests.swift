import DeepCutCore
import DeepCutFixtures
import Foundation
import Testing

@testable import DeepCut
@testable import DeepCutHTTP
@testable import DeepCutPublish
@testable import DeepCutSQLite

/// Two runs in the same second: the later one takes `RUNID-2` and never overwrites the earlier
/// one's snapshot file or history row (the baseline's own snapshot once was, by a partial run).
@Suite struct RunIdentityEndToEndTests {
    @Test func aRunInAnAlreadyTakenSecondGetsASuffixAndOverwritesNothing() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let world = try ReliabilityWorld(
            artists: ReliabilityWorld.artists(2), library: ReliabilityWorld.library(2),
            topLevelKeys: ["keepSnapshots": "1000"])  // retention would prune the taken seconds
        #expect(await world.run("sweep").exitCode == .success)
        let baseline = try Data(contentsOf: world.feed.appendingPathComponent("latest.json"))
        // Every second of the next minutes already has a complete run, as a run a moment before
        // this one would: its snapshot file and its history row.
        let start = Date()
        let taken = (-5...300).map { RunID(start.addingTimeInterval(Double($0))) }
        let database = try Database(path: world.stateDatabase.path, access: .readWrite)
        for id in taken {
            try baseline.write(to: world.feed.appendingPathComponent("snapshots/" + OutputFolder.snapshotName(id)))
            try database.withConnection { connection in
                try connection.execute(
                    """
                    INSERT OR IGNORE INTO runs (run_id, started_at, finished_at, status, exit_code, duration_seconds, artists_total,
                        artists_failed, entries, requests) VALUES (?, ?, ?, 'complete', 0, 1, 2, 0, 6, 2)
                    """, [id.rawValue, start.timeIntervalSince1970, start.timeIntervalSince1970])
            }
        }
        let before = try world.files().filter { $0.key.hasPrefix("snapshots/") }

        world.fail("500001", with: Fault(.status(code: 500, body: nil), on: .lookup))
        let result = try await world.spawn("sweep").finish()
        #expect(result.status == 3, "\(result.stderr)")
        let health = try world.health()
        #expect(health.runID.rawValue.hasSuffix("-2"), "\(health.runID)")
        #expect(try world.json("current.json")["runID"] as? String == health.runID.rawValue)
        #expect(try Data(contentsOf: world.feed.appendingPathComponent("latest.json")) == baseline)
        let after = try world.files().filter { $0.key.hasPrefix("snapshots/") }
        for (name, bytes) in before {
            #expect(after[name] == bytes, "\(name) was overwritten")
        }
        #expect(after["snapshots/" + OutputFolder.snapshotName(health.runID)] != nil)
        let rows = try database.withConnection { connection in
            try connection.query("SELECT run_id, status FROM runs") {
                "\(try $0.get(0, as: String.self)) \(try $0.get(1, as: String.self))"
            }
        }
        for id in taken {
            #expect(rows.contains("\(id.rawValue) complete"), "the history row of \(id) was replaced")
        }
        #expect(rows.contains("\(health.runID.rawValue) partial"))
    }
}
