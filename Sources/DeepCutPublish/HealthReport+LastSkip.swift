import Foundation

extension HealthReport {
    /// An `--if-stale` run that found nothing to do: when, and why.
    package struct LastSkip: Sendable, Hashable, Codable {
        package var at: Date
        package var reason: String

        package init(at: Date, reason: String) {
            self.at = at
            self.reason = reason
        }
    }
}

extension HealthWriter {
    /// Records a skip in the health report: the last real run's report stays as it was, with
    /// `lastSkip` added, so `health.txt`, `deepcut health` and its perfdata keep describing the feed
    /// people see. Without a readable report (deleted, damaged) `fallback`, a skipped run's own
    /// report, is written instead.
    /// - Returns: the report written.
    package static func writeSkip(_ skip: HealthReport.LastSkip, fallback: HealthReport, to folder: URL) throws -> HealthReport {
        var report: HealthReport
        do {
            report = try HealthReport.load(outputDirectory: folder) ?? fallback
        } catch is OutputReadError {
            report = fallback  // An unreadable report is an output to replace, not data to keep.
        }
        report.lastSkip = skip
        try write(report, to: folder)
        return report
    }
}
