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
