/// Why an artist was never asked about in this run.
public enum SkipReason: String, Codable, Sendable {
    /// `catalog.sweepDeadlineMinutes` ran out first.
    case deadline
    /// SIGTERM/SIGINT arrived first.
    case cancelled
}
