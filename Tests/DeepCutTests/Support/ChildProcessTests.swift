import DeepCutTestKit
import Foundation
import Glibc
import Testing

/// The test kit's `posix_spawn` wrapper, against real programs (sh, env, head, sleep, pwd).
@Suite struct ChildProcessTests {
    @Test func exitCodesComeBackAsTheProgramGaveThem() async throws {
        #expect(try await ChildProcess.run("/bin/sh", ["-c", "exit 0"]).termination == .exited(0))
        let failed = try await ChildProcess.run("/bin/sh", ["-c", "exit 3"])
        #expect(failed.termination == .exited(3))
        #expect(failed.status == 3)
    }

    /// A child's time is measured by its own threads: a test bounding a run's time reads this, not
    /// the moment its own task (maybe starved on a loaded machine) looked.
    @Test func theDurationIsFromTheSpawnToTheEnd() async throws {
        let child = try ChildProcess("/bin/sleep", ["0.3"])
        let result = try await child.finish()
        #expect(result.duration >= .milliseconds(300))
        #expect(child.endedAt.map { $0 - child.startedAt } == result.duration)
    }

    @Test func aSignalledChildReportsTheSignalAndTheShellsNumber() async throws {
        let result = try await ChildProcess.run("/bin/sh", ["-c", "kill -KILL $$"])
        #expect(result.termination == .signalled(SIGKILL))
        #expect(result.status == 128 + SIGKILL)
    }

    /// The test runner blocks SIGTERM; the child must not inherit that, or `terminate()` is ignored.
    @Test func terminateEndsAChildWithSIGTERMAndKillWithSIGKILL() async throws {
        let terminated = try ChildProcess("/bin/sleep", ["infinity"])
        #expect(terminated.isRunning)
        terminated.terminate()
        #expect(await terminated.wait() == .signalled(SIGTERM))
        #expect(!terminated.isRunning)

        let killed = try ChildProcess("/bin/sleep", ["infinity"])
        killed.kill()
        #expect(await killed.wait() == .signalled(SIGKILL))
        killed.kill()  // after the end: nothing happens, no reused pid is hit
    }

    @Test func outputFarLargerThanAPipeBufferArrivesWhole() async throws {
        // 1 MB on each stream at once: a reader that drained one pipe before the other would deadlock.
        let result = try await ChildProcess.run(
            "/bin/sh", ["-c", "head -c 1000000 /dev/zero & head -c 1000000 /dev/zero >&2; wait"])
        #expect(result.termination == .exited(0))
        #expect(result.stdout.count == 1_000_000)
        #expect(result.stderr.count == 1_000_000)
    }

    @Test func stderrCanJoinStdoutOrGoToAFile() async throws {
        let joined = try await ChildProcess.run("/bin/sh", ["-c", "echo out; echo err >&2"], stderr: .stdout)
        #expect(joined.stdoutText == "out\nerr\n")
        #expect(joined.stderr.isEmpty)

        let folder = ScratchFolder()
        let errors = folder.url.appendingPathComponent("errors.txt")
        let child = try ChildProcess("/bin/sh", ["-c", "echo to-file >&2"], stderr: .file(errors))
        #expect(await child.wait() == .exited(0))
        #expect(try String(contentsOf: errors, encoding: .utf8) == "to-file\n")
    }

    @Test func theEnvironmentIsExactlyWhatWasGiven() async throws {
        let given = try await ChildProcess.run("/usr/bin/env", [], environment: ["ONLY": "this", "AND": "that"])
        #expect(Set(given.stdoutText.split(separator: "\n")) == ["ONLY=this", "AND=that"])

        let added = try await ChildProcess.run("/usr/bin/env", [], environment: ChildProcess.environment(adding: ["DEEPCUT_CHILD": "1"]))
        let lines = added.stdoutText.split(separator: "\n")
        #expect(lines.contains("DEEPCUT_CHILD=1"))
        #expect(lines.contains { $0.hasPrefix("PATH=") }, "the runner's own variables are kept")
    }

    @Test func theWorkingDirectoryIsTheOneGiven() async throws {
        let folder = ScratchFolder()
        let result = try await ChildProcess.run("/bin/pwd", [], directory: folder.url)
        #expect(result.stdoutText == folder.url.resolvingSymlinksInPath().path + "\n")
    }

    @Test func aMissingExecutableIsAnErrorNamingIt() async throws {
        let error = #expect(throws: ChildProcessError.self) { try ChildProcess("/nonexistent/deepcut-nothing", []) }
        #expect(error?.description.contains("/nonexistent/deepcut-nothing") == true)
        #expect(error?.description.contains("No such file or directory") == true)
    }

    /// A descriptor the runner opened without close-on-exec (other code does) stays out of the child.
    @Test func theChildGetsOnlyStandardDescriptors() async throws {
        let leaked = open("/dev/null", O_RDONLY)
        try #require(leaked > 2)
        defer { close(leaked) }
        let result = try await ChildProcess.run("/bin/sh", ["-c", "test -e /proc/$$/fd/\(leaked) && echo open || echo closed"])
        #expect(result.stdoutText == "closed\n")
        #expect(try await ChildProcess.run("/bin/sh", ["-c", "cat <&0"]).stdout.isEmpty, "stdin is /dev/null")
    }

    @Test func outputIsReadWhileTheChildStillRuns() async throws {
        let child = try ChildProcess("/bin/sh", ["-c", "echo ready; exec sleep infinity"], stdout: .capture)
        let announced = await child.stdout(until: { $0.last == UInt8(ascii: "\n") })
        #expect(announced == Data("ready\n".utf8))
        #expect(child.isRunning)
        child.kill()
        #expect(await child.wait() == .signalled(SIGKILL))
    }

    @Test func aTimedOutChildIsKilledAndTheTimeoutIsAnError() async throws {
        let child = try ChildProcess("/bin/sleep", ["infinity"])
        #expect(await child.wait(timeout: .milliseconds(50)) == nil)
        #expect(child.isRunning, "a wait that timed out leaves the child alone")
        await #expect(throws: ChildProcessError.self) { try await child.finish(timeout: .milliseconds(50)) }
        #expect(child.termination == .signalled(SIGKILL))
    }
}
