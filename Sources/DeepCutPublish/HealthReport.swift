import DeepCutCore
import Foundation

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
    /// Each notification channel's standing after this run, in configuration order; absent when none
    /// is configured. A channel's failure is reported here and never changes `status` or `exitCode`.
    package var notify: [ChannelDelivery]?
    /// The configured tokens that state their own expiry (Apple Music developer tokens), judged when
    /// the run started; absent when none is configured. An expiring token never changes `status` or
    /// `exitCode`: `deepcut health` judges `expiresAt` again at its own time.
    package var tokens: [TokenExpiry]?
    /// Each artist source's standing after this run (`artistSources`), in configuration order; absent
    /// when none is configured. A failed source keeps its last good import and never changes `status`.
    package var artistSources: [ArtistSourceReport]?
    /// Each configured source's verdict when the config names several catalogs (`catalogs`), in
    /// config order; absent with one. One source down makes the run partial, never failed alone.
    package var sources: [SourceStatus]?
    /// A household's report (`profiles`): each profile's run, in config order; absent without profiles.
    /// The household's `status` and `exitCode` are the worst of them; the sweep is the household's one.
    package var profiles: [ProfileRun]?

    package init(
        runID: RunID, startedAt: Date, finishedAt: Date, status: RunStatus, exitCode: ExitCode,
        message: String? = nil, library: LibraryStage = .notRun, sweep: SweepStage = .notRun,
        diff: DiffStage = .notRun, publish: PublishStage = .notRun
    ) {
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

extension HealthReport {
    /// One household profile's run, as the household's report lists it; the profile's own
    /// `health.json`, in its output folder, has the rest.
    package struct ProfileRun: Sendable, Hashable, Codable {
        package var name: String
        package var status: RunStatus
        package var exitCode: Int
        package var message: String?
        /// Entries in the profile's feed; nil when it published none in this run.
        package var entries: Int?
        /// The profile's output folder.
        package var outputDirectory: String

        package init(name: String, status: RunStatus, exitCode: Int, message: String?, entries: Int?, outputDirectory: String) {
            self.name = name
            self.status = status
            self.exitCode = exitCode
            self.message = message
            self.entries = entries
            self.outputDirectory = outputDirectory
        }
    }
}

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

extension HealthReport {
    /// Reads `health.json` in `outputDirectory` (for `deepcut health` and `--if-stale`).
    /// - Returns: nil when no run has written one yet.
    /// - Throws: `OutputReadError` when it exists but cannot be read or decoded.
    package static func load(outputDirectory: URL) throws -> HealthReport? {
        try OutputJSON.load(HealthReport.self, from: OutputFolder(outputDirectory).healthJSON)
    }
}

/// Writes the run's health report as `health.json` (machine) and `health.txt` (human), each
/// atomically. Written last, after every stage, including when an early stage failed.
package enum HealthWriter {
    /// - Parameter folder: the output folder; created when missing.
    package static func write(_ report: HealthReport, to folder: URL) throws {
        let files = OutputFolder(folder)
        try AtomicFile.createDirectory(files.root)
        try AtomicFile.write(OutputJSON.encode(report), to: files.healthJSON)
        try AtomicFile.write(HealthText.render(report), to: files.healthText)
    }
}

extension HealthWriter {
    /// Records a skip in the health report: the last real run's report stays as it was, with
    /// `lastSkip` added, so `health.txt`, `deepcut health` and its perfdata keep describing the feed
    /// people see. Without a readable report (deleted, damaged) `fallback`, a skipped run's own
    /// report, is written instead.
    /// - Returns: the report written.
    /// - Parameter notify: the channels' standings when the skip retried owed deliveries; nil keeps the report's.
    package static func writeSkip(
        _ skip: HealthReport.LastSkip, fallback: HealthReport, notify: [ChannelDelivery]? = nil, to folder: URL
    ) throws -> HealthReport {
        var report: HealthReport
        do {
            report = try HealthReport.load(outputDirectory: folder) ?? fallback
        } catch is OutputReadError {
            report = fallback  // An unreadable report is an output to replace, not data to keep.
        }
        report.lastSkip = skip
        if let notify { report.notify = notify }
        try write(report, to: folder)
        return report
    }
}
