import Foundation

/// The health report being filled in stage by stage.
struct RunInProgress {
    let runID: RunID
    let startedAt: Date
    var report: HealthReport

    init(runID: RunID, startedAt: Date) {
        self.runID = runID
        self.startedAt = startedAt
        report = HealthReport(runID: runID, startedAt: startedAt, finishedAt: startedAt, status: .failed, exitCode: .software)
    }
}
