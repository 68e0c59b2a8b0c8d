import DeepCutCore
import DeepCutPublish
import Foundation

extension RunRecord {
    /// The run-history row for a finished run.
    init(_ report: HealthReport) {
        self.init(runID: report.runID.rawValue, startedAt: report.startedAt, finishedAt: report.finishedAt,
                  status: report.status, exitCode: ExitCode(rawValue: Int32(report.exitCode)) ?? .software,
                  durationSeconds: report.finishedAt.timeIntervalSince(report.startedAt),
                  artistsTotal: report.sweep.artists.total, artistsFailed: report.sweep.artists.failed + report.sweep.artists.skipped,
                  entries: report.diff.entries, requests: report.sweep.requests,
                  libraryArtists: report.library.status == .notRun ? nil : report.library.artists)
    }
}
