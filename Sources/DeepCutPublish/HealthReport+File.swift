import Foundation

extension HealthReport {
    /// Reads `health.json` in `outputDirectory` (for `deepcut health` and `--if-stale`).
    /// - Returns: nil when no run has written one yet.
    /// - Throws: `OutputReadError` when it exists but cannot be read or decoded.
    package static func load(outputDirectory: URL) throws -> HealthReport? {
        try OutputJSON.load(HealthReport.self, from: OutputFolder(outputDirectory).healthJSON)
    }
}
