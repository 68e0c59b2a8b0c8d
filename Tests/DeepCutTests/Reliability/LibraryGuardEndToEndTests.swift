import DeepCutCore
import DeepCutFixtures
import DeepCutTestKit
import Foundation
import Synchronization
import Testing

@testable import DeepCut
@testable import DeepCutHTTP
@testable import DeepCutPublish
@testable import DeepCutSQLite

/// Issue 13's library and skip reproductions (and issue 14's library files) through the real
/// `deepcut` binary: the library cannot silently vanish, a file is read whole and stable, only
/// regular files are read, SIGTERM ends a long read, and a skip keeps the last real run's report.
@Suite struct LibraryGuardEndToEndTests {
    private static let artistCount = 6

    /// A world whose first sweep (6 artists, metrics on) completed.
    private func completedWorld(library: String = #"[{"format": "csv", "path": "library.csv"}]"#) async throws -> ReliabilityWorld {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let world = try ReliabilityWorld(
            artists: ReliabilityWorld.artists(Self.artistCount), library: ReliabilityWorld.library(Self.artistCount),
            topLevelKeys: ["library": library, "prometheusTextfile": #""metrics/deepcut.prom""#])
        let first = try await world.spawn("sweep").finish()
        try #require(first.status == 0, "\(first.stderr)")
        return world
    }

    /// What readers and later runs depend on: every output file but the health report, the metrics,
    /// and the user's state (run history aside: a refused run is recorded by design).
    private func untouched(_ world: ReliabilityWorld) throws -> ([String: Data], [String: [String]]) {
        (try world.files().filter { !$0.key.hasPrefix("health.") }, try world.userState())
    }

    /// `deepcut <words>` as a process. Runs started in the same second still get ids of their own
    /// (`RunInProgress.claimUniqueID` adds a suffix), so one's history row never replaces another's.
    private func spawn(_ world: ReliabilityWorld, _ words: String...) async throws -> SpawnedProcess.Result {
        defer { world.clock.runEnded() }
        return try await SpawnedProcess.deepcut(words + ["--config", world.configPath], in: world.folder.url).finish(seconds: 120)
    }

    private func runCount(_ world: ReliabilityWorld) throws -> Int {
        let database = try Database(path: world.stateDatabase.path, access: .readOnly)
        return try database.withConnection { try $0.query("SELECT COUNT(*) FROM runs") { try $0.get(0, as: Int.self) }.first ?? 0 }
    }

    // MARK: The library cannot silently vanish

    @Test func headerOnlyCSVAfterACompleteRunIsRefusedAndChangesNothing() async throws {
        let world = try await completedWorld()
        let before = try untouched(world)
        try world.folder.write("library.csv", "title,artist\n")

        let refused = try await spawn(world, "sweep")
        #expect(refused.status == 65)
        #expect(
            refused.causeLines == [
                "library is empty: no albums in library.csv (csv); refusing to sweep an empty library "
                    + "(a truncated export?); nothing published, baseline kept"
            ])
        let after = try untouched(world)
        #expect(after.0 == before.0, "feed files, latest.json or snapshots changed")
        #expect(after.1 == before.1, "the state database changed")
        let health = try world.health()
        #expect(health.status == .failed)
        #expect(health.exitCode == 65)
        #expect(health.library.status == .failed)
        let check = try await spawn(world, "health")
        #expect(check.status == 2, "\(check.stdout)")

        // The timer's next run is refused too (the last run failed: no skip), until the export is whole again.
        #expect(try await spawn(world, "sweep", "--if-stale").status == 65)
        #expect(try untouched(world).0 == before.0)
        try world.folder.write("library.csv", ReliabilityWorld.library(Self.artistCount))
        #expect(try await spawn(world, "sweep", "--if-stale").status == 0)
        #expect(try world.health().status == .complete)
    }

    @Test func libraryShrunkToUnderHalfNeedsAcceptLibraryChange() async throws {
        let world = try await completedWorld()
        let before = try untouched(world)
        try world.folder.write("library.csv", ReliabilityWorld.library(2))

        let refused = try await spawn(world, "sweep")
        #expect(refused.status == 65)
        #expect(refused.causeLines.count == 1)
        let line = refused.causeLines.first ?? ""
        #expect(line.hasPrefix("library shrank from 6 to 2 artists (-66 %) since the last complete run "), "\(line)")
        #expect(line.contains("library.maxShrinkPercent 50"))
        #expect(line.contains("library.csv (csv)"))
        #expect(line.hasSuffix("run `deepcut sweep --accept-library-change`"))
        #expect(try untouched(world) == before)

        let accepted = try await spawn(world, "sweep", "--accept-library-change")
        #expect(accepted.status == 0, "\(accepted.stderr)")
        let latest = try world.json("latest.json")
        #expect((latest["artists"] as? [String: Any])?["total"] as? Int == 2)
        // The accepted library is the new reference: the next ordinary run goes through.
        #expect(try await spawn(world, "sweep").status == 0)
    }

