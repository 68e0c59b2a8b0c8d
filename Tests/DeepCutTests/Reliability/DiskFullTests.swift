import DeepCutFixtures
import Foundation
import Testing

@testable import DeepCut
@testable import DeepCutCatalog
@testable import DeepCutCore
@testable import DeepCutHTTP
@testable import DeepCutPublish
@testable import DeepCutState

/// Outputs on a filesystem that runs out of space: exit 73/74, one clear line, and every file the
/// last good run published still there byte for byte (never a torn or emptied file).
@Suite struct DiskFullTests {
    /// 3 artists with 100 recent releases each: feed.json outgrows the state database and the snapshot.
    static let artists = (1...3).map { number in
        FixtureArtist(
            id: String(500_000 + number), name: ReliabilityWorld.artistName(number),
            // 100 releases each: feed.json stays more than 24 KB above the state database as migrations add tables.
            releases: (1...100).map { index in
                ReliabilityWorld.release(String(1_000_000 + number * 100 + index), "Record \(number) \(index)", daysAgo: index)
            })
    }

    @Test(.enabled(if: TmpfsMount.isPermitted, "needs root and a container that allows mounting a tmpfs"))
    func fullFilesystemExits74AndKeepsThePreviousFilesByteForByte() async throws {
        let disk = try TmpfsMount(kilobytes: 4096)
        let output = disk.url.appendingPathComponent("feed")
        let world = try ReliabilityWorld(
            artists: Self.artists, library: ReliabilityWorld.library(3),
            topLevelKeys: ["outputDirectory": "\"\(output.path)\""])
        #expect(await world.run("sweep").exitCode == .success)
        let before = try world.files(under: output)
        #expect(before["latest.json"] != nil && before["feed.atom"] != nil)

        #expect(disk.fill() > 0)
        let (code, console) = await world.run("sweep")
        #expect(code == .ioError)
        let lines = console.err.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(console.err.contains("disk full") && console.err.contains(output.path), "\(console.err)")
        #expect(try world.files(under: output) == before, "a file the last good run published changed")

        // Space again: the next run succeeds and cleans up after the failed one.
        try FileManager.default.removeItem(at: disk.url.appendingPathComponent("filler"))
        #expect(await world.run("sweep").exitCode == .success)
        let after = try world.files(under: output)
        #expect(after["latest.json"] != before["latest.json"])
        #expect(!after.keys.contains { AtomicFile.isTemporaryName(URL(fileURLWithPath: $0).lastPathComponent) })
    }

    /// Without root: RLIMIT_FSIZE makes every write past the limit fail with EFBIG, as a full disk
    /// would. The limit sits above the state database and the snapshot but below `feed.json`: the
    /// run replaces the snapshot files (each whole), fails at `feed.json` with exit 73 and one line,
    /// and leaves every file it did not get to byte for byte as it was, without temporaries.
    @Test func fileSizeLimitStopsAtTheFirstFileThatDoesNotFitAndTearsNothing() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let world = try ReliabilityWorld(artists: Self.artists, library: ReliabilityWorld.library(3))
        #expect(await world.run("sweep").exitCode == .success)
        let before = try world.files()
        let databaseSize = try Data(contentsOf: world.stateDatabase).count
        let snapshotSize = try #require(before["latest.json"]?.count)
        let feedSize = try #require(before["feed.json"]?.count)
        // 20 KB of room: what the database grows by in the limited run (it was 24 KB before migration
        // 17 added a page for `entry_ids`; the limit stays where it was).
        let limit = (max(databaseSize, snapshotSize) + 20 * 1024) / 1024
        try #require(limit * 1024 < feedSize, "feed.json (\(feedSize) bytes) must outgrow the limit (\(limit) KB)")

        let limited = try SpawnedProcess.deepcut(
            ["sweep", "--config", world.configPath], fileSizeLimitKilobytes: limit, in: world.folder.url)
        let result = try await limited.finish()
        #expect(result.status == 73, "\(result.stderr)")
        let stderrLines = result.errorLines.filter { !$0.hasPrefix("level=") }
        #expect(stderrLines == ["cannot write \(world.feed.path)/feed.json: File too large"], "\(result.stderr)")
        let after = try world.files()
        for name in ["feed.json", "feed.atom", "index.html"] {
            #expect(after[name] == before[name], "\(name) changed")
        }
        // Written before the failure, whole: a complete new snapshot.
        #expect(after["latest.json"] != before["latest.json"])
        #expect(try world.json("latest.json")["complete"] as? Bool == true)
        #expect(!after.keys.contains { AtomicFile.isTemporaryName(URL(fileURLWithPath: $0).lastPathComponent) })
        let health = try world.health()
        #expect(health.exitCode == 73)
        // The report says what Publish did before the failure: the baseline was promoted.
        let snapshotName = "snapshots/" + OutputFolder.snapshotName(health.runID)
        #expect(health.publish.status == .failed && health.publish.promoted)
        #expect(health.publish.wrote == [snapshotName, "current.json", "latest.json"], "\(health.publish.wrote)")
        #expect(health.publish.baselineRunID == health.runID && health.publish.snapshot == health.runID)
        #expect(after[snapshotName] != nil, "the new baseline's own snapshot is kept")
        #expect(try await StateStore(url: world.stateDatabase).integrityCheck() == ["ok"])
        #expect(await world.run("sweep").exitCode == .success)
    }

    /// A publish that fails before anything names its snapshot (here `current.json` cannot be
    /// replaced) removes the snapshot it wrote: failed runs never pile snapshots up on a full disk.
    @Test func aPublishThatFailsBeforeCurrentRemovesItsSnapshotAndSaysSo() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let world = try ReliabilityWorld(artists: ReliabilityWorld.artists(2), library: ReliabilityWorld.library(2))
        #expect(await world.run("sweep").exitCode == .success)
        let current = world.feed.appendingPathComponent("current.json")
        try FileManager.default.removeItem(at: current)
        try FileManager.default.createDirectory(at: current, withIntermediateDirectories: false)
        let feedFiles = { try world.files().filter { !$0.key.hasPrefix("health.") } }
        let before = try feedFiles()

        let result = try await world.spawn("sweep").finish()
        #expect(result.status == 73, "\(result.stderr)")
        #expect(result.errorLines.filter { !$0.hasPrefix("level=") }.count == 1, "\(result.stderr)")
        #expect(try feedFiles() == before, "the failed run left a file behind or changed one")
        let health = try world.health()
        #expect(health.publish.status == .failed && !health.publish.promoted && health.publish.wrote.isEmpty)
        #expect(health.publish.snapshot == nil)
        #expect(health.publish.removedSnapshot == "snapshots/" + OutputFolder.snapshotName(health.runID))
        let text = try String(contentsOf: world.feed.appendingPathComponent("health.txt"), encoding: .utf8)
        #expect(text.contains("after writing nothing; removed its unpublished snapshots/"), "\(text)")

        try FileManager.default.removeItem(at: current)
        #expect(await world.run("sweep").exitCode == .success)
    }
}
