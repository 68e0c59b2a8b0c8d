import Foundation
import DeepCutCore

/// The last run's health report (`health.json`): what each stage did, for operators and monitoring.
///
/// Every stage object is always present: a run that stops early (a bad library, exit 65) still
/// yields a complete, valid report in which the later stages say `notRun`.
package struct HealthReport: Sendable, Hashable, Codable {
    package var runID: RunID
    package var startedAt: Date
    package var finishedAt: Date
    package var status: RunStatus
    package var exitCode: Int
    /// The one-line cause of a non-zero exit, as printed on stderr.
    package var message: String?
    /// systemd's `$INVOCATION_ID` when the run was started by systemd, to find its journal lines.
    package var invocationID: String?
    package var library: LibraryStage
    package var sweep: SweepStage
    package var diff: DiffStage
    package var publish: PublishStage
    /// The newest `--if-stale` skip since this run, when there was one: a skip keeps the last real
    /// run's report and only adds this.
    package var lastSkip: LastSkip?

    package init(runID: RunID, startedAt: Date, finishedAt: Date, status: RunStatus, exitCode: ExitCode,
                message: String? = nil, library: LibraryStage = .notRun, sweep: SweepStage = .notRun,
                diff: DiffStage = .notRun, publish: PublishStage = .notRun) {
        self.runID = runID
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.status = status
        self.exitCode = Int(exitCode.rawValue)
        self.message = message
        self.library = library
        self.sweep = sweep
        self.diff = diff
        self.publish = publish
    }
}
