import DeepCutCore
import Foundation
import Glibc
import Synchronization

/// Events for journald and terminals: one line per event on stderr, in logfmt
/// (`level=warning event=artist.failed artist="Bon Iver" kind=timeout attempts=3`) or, for a person
/// at a terminal, as a sentence (`HumanLogLine`); `LogDestination` chooses, once per process.
///
/// Under systemd (stderr is the `$JOURNAL_STREAM`) each line starts with a `<N>` syslog priority
/// so `journalctl -p warning` works; elsewhere the prefix is left out. Each line is made whole and
/// handed to `write` under a lock, so events from concurrent tasks never interleave and keep their
/// order. On a terminal a transient status line (the progress bar) may sit below the events: each
/// event clears it, prints, and draws it again.
///
/// A log line never blocks a cooperative thread on stderr (a journal stream or a terminal can stall
/// the writer): the lock is held only to hand the text over, and stderr's log writes it on a queue
/// of its own (`BlockingQueue`), one chunk after another in the order handed over. The sweep awaits
/// `flush()` before its last words, so no line is lost at exit and the human one-liner the CLI
/// prints on stderr (where the log does not carry the cause itself) comes after every event line.
///
/// No secret reaches this log: a token is a typed value that prints as `<redacted>`
/// (`AppleMusicToken`), and a catalog's error text is redacted where it is read
/// (`AppleMusicProvider`); `SecretsTests` checks every output of a real run for the token.
package final class EventLog: Sendable {
    let minimumLevel: LogLevel
    /// Prefix lines with `<N>` (journald reads the priority from it).
    let prefixesPriority: Bool
    /// stderr is a terminal: progress draws a live bar instead of periodic lines.
    let isInteractive: Bool
    let format: LogFormat
    /// The run's final cause is an event of this log, not a human line beside it (`LogDestination`).
    let logsCause: Bool
    private let write: @Sendable (String) -> Void
    private let drain: @Sendable () async -> Void
    private let state = Mutex(State())

    private struct State {
        /// The transient status line currently drawn, if any.
        var status: String?
    }

    /// - Parameters:
    ///   - write: receives whole chunks of text, each ending in a newline unless a status is drawn;
    ///     called under the log's lock, so it must only hand the text over (or keep it in memory).
    ///   - drain: returns once every chunk handed to `write` is written.
    init(
        minimumLevel: LogLevel, prefixesPriority: Bool, isInteractive: Bool, format: LogFormat = .logfmt, logsCause: Bool = false,
        write: @escaping @Sendable (String) -> Void, drain: @escaping @Sendable () async -> Void = {}
    ) {
        self.minimumLevel = minimumLevel
        self.prefixesPriority = prefixesPriority
        self.isInteractive = isInteractive
        self.format = format
        self.logsCause = logsCause
        self.write = write
        self.drain = drain
    }

    /// The log for this process on stderr, written as where stderr goes asks (`LogDestination`).
    /// - Parameter format: `--log-format`; nil chooses from stderr.
    package static func standardError(verbosity: LogVerbosity, format: LogFormat? = nil, environment: [String: String]) -> EventLog {
        let destination = LogDestination.resolve(
            explicit: format, isJournal: JournalStream.isConnected(STDERR_FILENO, environment: environment),
            isTerminal: isatty(STDERR_FILENO) == 1)
        return queued(
            minimumLevel: verbosity.minimumLevel, prefixesPriority: destination.prefixesPriority,
            isInteractive: destination.isInteractive, format: destination.format, logsCause: destination.logsCause,
            write: { text in writeAll(text, to: STDERR_FILENO) })
    }

    /// A log whose chunks `write` writes on a queue of its own, in the order they were logged: a
    /// stalled `write` holds that queue, never the task that logs. `flush()` waits for them.
    static func queued(
        minimumLevel: LogLevel, prefixesPriority: Bool, isInteractive: Bool, format: LogFormat = .logfmt, logsCause: Bool = false,
        write: @escaping @Sendable (String) -> Void
    ) -> EventLog {
        let writer = BlockingQueue(label: "deepcut.log")
        return EventLog(
            minimumLevel: minimumLevel, prefixesPriority: prefixesPriority, isInteractive: isInteractive, format: format,
            logsCause: logsCause, write: { text in writer.submit { write(text) } },
            drain: { await writer.drain() })
    }

    /// Returns once every line logged so far is written: awaited before the process's last words.
    package func flush() async {
        await drain()
    }

    func isEnabled(_ level: LogLevel) -> Bool {
        level >= minimumLevel
    }

    /// Writes one event. Nil values are left out, so optional details need no `if`.
    package func log(_ level: LogLevel, _ event: String, _ fields: KeyValuePairs<String, (any CustomStringConvertible)?> = [:]) {
        guard isEnabled(level) else { return }
        if format == .human, HumanLogLine.restatedByTheLastLine.contains(event) { return }
        state.withLock { state in
            var pairs: [(key: String, value: String)] = []
            for (key, value) in fields {
                guard let value else { continue }
                pairs.append((key, value.description))
            }
            let body =
                switch format {
                case .logfmt: Logfmt.line([("level", level.name), ("event", event)] + pairs)
                case .human: HumanLogLine.line(level: level, event: event, fields: pairs)
                }
            let line = (prefixesPriority ? "<\(level.syslogPriority)>" : "") + body + "\n"
            if let status = state.status {
                write(Self.clearLine + line + status)
            } else {
                write(line)
            }
        }
    }

    package func debug(_ event: String, _ fields: KeyValuePairs<String, (any CustomStringConvertible)?> = [:]) {
        log(.debug, event, fields)
    }

    package func info(_ event: String, _ fields: KeyValuePairs<String, (any CustomStringConvertible)?> = [:]) {
        log(.info, event, fields)
    }

    package func warning(_ event: String, _ fields: KeyValuePairs<String, (any CustomStringConvertible)?> = [:]) {
        log(.warning, event, fields)
    }

    package func error(_ event: String, _ fields: KeyValuePairs<String, (any CustomStringConvertible)?> = [:]) {
        log(.error, event, fields)
    }

    // MARK: Status line

    /// Carriage return, then erase to the end of the line (ECMA-48 EL).
    static let clearLine = "\r\u{1B}[K"

    /// Draws (or redraws) the transient status line: interactive logs only, no newline.
    func showStatus(_ text: String) {
        guard isInteractive else { return }
        state.withLock { state in
            state.status = text
            write(Self.clearLine + text)
        }
    }

    /// Erases the status line, leaving the cursor at the start of an empty line.
    func clearStatus() {
        state.withLock { state in
            guard state.status != nil else { return }
            state.status = nil
            write(Self.clearLine)
        }
    }

    // MARK: Helpers

    private static func writeAll(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }
}

