/// Why an artist was never asked about in this run.
package enum SkipReason: String, Codable, Sendable {
    /// `catalog.sweepDeadlineMinutes` ran out first.
    case deadline
    /// SIGTERM/SIGINT arrived first.
    case cancelled
    /// The circuit breaker opened: transport failures in a row and no answer in this run, so the
    /// catalog was not asked about the remaining artists.
    case catalogUnreachable
}
