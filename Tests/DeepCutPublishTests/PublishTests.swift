import DeepCutCore
import Foundation
import Glibc
import Testing

@testable import DeepCutPublish

@Suite struct PublishTests {
    /// A folder as a previous complete run (`old`) left it: baseline, current, feeds, its snapshot.
    func folderWithBaseline(_ folder: URL, old: Snapshot = PublishFixtures.snapshot(hoursAfterRun: -24)) throws {
        let outcome = try publisher(folder, now: old.generatedAt)(old)
        #expect(outcome.promoted)
    }

    func publisher(_ folder: URL, keep: Int = 30, now: Date = PublishFixtures.runDate.addingTimeInterval(60)) -> Publish {
        Publish(outputDirectory: folder, keepSnapshots: keep, now: { now })
    }

    // MARK: The three outcomes

    @Test func completeRunReplacesEveryFeedFileAndPromotes() throws {
        try PublishFixtures.withFolder { folder in
            try folderWithBaseline(folder)
            let before = try PublishFixtures.files(in: folder)
            let snapshot = PublishFixtures.snapshot(entries: [PublishFixtures.entry("9", "New One")])
            let outcome = try publisher(folder)(snapshot)
            let after = try PublishFixtures.files(in: folder)
            let bytes = try snapshot.encoded()

            #expect(outcome.promoted)
            #expect(
                outcome.wrote == ["snapshots/20261129T120000Z.json", "current.json", "latest.json", "feed.json", "feed.atom"])
            #expect(after["latest.json"] == bytes)
            #expect(after["current.json"] == bytes)
            #expect(after["snapshots/20261129T120000Z.json"] == bytes)
            for name in ["feed.json", "feed.atom"] {
                #expect(after[name] != before[name], "\(name)")
            }
            // The page waits for the run's report: the caller writes it (`writePage`).
            #expect(after["index.html"] == nil)
            #expect(after["snapshots/20261128T120000Z.json"] == before["snapshots/20261128T120000Z.json"])
            #expect(outcome.baseline?.runID == snapshot.runID)
            #expect(outcome.baselineAgeSeconds == 19)
            #expect(outcome.message == nil)
        }
    }

    @Test func partialRunPublishesCurrentButLeavesTheBaseline() throws {
        try PublishFixtures.withFolder { folder in
            try folderWithBaseline(folder)
            let before = try PublishFixtures.files(in: folder)
            let snapshot = PublishFixtures.snapshot(complete: false)
            let outcome = try publisher(folder)(snapshot)
            let after = try PublishFixtures.files(in: folder)

            #expect(!outcome.promoted)
            #expect(outcome.wrote == ["snapshots/20261129T120000Z.json", "current.json", "feed.json", "feed.atom"])
            #expect(after["latest.json"] == before["latest.json"])
            #expect(after["current.json"] == (try snapshot.encoded()))
            #expect(after["snapshots/20261129T120000Z.json"] == (try snapshot.encoded()))
            #expect(outcome.snapshot == snapshot.runID)
            #expect(outcome.baseline?.runID.rawValue == "20261128T120000Z")
            #expect(outcome.baselineAgeSeconds == 24 * 3_600 + 19)
            try publisher(folder).writePage(snapshot, context: PublishContext(), baseline: outcome.baseline)
            let page = try #require(try PublishFixtures.files(in: folder)["index.html"])
            #expect(String(decoding: page, as: UTF8.self).contains("Partial feed"))
        }
    }

    @Test func failedRunTouchesNoFeedFile() throws {
        try PublishFixtures.withFolder { folder in
            try folderWithBaseline(folder)
            let before = try PublishFixtures.files(in: folder)
            let outcome = try publisher(folder)(nil)
            #expect(try PublishFixtures.files(in: folder) == before)
            #expect(outcome.wrote.isEmpty)
            #expect(!outcome.promoted)
            #expect(outcome.snapshot == nil)
            #expect(outcome.baseline?.runID.rawValue == "20261128T120000Z")
            #expect(HealthReport.PublishStage(outcome).status == .skipped)
        }
    }

    @Test func firstRunInAMissingFolderCreatesIt() throws {
        try PublishFixtures.withFolder { folder in
            let output = folder.appendingPathComponent("var/feed")
            let outcome = try publisher(output)(PublishFixtures.snapshot(complete: false))
            #expect(outcome.baseline == nil)
            #expect(outcome.baselineAgeSeconds == nil)
            #expect(
                Set(try PublishFixtures.files(in: output).keys)
                    == ["snapshots/20261129T120000Z.json", "current.json", "feed.json", "feed.atom"])
        }
    }

    // MARK: A bad baseline is never repaired silently

    @Test func partialRunLeavesACorruptBaselineAsFoundAndSaysSo() throws {
        try PublishFixtures.withFolder { folder in
            try folderWithBaseline(folder)
            try AtomicFile.write("{\"schemaVersion\": 1, \"runID\": \"2026", to: folder.appendingPathComponent("latest.json"))
            for hours in 1...3 {
                try AtomicFile.write(
                    PublishFixtures.snapshot(hoursAfterRun: -100 * hours).encoded(),
                    to: OutputFolder(folder).snapshot(PublishFixtures.runID(hoursAfterRun: -100 * hours)))
            }
            let before = try PublishFixtures.files(in: folder)
            let outcome = try publisher(folder, keep: 1)(PublishFixtures.snapshot(complete: false))
            let after = try PublishFixtures.files(in: folder)
            #expect(after["latest.json"] == before["latest.json"])
            #expect(outcome.baseline == nil)
            #expect(outcome.pruned.isEmpty)
            #expect(after.keys.filter { $0.hasPrefix("snapshots/") }.count == 5)
            let message = try #require(outcome.message)
            #expect(message.contains("latest.json is unreadable"))
        }
    }

    @Test func completeRunReplacesACorruptBaselineAndSaysSo() throws {
        try PublishFixtures.withFolder { folder in
            try AtomicFile.write("garbage", to: folder.appendingPathComponent("latest.json"))
            let snapshot = PublishFixtures.snapshot()
            let outcome = try publisher(folder)(snapshot)
            #expect(outcome.promoted)
            #expect(try Data(contentsOf: folder.appendingPathComponent("latest.json")) == (try snapshot.encoded()))
            #expect(outcome.message?.contains("replaced an unreadable latest.json") == true)
        }
    }

    @Test func writeFailureBeforePromotionKeepsTheBaseline() throws {
        try PublishFixtures.withFolder { folder in
            try folderWithBaseline(folder)
            let baseline = try Data(contentsOf: folder.appendingPathComponent("latest.json"))
            try FileManager.default.removeItem(at: folder.appendingPathComponent("current.json"))
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("current.json"), withIntermediateDirectories: false)
            let snapshot = PublishFixtures.snapshot()
            let error = try #require(throws: PublishFailure.self) { try publisher(folder)(snapshot) }
            #expect(error.exitCode == .cannotCreate)
            #expect(error.message.contains("current.json"))
            #expect(try Data(contentsOf: folder.appendingPathComponent("latest.json")) == baseline)
            #expect(try PublishFixtures.temporaries(in: folder).isEmpty)
            // Nothing names the snapshot it wrote first: it is removed, and the outcome says so.
            let name = OutputFolder.snapshotName(snapshot.runID)
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("snapshots/" + name).path))
            #expect(error.outcome.wrote.isEmpty && !error.outcome.promoted && error.outcome.snapshot == nil)
            #expect(error.outcome.removedSnapshot == "snapshots/" + name)
        }
    }

    // MARK: Housekeeping

    @Test func retentionKeepsTheNewestAndTheBaselineOnly() throws {
        try PublishFixtures.withFolder { folder in
            let layout = OutputFolder(folder)
            try folderWithBaseline(folder, old: PublishFixtures.snapshot(hoursAfterRun: -50))
            for hours in [-40, -30, -20, -10] {
                try AtomicFile.write(
                    PublishFixtures.snapshot(hoursAfterRun: hours, complete: false).encoded(),
                    to: layout.snapshot(PublishFixtures.runID(hoursAfterRun: hours)))
            }
            try AtomicFile.write("keep me", to: layout.snapshots.appendingPathComponent("notes.json"))
            let outcome = try publisher(folder, keep: 3)(PublishFixtures.snapshot(complete: false))
            let left = try FileManager.default.contentsOfDirectory(atPath: layout.snapshots.path).sorted()
            #expect(
                left == [
                    "20261127T100000Z.json", "20261128T160000Z.json", "20261129T020000Z.json",
                    "20261129T120000Z.json", "notes.json"
                ])
            #expect(outcome.pruned == ["snapshots/20261127T200000Z.json", "snapshots/20261128T060000Z.json"])
        }
    }

    @Test func staleTemporariesOfACrashedRunAreSwept() throws {
        try PublishFixtures.withFolder { folder in
            try AtomicFile.createDirectory(folder.appendingPathComponent("snapshots"))
            try AtomicFile.write("torn", to: folder.appendingPathComponent(".current.json.tmp-abc"))
            try AtomicFile.write("torn", to: folder.appendingPathComponent("snapshots/.20261129T110000Z.json.tmp-1"))
            #expect(try PublishFixtures.files(in: folder).count == 2)
            let outcome = try publisher(folder)(nil)
            #expect(outcome.removedTemporaries == 2)
            #expect(try PublishFixtures.files(in: folder).isEmpty)
        }
    }
}
