import Dispatch

#if canImport(Glibc)
    import Glibc
#endif

/// Runs work in a task that SIGTERM and SIGINT cancel, so a stopped timer unit or a Ctrl-C ends
/// the sweep through the same partial-publish path as a deadline, never mid-write.
enum SignalCancellation {
    static func run<T: Sendable>(_ work: @escaping @Sendable () async -> T) async -> T {
        let task = Task { await work() }
        let sources = install(cancelling: task)
        defer { sources.forEach { $0.cancel() } }
        return await task.value
    }

    /// Installed first thing by `DeepCutCLI.main`, for the moments before a sweep installs its own
    /// handling (config loading, any other command): SIGTERM or SIGINT then ends the process at once
    /// with one stderr line and 128 + n, where the default action would end it without a word.
    /// Only async-signal-safe calls (write, _exit) run in the handler.
    static func installEarlyExit() {
        for number in [SIGTERM, SIGINT] {
            signal(number) { number in
                let line: StaticString = number == SIGINT ? "deepcut: stopped by SIGINT\n" : "deepcut: stopped by SIGTERM\n"
                _ = write(2, line.utf8Start, line.utf8CodeUnitCount)
                _exit(128 + number)
            }
        }
    }

    /// Installed from a nonisolated function with `@Sendable` handlers: a handler inferred
    /// main-actor crashes with SIGILL on Linux when the signal arrives (Swift 6.3.1).
    private static func install<T>(cancelling task: Task<T, Never>) -> [any DispatchSourceSignal] {
        [SIGTERM, SIGINT].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { @Sendable in task.cancel() }
            source.resume()
            return source
        }
    }
}
