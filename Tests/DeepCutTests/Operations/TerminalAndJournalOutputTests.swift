import DeepCutCore
import DeepCutFixtures
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCut

/// Issue 30, through the real binary: what a partial sweep writes on stderr wherever stderr goes —
/// a terminal (a pty from script(1)), the journal (`$JOURNAL_STREAM`), a plain file, and with
/// `--log-format` — and that every event and the run's cause appear exactly once.
@Suite struct TerminalAndJournalOutputTests {
    /// Artist 01 fails (HTTP 500), Artist 02 answers: exit 3 with this cause.
    static let cause = "sweep partial: 1 of 2 artists"

    static func partialWorld() throws -> ReliabilityWorld {
        let world = try ReliabilityWorld(artists: ReliabilityWorld.artists(2), library: ReliabilityWorld.library(2))
        world.fail("500001", with: Fault(.status(code: 500, body: nil), on: .lookup))
        return world
    }

    /// How often `needle` occurs in `text`.
    static func occurrences(of needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    // MARK: A terminal

    /// `deepcut <words>` with stdout and stderr on a pseudo-terminal (script(1), util-linux): what a
    /// person at a terminal sees, as raw bytes (progress-bar escapes included), `\r\n` made `\n`.
    static func onATerminal(_ words: [String], in folder: URL) async throws -> (status: Int32, raw: String) {
        let quoted = ([SpawnedProcess.deepcut.path] + words).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        var environment = ProcessInfo.processInfo.environment
        environment["JOURNAL_STREAM"] = nil
        let script = try ChildProcess(
            "/usr/bin/script", ["--quiet", "--return", "--command", quoted.joined(separator: " "), "/dev/null"],
            environment: environment, directory: folder, stdout: .capture, stderr: .stdout)
        let result = try await script.finish()
        return (result.status, result.stdoutText.replacingOccurrences(of: "\r\n", with: "\n"))
    }

    /// The lines a person reads: each line as left after the last status-line clear (`\r ESC[K`).
    static func visibleLines(_ raw: String) -> [String] {
        raw.split(separator: "\n").map { line in
            String(line.components(separatedBy: EventLog.clearLine).last ?? "")
        }.filter { !$0.isEmpty }
    }

    @Test func onATerminalEachEventIsOneHumanLineUnderTheBarAndTheCauseIsSaidOnce() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let world = try Self.partialWorld()
        let (status, raw) = try await Self.onATerminal(["sweep", "--config", world.configPath], in: world.folder.url)
        #expect(status == 3, "\(raw)")
        let lines = Self.visibleLines(raw)
        #expect(!raw.contains("level="), "no logfmt on a terminal: \(raw)")
        #expect(Self.occurrences(of: Self.cause, in: raw) == 1, "\(raw)")
        #expect(lines.last?.hasPrefix(Self.cause) == true, "\(lines)")
        #expect(lines.filter { $0.hasPrefix("warning: artist failed") }.count == 1, "\(lines)")
        #expect(Self.occurrences(of: "Artist 01", in: raw) == 1, "the failed artist once: \(raw)")
        #expect(!lines.contains { $0.contains("run finished") || $0.contains("sweep finished") }, "the last line says it: \(lines)")
        #expect(raw.contains(EventLog.clearLine + "[") && raw.contains("/2 artists"), "the progress bar is drawn: \(raw)")
    }

    @Test func onATerminalABadConfigIsOneLine() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let world = try Self.partialWorld()
        try world.folder.write("config.json", #"{"libary": []}"#)
        let (status, raw) = try await Self.onATerminal(["sweep", "--config", world.configPath], in: world.folder.url)
        #expect(status == 78)
        #expect(Self.visibleLines(raw) == ["config.json: unknown key 'libary' (did you mean 'library'?)"], "\(raw)")
    }

    // MARK: The journal

    @Test func onTheJournalEveryLineIsLogfmtWithAPriorityAndTheCauseIsOneEvent() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let world = try Self.partialWorld()
        let result = try await SpawnedProcess.deepcut(
            ["sweep", "--config", world.configPath], in: world.folder.url, stderrIsJournal: true
        ).finish()
        #expect(result.status == 3)
        #expect(result.errorLines.allSatisfy { $0.hasPrefix("<") && $0.contains("level=") }, "\(result.stderr)")
        #expect(Self.occurrences(of: Self.cause, in: result.stderr) == 1, "\(result.stderr)")
        #expect(result.errorLines.last?.hasPrefix(#"<4>level=warning event=run.partial exit=3 message="\#(Self.cause)"#) == true)
        #expect(result.errorLines.filter { $0.contains("event=artist.failed") }.count == 1, "\(result.stderr)")
        #expect(!result.stderr.contains("\u{1B}"), "no progress bar on the journal")
    }

    // MARK: A pipe or a file (cron)

    @Test func inAFileEventsAreLogfmtAndTheCauseIsTheOneHumanLineAtTheEnd() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let world = try Self.partialWorld()
        let result = try await world.spawn("sweep").finish()
        #expect(result.status == 3)
        #expect(Self.occurrences(of: Self.cause, in: result.stderr) == 1, "\(result.stderr)")
        #expect(result.errorLines.dropLast().allSatisfy { $0.hasPrefix("level=") }, "\(result.stderr)")
        #expect(result.errorLines.last?.hasPrefix(Self.cause) == true, "\(result.stderr)")
        #expect(!result.stderr.contains("event=run.partial"), "the cause is not also an event")
    }

    @Test func logFormatLogfmtWritesLogfmtOnlyWithTheCauseAsItsLastEvent() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let world = try Self.partialWorld()
        let result = try await world.spawn("sweep", "--log-format", "logfmt").finish()
        #expect(result.status == 3)
        #expect(result.errorLines.allSatisfy { $0.hasPrefix("level=") }, "\(result.stderr)")
        #expect(Self.occurrences(of: Self.cause, in: result.stderr) == 1, "\(result.stderr)")
        #expect(result.errorLines.last?.hasPrefix(#"level=warning event=run.partial exit=3 message="\#(Self.cause)"#) == true)
    }

    @Test func logFormatHumanWritesSentencesWithoutTheBarOffATerminal() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let world = try Self.partialWorld()
        let result = try await world.spawn("sweep", "--log-format=human").finish()
        #expect(result.status == 3)
        #expect(!result.stderr.contains("level=") && !result.stderr.contains("\u{1B}"), "\(result.stderr)")
        #expect(Self.occurrences(of: Self.cause, in: result.stderr) == 1, "\(result.stderr)")
        #expect(result.errorLines.last?.hasPrefix(Self.cause) == true, "\(result.stderr)")
        #expect(result.errorLines.filter { $0.hasPrefix("warning: artist failed") }.count == 1, "\(result.stderr)")
    }

    @Test func anUnknownLogFormatIsAUsageError() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let world = try Self.partialWorld()
        let result = try await world.spawn("sweep", "--log-format", "json").finish()
        #expect(result.status == 64)
        #expect(result.errorLines.first == "deepcut sweep: option '--log-format' takes logfmt or human, not 'json'")
    }
}
