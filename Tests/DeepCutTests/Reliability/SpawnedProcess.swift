import DeepCutTestKit
import Foundation
import Testing

/// A real child process with its output captured to files (no pipe can fill up and stall it), for
/// tests that need what only a process has: its own pid and lock, exit status, signals, rlimits.
final class SpawnedProcess: Sendable {
    struct Result: Sendable {
        var status: Int32
        var stdout: String
        var stderr: String
        /// When the process ended, as its waitpid thread saw it (not when the test looked), and how
        /// long it ran: what a test that bounds a run's time measures.
        var endedAt: ContinuousClock.Instant
        var duration: Duration
        /// The non-empty lines of stderr.
        var errorLines: [String] { stderr.split(separator: "\n").map(String.init) }
    }

    /// Built next to the test runner by `swift build --build-tests` / `swift test`.
    static let binFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    static let deepcut = binFolder.appendingPathComponent("deepcut")
    static var deepcutIsBuilt: Bool { FileManager.default.isExecutableFile(atPath: deepcut.path) }

    private let process: ChildProcess
    private let output: URL
    private let errors: URL

    var pid: Int32 { process.pid }

    /// Starts `executable` with `arguments`; its stdout and stderr go to files in `folder`.
    /// - Parameters:
    ///   - environment: added to (or replacing in) the test runner's environment.
    ///   - stderrIsJournal: set `$JOURNAL_STREAM` to the stderr file's `DEV:INODE`, as systemd does
    ///     when stderr is the journal, so the child writes what journald would receive.
    init(
        _ executable: URL, _ arguments: [String], in folder: URL, environment: [String: String] = [:],
        stderrIsJournal: Bool = false
    ) throws {
        let name = UUID().uuidString
        output = folder.appendingPathComponent("\(name).out")
        errors = folder.appendingPathComponent("\(name).err")
        // Created here, not by the child: `stderrIsJournal` needs the file's inode before the start.
        try Data().write(to: output)
        try Data().write(to: errors)
        var variables = environment
        if stderrIsJournal {
            var status = stat()
            guard stat(errors.path, &status) == 0 else { throw CocoaError(.fileReadUnknown) }
            variables["JOURNAL_STREAM"] = "\(status.st_dev):\(status.st_ino)"
        }
        process = try ChildProcess(
            executable, arguments, environment: ChildProcess.environment(adding: variables), stdout: .file(output),
            stderr: .file(errors))
    }

    /// `deepcut <words>`.
    static func deepcut(
        _ words: [String], in folder: URL, environment: [String: String] = [:],
        stderrIsJournal: Bool = false
    ) throws -> SpawnedProcess {
        try SpawnedProcess(deepcut, words, in: folder, environment: environment, stderrIsJournal: stderrIsJournal)
    }

    /// `deepcut <words>` under bash with a file-size limit of `kilobytes` and SIGXFSZ ignored, so an
    /// oversized write fails with EFBIG as a full disk would, instead of killing the process.
    static func deepcut(_ words: [String], fileSizeLimitKilobytes kilobytes: Int, in folder: URL) throws -> SpawnedProcess {
        try SpawnedProcess(
            URL(fileURLWithPath: "/bin/bash"),
            ["-c", "trap '' XFSZ; ulimit -f \(kilobytes); exec \"$0\" \"$@\"", deepcut.path] + words, in: folder)
    }

    var isRunning: Bool { process.isRunning }

    /// Waits (bounded: a hung child is killed and the test fails) and returns the exit status and output.
    func finish(seconds: Double = 120, sourceLocation: SourceLocation = #_sourceLocation) async throws -> Result {
        let termination: ChildProcess.Termination
        if let ended = await process.wait(timeout: .milliseconds(Int(seconds * 1000))) {
            termination = ended
        } else {
            process.kill()
            Issue.record("\(process.name) still running after \(seconds) s", sourceLocation: sourceLocation)
            termination = await process.wait()
        }
        let stdout = try String(contentsOf: output, encoding: .utf8)
        let stderr = try String(contentsOf: errors, encoding: .utf8)
        try? FileManager.default.removeItem(at: output)
        try? FileManager.default.removeItem(at: errors)
        let endedAt = process.endedAt ?? .now
        return Result(status: termination.status, stdout: stdout, stderr: stderr, endedAt: endedAt, duration: endedAt - process.startedAt)
    }
}