extension EventLog {
    /// Logs nothing: for commands and tests that only want the outcome (the cause goes to the console).
    static let silent = EventLog(minimumLevel: .error, prefixesPriority: false, isInteractive: false, write: { _ in })
}

/// The `--verbose` / `--quiet` choice: which events reach stderr.
package enum LogVerbosity: Sendable, Hashable {
    /// Warnings and errors only (`--quiet`).
    case quiet
    /// Info and up: progress, per-run summaries, artists the catalog does not know.
    case normal
    /// Everything, including one line per artist (`--verbose`).
    case verbose

    /// Both flags given: `verbose` wins, since a run that says too much hides nothing.
    package init(verbose: Bool, quiet: Bool) {
        self = verbose ? .verbose : quiet ? .quiet : .normal
    }

    var minimumLevel: LogLevel {
        switch self {
        case .quiet: .warning
        case .normal: .info
        case .verbose: .debug
        }
    }
}

/// The `$JOURNAL_STREAM` handshake: systemd sets it to `DEV:INODE` of the stream it connected to
/// stdout/stderr. Only when stderr *is* that stream do `<N>` priority prefixes reach journald;
/// printed anywhere else (a terminal, a redirected file) they would be noise.
struct JournalStream: Sendable, Hashable {
    let device: UInt64
    let inode: UInt64

    /// - Parameter value: `DEV:INODE` in decimal, as systemd writes it.
    init?(_ value: String) {
        let parts = value.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]) else { return nil }
        self.device = device
        self.inode = inode
    }

    init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }

    /// The stream `descriptor` is open on, or nil when it is not open.
    static func of(descriptor: Int32) -> JournalStream? {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        return JournalStream(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }

    /// True when `$JOURNAL_STREAM` names exactly the file `descriptor` is open on.
    static func isConnected(_ descriptor: Int32, environment: [String: String]) -> Bool {
        guard let announced = environment["JOURNAL_STREAM"].flatMap(JournalStream.init) else { return false }
        return of(descriptor: descriptor) == announced
    }
}