    @Test func objectFormMaxShrinkPercentIsHonoured() async throws {
        let world = try await completedWorld(library: #"{"sources": [{"format": "csv", "path": "library.csv"}], "maxShrinkPercent": 10}"#)
        try world.folder.write("library.csv", ReliabilityWorld.library(5))
        let refused = try await spawn(world, "sweep")
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("library shrank from 6 to 5 artists (-16 %)"))
        #expect(refused.stderr.contains("library.maxShrinkPercent 10"))
    }

    @Test func acceptLibraryChangeIsInTheHelp() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let folder = ScratchFolder()
        let help = try await SpawnedProcess.deepcut(["sweep", "--help"], in: folder.url).finish()
        #expect(help.status == 0)
        #expect(help.stdout.contains("--accept-library-change"))
        #expect(help.stdout.contains("library.maxShrinkPercent"))
    }

    // MARK: Read whole and stable

    @Test(.timeLimit(.minutes(3))) func libraryBeingAppendedWhileReadIsRetriedThenExit65NamingIt() async throws {
        let world = try await completedWorld()
        let before = try untouched(world)
        let library = world.folder.url.appendingPathComponent("library.csv")
        // Big enough that each read takes a while; the appender writes a row every half millisecond.
        try world.folder.write(
            "library.csv",
            ReliabilityWorld.library(Self.artistCount)
                + String(repeating: "Old 1,Artist 01\n", count: 150_000))
        let appender = Appender(file: library)
        appender.start()
        let result = try await spawn(world, "sweep")
        await appender.stop()

        #expect(result.status == 65, "\(result.stderr)")
        #expect(
            result.causeLines == [
                "\(library.path): changed while being read (size or modification time differ before and after, "
                    + "twice); is an export still being written? Run again once it is finished"
            ])
        #expect(try untouched(world) == before)
    }

    /// Appends a row to a file until stopped, from a thread of its own: an export still being written.
    private final class Appender: Sendable {
        let file: URL
        private let stopped = Atomic(false)
        private let finished = Completion<Void>()

        init(file: URL) {
            self.file = file
        }

        func start() {
            let thread = Thread { [self] in
                let descriptor = open(file.path, O_WRONLY | O_APPEND)
                let row = Array("Old 2,Artist 02\n".utf8)
                // The pause paces a thread of its own, never a task.
                while descriptor >= 0 && !stopped.load(ordering: .relaxed) {
                    _ = row.withUnsafeBytes { write(descriptor, $0.baseAddress, row.count) }
                    usleep(500)
                }
                close(descriptor)
                finished.complete(())
            }
            thread.start()
        }

        /// Returns once the thread has written its last row, suspending meanwhile.
        func stop() async {
            stopped.store(true, ordering: .relaxed)
            await finished.value()
        }
    }

    // MARK: Only regular files

    @Test(.timeLimit(.minutes(2))) func fifoAsLibraryIsExit65AtOnceAndFreesTheLock() async throws {
        let world = try await completedWorld()
        let before = try untouched(world)
        let fifo = world.folder.url.appendingPathComponent("library.csv")
        try FileManager.default.removeItem(at: fifo)
        #expect(mkfifo(fifo.path, 0o600) == 0)

        let result = try await spawn(world, "sweep")
        #expect(result.status == 65)
        #expect(result.causeLines == ["\(fifo.path): not a library file: it is a FIFO (named pipe); a library must be a regular file"])
        #expect(try untouched(world) == before)
        // The lock went with the process: the next run with a real library sweeps.
        try FileManager.default.removeItem(at: fifo)
        try world.folder.write("library.csv", ReliabilityWorld.library(Self.artistCount))
        #expect(try await spawn(world, "sweep").status == 0)
    }

    @Test(.timeLimit(.minutes(2))) func devZeroAsLibraryIsExit65AtOnce() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        for format in ["csv", "json", "itunes-xml", "beets"] {
            let world = try ReliabilityWorld(
                artists: ReliabilityWorld.artists(1), library: ReliabilityWorld.library(1),
                topLevelKeys: ["library": #"[{"format": "\#(format)", "path": "/dev/zero"}]"#])
            let result = try await spawn(world, "sweep")
            #expect(result.status == 65, "\(format)")
            #expect(
                result.causeLines == ["/dev/zero: not a library file: it is a character device; a library must be a regular file"],
                "\(format)")
        }
    }

    @Test(.timeLimit(.minutes(3))) func sigtermDuringALongReadEndsTheRunWithACancelLine() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let world = try ReliabilityWorld(artists: ReliabilityWorld.artists(1), library: ReliabilityWorld.library(1))
        // Millions of rows: seconds of reading for the debug binary, far longer than the signal takes.
        let library = try world.folder.write("library.csv", "title,artist\n" + String(repeating: "Old 1,Artist 01\n", count: 3_000_000))
        let sweep = try world.spawn("sweep")
        #expect(await waitUntil(seconds: 60) { Self.hasOpen(library, pid: sweep.pid) }, "the sweep never opened the library")
        kill(sweep.pid, SIGTERM)

        let result = try await sweep.finish(seconds: 60)
        #expect(result.status == 75 || result.status == 143, "\(result.status)")
        #expect(result.causeLines == ["cancelled while reading the library \(library.path); nothing published, baseline kept"])
        #expect(!FileManager.default.fileExists(atPath: world.feed.appendingPathComponent("current.json").path))
    }

    /// Whether process `pid` holds `file` open (its `/proc/PID/fd` links).
    private static func hasOpen(_ file: URL, pid: Int32) -> Bool {
        let folder = "/proc/\(pid)/fd"
        guard let descriptors = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return false }  // not started yet
        return descriptors.contains { (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\($0)")) == file.path }
    }

    // MARK: Skips keep the last real run's report

    @Test func ifStaleSkipKeepsTheLastRunsReportPerfdataAndMetrics() async throws {
        let world = try await completedWorld()
        let report = try world.health()
        let entries = report.diff.entries
        try #require(entries > 0)
        let text = try String(contentsOf: world.feed.appendingPathComponent("health.txt"), encoding: .utf8)
        let metrics = try Data(contentsOf: world.folder.url.appendingPathComponent("metrics/deepcut.prom"))
        let runs = try runCount(world)

        let skipped = try await spawn(world, "sweep", "--if-stale")
        #expect(skipped.status == 0)
        #expect(skipped.stdout.contains("nothing to do"))

        var kept = try world.health()
        let skip = try #require(kept.lastSkip)
        #expect(skip.reason.contains("younger than ttlHours"))
        #expect(skip.at >= report.finishedAt)
        kept.lastSkip = nil
        #expect(kept == report, "the skip changed the last real run's report")
        let skippedText = try String(contentsOf: world.feed.appendingPathComponent("health.txt"), encoding: .utf8)
        #expect(skippedText.hasPrefix("deepcut sweep \(report.runID): COMPLETE (exit 0)"))
        #expect(skippedText.contains("skipped:  \(Timestamp.string(skip.at)) by --if-stale: "))
        // Rendered again from health.json, whose whole-second times may round the run's duration differently.
        let withoutDuration = { (text: String) in
            text.split(separator: "\n").filter { !$0.hasPrefix("skipped:") }.map { $0.hasPrefix("ran:") ? $0.prefix { $0 != "(" } : $0 }
        }
        #expect(withoutDuration(skippedText) == withoutDuration(text))
        let check = try await spawn(world, "health")
        #expect(check.status == 0, "\(check.stdout)")
        #expect(check.stdout.hasPrefix("DEEPCUT OK: last run \(report.runID) complete, \(entries) entries"))
        #expect(check.stdout.contains("'entries'=\(entries);;;0 "))
        #expect(try Data(contentsOf: world.folder.url.appendingPathComponent("metrics/deepcut.prom")) == metrics)
        #expect(try runCount(world) == runs, "a skip is not a run")

        // A second skip still describes the same run; the next real run replaces the report.
        #expect(try await spawn(world, "sweep", "--if-stale").status == 0)
        #expect(try world.health().runID == report.runID)
        #expect(try await spawn(world, "sweep").status == 0)
        #expect(try world.health().lastSkip == nil)
        #expect(try world.health().runID != report.runID)
    }
}

extension SpawnedProcess.Result {
    /// stderr without the logfmt event lines: the one line a non-zero exit prints.
    fileprivate var causeLines: [String] { errorLines.filter { !$0.hasPrefix("level=") } }
}
