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

    /// Installed from a nonisolated function with `@Sendable` handlers: a handler inferred
    /// main-actor crashes with SIGILL on Linux when the signal arrives (DESIGN.md traps).
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
