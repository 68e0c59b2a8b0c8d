import DeepCutPublish
import DeepCutState
import Foundation

/// The health report being filled in stage by stage.
struct RunInProgress {
    /// The start time's id until the state database is open, then one no other run has (`claimUniqueID`).
    private(set) var runID: RunID
    let startedAt: Date
    var report: HealthReport

    init(runID: RunID, startedAt: Date) {
        self.runID = runID
        self.startedAt = startedAt
        report = HealthReport(runID: runID, startedAt: startedAt, finishedAt: startedAt, status: .failed, exitCode: .software)
    }

    /// Takes the first id of this start time that neither the run history nor `snapshots/` holds,
    /// so two runs in the same second never overwrite each other's snapshot file or history row.
    /// Runs hold the sweep lock while they do this, so no other run can take the same id meanwhile.
    mutating func claimUniqueID(store: StateStore, outputDirectory: URL) throws {
        let folder = OutputFolder(outputDirectory)
        runID = try RunID.unique(at: startedAt) { id in
            try store.runs.contains(runID: id.rawValue) || FileManager.default.fileExists(atPath: folder.snapshot(id).path)
        }
        report.runID = runID
    }
}
