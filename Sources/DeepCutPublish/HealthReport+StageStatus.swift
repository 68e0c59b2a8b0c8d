extension HealthReport {
    /// How one stage ended. `notRun` when an earlier stage stopped the run.
    package enum StageStatus: String, Sendable, Hashable, Codable, CaseIterable {
        case ok
        case partial
        case failed
        case skipped
        case notRun
    }
}
