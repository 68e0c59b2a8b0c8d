import Synchronization

@testable import DeepCut
@testable import DeepCutCore

/// Collects what an `EventLog` writes, chunk by chunk, so tests read exact bytes.
final class LogCapture: Sendable {
    private let chunks = Mutex<[String]>([])

    var text: String { chunks.withLock { $0.joined() } }

    /// The complete lines written so far (a trailing unfinished status line is not one).
    var lines: [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    func log(_ verbosity: LogVerbosity = .normal, journal: Bool = false, interactive: Bool = false, format: LogFormat = .logfmt) -> EventLog
    {
        EventLog(
            minimumLevel: verbosity.minimumLevel, prefixesPriority: journal, isInteractive: interactive, format: format,
            write: { text in self.chunks.withLock { $0.append(text) } })
    }
}
