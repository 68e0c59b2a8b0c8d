import DeepCutCore
import DeepCutLibrary
import DeepCutPublish
import DeepCutState
import DeepCutSweep
import Foundation

/// What a run tells its caller: the health report written for operators (when one could be
/// written) and the exit code. `stderrLine` is the one line a non-zero exit prints.
struct RunReport: Sendable {
    package var health: HealthReport?
    package var exitCode: ExitCode
    package var stderrLine: String?
    /// An `--if-stale` skip: `health` is the last real run's report, with `lastSkip` added.
    package var skipped = false

    package init(health: HealthReport?, exitCode: ExitCode, stderrLine: String?) {
        self.health = health
        self.exitCode = exitCode
        self.stderrLine = stderrLine
    }
}

/// The one place a sweep's exit code is decided (SPEC "Exit codes of deepcut sweep").
enum ExitStatus {
    /// complete or skipped → 0, partial → 3, failed → 75.
    static func of(_ status: RunStatus) -> ExitCode {
        switch status {
        case .complete, .skipped: .success
        case .partial: .partial
        case .failed: .tempFail
        }
    }
}

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
    mutating func claimUniqueID(store: StateStore, outputDirectory: URL) async throws {
        let (folder, startedAt) = (OutputFolder(outputDirectory), startedAt)
        runID = try await store.perform { store in
            try RunID.unique(at: startedAt) { id in
                try store.runs.contains(runID: id.rawValue) || FileManager.default.fileExists(atPath: folder.snapshot(id).path)
            }
        }
        report.runID = runID
    }
}

extension HealthReport.LibraryStage {
    /// The library stage's report: per-source counts and the first warnings.
    init(_ outcome: LibraryOutcome) {
        self.init(
            status: outcome.warnings.isEmpty ? .ok : .partial, albums: outcome.albums.count, artists: outcome.artists.count,
            sources: outcome.sources.map {
                HealthReport.SourceSummary(source: $0.source, format: $0.format.rawValue, albums: $0.albums, warnings: $0.warnings)
            },
            warnings: outcome.warnings.map(\.description))
    }
}

extension RunRecord {
    /// The run-history row for a finished run.
    init(_ report: HealthReport) {
        self.init(
            runID: report.runID.rawValue, startedAt: report.startedAt, finishedAt: report.finishedAt,
            status: report.status, exitCode: ExitCode(rawValue: Int32(report.exitCode)) ?? .software,
            durationSeconds: report.finishedAt.timeIntervalSince(report.startedAt),
            artistsTotal: report.sweep.artists.total, artistsFailed: report.sweep.artists.failed + report.sweep.artists.skipped,
            entries: report.diff.entries, requests: report.sweep.requests,
            libraryArtists: report.library.status == .notRun ? nil : report.library.artists)
    }
}

extension LibraryOutcome {
    /// The library plus albums recorded with `deepcut library add`: owned like the rest, and
    /// their artists swept (adding an album says you care about its artist).
    func including(_ added: [LibraryAlbum]) -> LibraryOutcome {
        var outcome = self
        var seen = Set(artists.map(ArtistName.groupingKey))
        for album in added {
            outcome.albums.append(album)
            if !ArtistName.isPlaceholder(album.artist), seen.insert(ArtistName.groupingKey(album.artist)).inserted {
                outcome.artists.append(album.artist)
            }
        }
        return outcome
    }
}

extension HealthReport.DiffStage.TrackEvidenceCounts {
    init(_ outcome: TrackEvidenceStage.Outcome) {
        self.init(
            undecided: outcome.undecided, requests: outcome.requests,
            sameRelease: outcome.verdicts[.sameRelease, default: 0],
            differentRelease: outcome.verdicts[.differentRelease, default: 0],
            insufficient: outcome.verdicts[.insufficient, default: 0], failures: outcome.failures)
    }
}
