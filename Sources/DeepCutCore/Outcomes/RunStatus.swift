/// The SPEC's run status: how much of the truth a run found.
package enum RunStatus: String, Codable, Sendable {
    /// Every artist has a definite answer.
    case complete
    /// Some artists failed or were skipped; what was found is published as partial.
    case partial
    /// No artist answered: nothing is published.
    case failed
    /// `--if-stale` found a fresh, complete baseline.
    case skipped
}
