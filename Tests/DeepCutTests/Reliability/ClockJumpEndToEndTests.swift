import DeepCutCore
import DeepCutFixtures
import Foundation
import Testing

@testable import DeepCut
@testable import DeepCutCatalog
@testable import DeepCutPublish
@testable import DeepCutSQLite

/// A wall clock that ran 30 days ahead, then was corrected: everything the runs under the wrong
/// clock stamped (the baseline, the run history, the feed's first appearances, the catalog memory)
/// is dated in the future. Reproduced by moving those stamps 30 days ahead, then running the real
/// binary at real time, which is the same situation.
@Suite struct ClockJumpEndToEndTests {
    static let skew: Double = 30 * 86_400
    /// Released 400 days ago: outside the 120-day window, so it can enter the feed only by discovery.
    static let addedLater = ReliabilityWorld.release("1999001", "Found Later", daysAgo: 400)

    @Test func aClockThatWentBackNeverFreezesTheSweepAndHealthWarnsUntilItIsRepaired() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let world = try ReliabilityWorld(artists: ReliabilityWorld.artists(2), library: ReliabilityWorld.library(2))
        #expect(await world.run("sweep").exitCode == .success)
        try Self.moveStampsAhead(world)

        // health: the baseline reads "0 min old", but it is dated in the future: WARNING, naming the skew.
        let before = try await world.spawn("health").finish()
        #expect(before.status == 1, "\(before.stdout)")
        #expect(
            before.stdout.contains("DEEPCUT WARNING") && before.stdout.contains("clock went back")
                && before.stdout.contains("29d 23h in the future"), "\(before.stdout)")

        // The catalog gained an old album for Artist 01 after the clock was corrected.
        var artists = ReliabilityWorld.artists(2)
        artists[0].releases.append(Self.addedLater)
        let later = try ReliabilityWorld(artists: artists, library: ReliabilityWorld.library(2))
        let config = try String(contentsOf: URL(fileURLWithPath: world.configPath), encoding: .utf8)
        try world.folder.write(
            "config.json", config.replacingOccurrences(of: world.baseURL.absoluteString, with: later.baseURL.absoluteString))

        // --if-stale: a baseline from the future is no reason to skip.
        let sweep = try await world.spawn("sweep", "--if-stale").finish()
        #expect(sweep.status == 0, "\(sweep.stderr)")
        let health = try world.health()
        #expect(health.status == .complete && health.lastSkip == nil, "\(health.message ?? "")")

        let current = try #require(try Snapshot.load(from: world.feed.appendingPathComponent("current.json")))
        let now = Date()
        #expect(current.generatedAt <= now)
        for entry in current.entries {
            #expect(try #require(entry.addedAt) <= now, "\(entry.title) is dated in the future")
        }
        // Discovery survived: the album the catalog added after the correction is news.
        #expect(current.entries.contains { $0.id == Self.addedLater.id }, "\(current.entries.map(\.title))")
        #expect(try Self.futureStamps(world) == 0)

        let after = try await world.spawn("health").finish()
        #expect(after.status == 0, "\(after.stdout)")
        #expect(!after.stdout.contains("clock went back"), "\(after.stdout)")
    }

    /// What a clock 30 days ahead would have stamped, in every file and table that keeps a time.
    static func moveStampsAhead(_ world: ReliabilityWorld) throws {
        for name in ["latest.json", "current.json"] {
            let file = world.feed.appendingPathComponent(name)
            var snapshot = try #require(try Snapshot.load(from: file))
            snapshot.generatedAt += skew
            snapshot.entries = snapshot.entries.map { entry in
                var moved = entry
                moved.addedAt = entry.addedAt.map { $0 + skew }
                return moved
            }
            try AtomicFile.write(try snapshot.encoded(), to: file)
        }
        var report = try world.health()
        report.startedAt += skew
        report.finishedAt += skew
        try HealthWriter.write(report, to: world.feed)
        let database = try Database(path: world.stateDatabase.path, access: .readWrite)
        try database.withConnection { connection in
            for (table, columns) in stampColumns {
                for column in columns {
                    try connection.execute("UPDATE \(table) SET \(column) = \(column) + ?", [skew])
                }
            }
        }
    }

    static let stampColumns = [
        ("runs", ["started_at", "finished_at"]), ("feed_appearances", ["first_at"]),
        ("catalog_artists", ["first_checked_at", "checked_at"]),
        ("catalog_releases", ["first_seen_at", "last_seen_at"])
    ]

    /// Rows of the tables a run reads back that are still dated after now (the run history keeps what happened).
    static func futureStamps(_ world: ReliabilityWorld) throws -> Int {
        let database = try Database(path: world.stateDatabase.path, access: .readOnly)
        let now = Date().timeIntervalSince1970
        return try database.withConnection { connection in
            var count = 0
            for (table, columns) in stampColumns where table != "runs" {
                for column in columns {
                    count += try connection.query("SELECT COUNT(*) FROM \(table) WHERE \(column) > ?", [now]) {
                        try $0.get(0, as: Int.self)
                    }[0]
                }
            }
            return count
        }
    }
}
