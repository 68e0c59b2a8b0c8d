import Foundation
import Glibc
import Synchronization

/// A child process started with `posix_spawn`, for tests that run a real program (deepcut itself,
/// python3, openssl, chromium).
///
/// Not Foundation's `Process`: on Linux its `run()` can crash the test runner (it over-reads a
/// dirent listing /proc/self/fd, swift-corelibs-foundation #5472), and its `waitUntilExit()` and
/// pipe reads block one of the few cooperative threads the parallel suite shares. Here the exit
/// status is collected by `waitpid` on a thread of the child's own and every captured pipe is read
/// on a thread of its own; async callers suspend on continuations and never hold a pool thread.
///
///     let child = try ChildProcess("/usr/bin/env", ["python3", "-c", "print(1)"], stdout: .capture)
///     let result = try await child.finish()   // exit status, stdout, stderr
///
/// The child starts with every signal at its default disposition and none blocked (the test
/// runner blocks SIGTERM, and a child would otherwise inherit that), with only descriptors 0–2
/// open (stdin is /dev/null), and with the given environment (nil: the test runner's).
package final class ChildProcess: Sendable {
    /// Where the child's stdout or stderr goes.
    package enum Output: Sendable {
        case null
        /// A pipe read on a thread of its own; read it with `stdout(until:)` or `finish()`.
        case capture
        /// A file, created or truncated by the child as it starts.
        case file(URL)
        /// stderr only: wherever stdout goes (one pipe for both with `.capture`).
        case stdout
    }

    /// How the child ended.
    package enum Termination: Sendable, Equatable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)

        /// The shell's number: the exit code, or 128 + the signal.
        package var status: Int32 {
            switch self {
            case .exited(let code): code
            case .signalled(let signal): 128 + signal
            }
        }

        package var description: String {
            switch self {
            case .exited(let code): "exit \(code)"
            case .signalled(let signal): "signal \(signal)"
            }
        }
    }

    /// What `finish()` returns.
    package struct Result: Sendable {
        package var termination: Termination
        package var stdout: Data
        package var stderr: Data
        /// From the spawn to the end, as the child's own threads saw them.
        package var duration: Duration

        package var status: Int32 { termination.status }
        package var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
        package var stderrText: String { String(decoding: stderr, as: UTF8.self) }
    }

    package let pid: pid_t
    /// The executable's name, for messages.
    package let name: String
    /// Just before the spawn.
    package let startedAt: ContinuousClock.Instant
    /// The end and when the waitpid thread saw it: a test times the child by this, not by when its
    /// own (maybe starved) task got round to looking.
    private let exit = Completion<(termination: Termination, at: ContinuousClock.Instant)>()
    private let capturedOutput: PipeCollector?
    private let capturedErrors: PipeCollector?

    /// Starts `executable` (a path: no PATH search; use `/usr/bin/env` for that).
    /// - Parameters:
    ///   - environment: the child's whole environment; nil passes the test runner's on.
    ///   - directory: the child's working directory; nil keeps the test runner's.
    /// - Throws: `ChildProcessError` when the program cannot be started (missing, not executable).
    package init(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, directory: URL? = nil,
        stdout: Output = .null, stderr: Output = .null
    ) throws {
        let name = URL(fileURLWithPath: executable).lastPathComponent
        self.name = name
        var plan = SpawnPlan()
        defer { plan.release() }
        try plan.open(0, "/dev/null", O_RDONLY)
        switch stdout {
        case .null, .stdout: try plan.open(1, "/dev/null", O_WRONLY)
        case .capture: try plan.pipe(1)
        case .file(let url): try plan.open(1, url.path, O_WRONLY | O_CREAT | O_TRUNC)
        }
        switch stderr {
        case .null: try plan.open(2, "/dev/null", O_WRONLY)
        case .capture: try plan.pipe(2)
        case .file(let url): try plan.open(2, url.path, O_WRONLY | O_CREAT | O_TRUNC)
        case .stdout: plan.duplicate(1, to: 2)
        }
        if let directory { try plan.changeDirectory(to: directory.path) }
        let variables = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        startedAt = .now
        pid = try plan.spawn(executable, arguments: [executable] + arguments, environment: variables)

        // The parent keeps only its ends of the pipes; the child's copies close here.
        let ends = plan.parentEnds
        capturedOutput = ends[1].map { PipeCollector(reading: $0, name: "\(name) stdout") }
        capturedErrors = ends[2].map { PipeCollector(reading: $0, name: "\(name) stderr") }
        let (pid, exit) = (pid, exit)
        Thread.detachNewThread {
            Thread.current.name = "\(executable) waitpid"
            let termination = Self.reap(pid)
            exit.complete((termination, .now))
        }
    }

    /// Convenience: the file at `url`.
    package convenience init(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil, directory: URL? = nil,
        stdout: Output = .null, stderr: Output = .null
    ) throws {
        try self.init(executable.path, arguments, environment: environment, directory: directory, stdout: stdout, stderr: stderr)
    }

    /// The test runner's environment with `changes` added or replaced.
    package static func environment(adding changes: [String: String]) -> [String: String] {
        ProcessInfo.processInfo.environment.merging(changes) { $1 }
    }

    /// Nil while the child runs.
    package var termination: Termination? { exit.result?.termination }
    package var isRunning: Bool { exit.result == nil }
    /// When the child ended (as its waitpid thread saw it); nil while it runs.
    package var endedAt: ContinuousClock.Instant? { exit.result?.at }

    /// Waits for the child to end, suspending (never blocking a thread).
    package func wait() async -> Termination {
        await exit.value().termination
    }

    /// Waits at most `timeout`; nil when the child is still running then.
    package func wait(timeout: Duration) async -> Termination? {
        let exit = exit
        return await withTaskGroup(of: Termination?.self) { group in
            group.addTask { await exit.valueUnlessCancelled()?.termination }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    /// Sends `signal` (no effect once the child has been reaped, so a reused pid is never hit).
    package func signal(_ signal: Int32) {
        guard isRunning else { return }
        _ = Glibc.kill(pid, signal)
    }

    /// SIGKILL.
    package func kill() { signal(SIGKILL) }

    /// SIGTERM.
    package func terminate() { signal(SIGTERM) }

    /// The captured stdout so far, once it satisfies `condition` or the child closed it (nil if not captured).
    package func stdout(until condition: @escaping @Sendable (Data) -> Bool) async -> Data? {
        await capturedOutput?.bytes(until: condition)
    }

    /// Waits for the child to end (killing it after `timeout`, which is then recorded as an error)
    /// and returns its status and every byte of its captured output.
    /// - Throws: `ChildProcessError.timedOut` after killing a child that outlived `timeout`.
    package func finish(timeout: Duration = .seconds(120)) async throws -> Result {
        guard let termination = await wait(timeout: timeout) else {
            kill()
            _ = await wait()
            throw ChildProcessError(message: "\(name) still running after \(timeout); killed")
        }
        let stdout = await capturedOutput?.bytes(until: { _ in false }) ?? Data()
        let stderr = await capturedErrors?.bytes(until: { _ in false }) ?? Data()
        return Result(termination: termination, stdout: stdout, stderr: stderr, duration: (endedAt ?? .now) - startedAt)
    }

    /// Runs a program to its end: `ChildProcess(...).finish()` with stdout and stderr captured.
    package static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, directory: URL? = nil,
        stderr: Output = .capture, timeout: Duration = .seconds(120)
    ) async throws -> Result {
        try await ChildProcess(executable, arguments, environment: environment, directory: directory, stdout: .capture, stderr: stderr)
            .finish(timeout: timeout)
    }

    /// SIGKILL for a child still running when its owner lets go: no test leaves a process behind.
    /// The waitpid thread then reaps it, so no zombie stays either.
    deinit {
        if exit.result == nil { _ = Glibc.kill(pid, SIGKILL) }
    }

    /// Blocks the calling (dedicated) thread until `pid` ends.
    private static func reap(_ pid: pid_t) -> Termination {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { return .exited(-1) }
        }
        // WIFEXITED / WEXITSTATUS / WTERMSIG: the macros Swift's Glibc does not import.
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }
}

/// A child process could not be started, or outlived its time.
package struct ChildProcessError: Error, CustomStringConvertible {
    package var message: String
    package var description: String { message }
}
