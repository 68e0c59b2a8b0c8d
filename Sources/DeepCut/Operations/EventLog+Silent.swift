extension EventLog {
    /// Logs nothing: for commands and tests that only want the outcome.
    static let silent = EventLog(minimumLevel: .error, prefixesPriority: false, isInteractive: false, write: { _ in })
}
