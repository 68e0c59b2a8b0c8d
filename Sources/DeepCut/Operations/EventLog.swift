import Foundation
import Glibc
import Synchronization

/// Events for journald and terminals: one logfmt line per event on stderr,
/// `level=warning event=artist.failed artist="Bon Iver" kind=timeout attempts=3`.
///
/// Under systemd (stderr is the `$JOURNAL_STREAM`) each line starts with a `<N>` syslog priority
/// so `journalctl -p warning` works; elsewhere the prefix is left out. Lines are written whole,
/// under a lock, so events from concurrent tasks never interleave. On a terminal a transient
/// status line (the progress bar) may sit below the events: each event clears it, prints, and
/// draws it again.
///
/// Secrets registered with `redactSecret` are replaced in every value before it is written.
package final class EventLog: Sendable {
    /// Replaces a registered secret wherever it appears in a value.
    static let redaction = "[redacted]"

    let minimumLevel: LogLevel
    /// Prefix lines with `<N>` (journald reads the priority from it).
    let prefixesPriority: Bool
    /// stderr is a terminal: progress draws a live bar instead of periodic lines.
    package let isInteractive: Bool
    private let write: @Sendable (String) -> Void
    private let state = Mutex(State())

    private struct State {
        var secrets: [String] = []
        /// The transient status line currently drawn, if any.
        var status: String?
    }

    /// - Parameter write: receives whole chunks of text, each ending in a newline unless a status is drawn.
    init(minimumLevel: LogLevel, prefixesPriority: Bool, isInteractive: Bool, write: @escaping @Sendable (String) -> Void) {
        self.minimumLevel = minimumLevel
        self.prefixesPriority = prefixesPriority
        self.isInteractive = isInteractive
        self.write = write
    }

    /// The log for this process: stderr, priority prefixes when stderr is the journal stream.
    package static func standardError(verbosity: LogVerbosity, environment: [String: String]) -> EventLog {
        EventLog(minimumLevel: verbosity.minimumLevel,
                 prefixesPriority: JournalStream.isConnected(STDERR_FILENO, environment: environment),
                 isInteractive: isatty(STDERR_FILENO) == 1,
                 write: { text in writeAll(text, to: STDERR_FILENO) })
    }

    package func isEnabled(_ level: LogLevel) -> Bool {
        level >= minimumLevel
    }

    /// Never print `secret` (a token read from a credential file): every occurrence in a value
    /// becomes `[redacted]`. Empty strings are ignored.
    package func redactSecret(_ secret: String) {
        guard !secret.isEmpty else { return }
        state.withLock { $0.secrets.append(secret) }
    }

    /// Writes one event. Nil values are left out, so optional details need no `if`.
    package func log(_ level: LogLevel, _ event: String, _ fields: KeyValuePairs<String, (any CustomStringConvertible)?> = [:]) {
        guard isEnabled(level) else { return }
        state.withLock { state in
            var pairs: [(key: String, value: String)] = [("level", level.name), ("event", event)]
            for (key, value) in fields {
                guard let value else { continue }
                pairs.append((key, Self.redact(value.description, secrets: state.secrets)))
            }
            let line = (prefixesPriority ? "<\(level.syslogPriority)>" : "") + Logfmt.line(pairs) + "\n"
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

    private static func redact(_ value: String, secrets: [String]) -> String {
        secrets.reduce(value) { $0.replacingOccurrences(of: $1, with: redaction) }
    }

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
