import Foundation
import DeepCutCore

/// The last run's health report (`health.json`): what each stage did, for operators and monitoring.
///
/// Every stage object is always present: a run that stops early (a bad library, exit 65) still
/// yields a complete, valid report in which the later stages say `notRun`.
public struct HealthReport: Sendable, Hashable, Codable {
    public var runID: RunID
    public var startedAt: Date
    public var finishedAt: Date
    public var status: RunStatus
    public var exitCode: Int
    /// The one-line cause of a non-zero exit, as printed on stderr.
    public var message: String?
    /// systemd's `$INVOCATION_ID` when the run was started by systemd, to find its journal lines.
    public var invocationID: String?
    public var library: LibraryStage
    public var sweep: SweepStage
    public var diff: DiffStage
    public var publish: PublishStage
    /// The newest `--if-stale` skip since this run, when there was one: a skip keeps the last real
    /// run's report and only adds this.
    public var lastSkip: LastSkip?

    public init(runID: RunID, startedAt: Date, finishedAt: Date, status: RunStatus, exitCode: ExitCode,
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
