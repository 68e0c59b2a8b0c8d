/// How events reach stderr: logfmt for the journal and for logs kept in files, plain sentences for a
/// person at a terminal.
package enum LogFormat: String, Sendable, CaseIterable {
    case logfmt
    case human
}

/// Where stderr goes, and so how the event log writes: chosen once per process.
///
/// - a terminal: human lines, the live progress bar, the run's cause as one human line;
/// - the journal (`$JOURNAL_STREAM` is stderr) or `--log-format logfmt`: logfmt only, the cause as a
///   `run.failed`/`run.partial` event (with `<N>` priorities on the journal);
/// - anything else (a pipe, a file, cron's mail): logfmt events, and the cause as the one human line
///   the SPEC promises after them, not also as an event.
struct LogDestination: Sendable, Hashable {
    var format: LogFormat
    /// `<N>` syslog prefixes: stderr is the journal.
    var prefixesPriority: Bool
    /// Draw the live progress bar: a terminal that gets human lines.
    var isInteractive: Bool
    /// The run's final cause is written as an event instead of a human line on stderr.
    var logsCause: Bool

    /// - Parameter explicit: `--log-format`, which wins over what stderr is.
    static func resolve(explicit: LogFormat?, isJournal: Bool, isTerminal: Bool) -> LogDestination {
        let format = explicit ?? (isJournal || !isTerminal ? .logfmt : .human)
        return LogDestination(
            format: format, prefixesPriority: isJournal, isInteractive: isTerminal && format == .human,
            logsCause: format == .logfmt && (isJournal || explicit == .logfmt))
    }
}
