import DeepCutCore
import DeepCutLibrary
import DeepCutNotify
import DeepCutPublish
import DeepCutState
import DeepCutSweep
import Foundation

/// What the stages of one run have handed back so far: the one input of the health report.
///
/// The pipeline only records outcomes here; `HealthReport(_:ending:)` turns them into the report,
/// in this one place, whenever one is written (before the channels, at the end, on a failure).
struct RunOutcomes: Sendable {
    /// The start time's id until the state database is open, then one no other run has (`claimUniqueID`).
    private(set) var runID: RunID
    let startedAt: Date
    var invocationID: String?
    var tokens: [TokenExpiry]?
    /// The artist sources' standing (`artistSources`); nil when none is configured.
    var artistSources: [ArtistSourceReport]?
    var library: LibraryOutcome?
    /// The library guard refused the library (it shrank too far).
    var libraryRefused = false
    /// The sweep stage's report, taken as soon as the sweep ends: the pipeline lets go of the
    /// sweep's releases when the diff takes them (`CatalogSweep.Outcome.takeReleases`).
    var sweep: HealthReport.SweepStage?
    var diff: FeedDiff?
    var evidence: TrackEvidenceStage.Outcome?
    var publish: Result<PublishOutcome, PublishFailure>?
    /// The page written (true) or failing (false) after a published snapshot; nil when not written.
    var pageWritten: Bool?
    var notify: [ChannelDelivery]?
    /// Each source's verdict in a several-catalogs run; nil with one catalog.
    var sources: [SourceStatus]?
    /// A household run's profiles, each as its own run ended; nil without profiles.
    var profiles: [HealthReport.ProfileRun]?
    /// A household run's sweep verdict: what its run record keeps, since the next sweep's repair
    /// plan reads it (`RepairPlan`), whatever the worst of its profiles that the report shows.
    var sweepStatus: RunStatus?

    init(runID: RunID, startedAt: Date) {
        self.runID = runID
        self.startedAt = startedAt
    }

    /// Takes the first id of this start time that neither the run history nor `snapshots/` holds,
    /// so two runs in the same second never overwrite each other's snapshot file or history row.
    /// Runs hold the sweep lock while they do this, so no other run can take the same id meanwhile.
    mutating func claimUniqueID(store: StateStore, outputDirectory: URL) async throws {
        let folder = OutputFolder(outputDirectory)
        let startedAt = startedAt
        runID = try await store.perform { store in
            try RunID.unique(at: startedAt) { id in
                try store.runs.contains(runID: id.rawValue) || FileManager.default.fileExists(atPath: folder.snapshot(id).path)
            }
        }
    }
}

/// How a run ended, as the report states it: the sweep's verdict, or a stage's error.
struct RunEnding: Sendable {
    var status: RunStatus
    var message: String
    var finishedAt: Date
    var exitCode: ExitCode
    /// A stage threw: its own stage says how far it got, so publish is not marked skipped.
    var stageFailed: Bool

    /// The sweep's verdict: complete, partial or failed, with the status's exit code.
    static func verdict(_ status: RunStatus, message: String, at date: Date) -> RunEnding {
        RunEnding(status: status, message: message, finishedAt: date, exitCode: status.exitCode, stageFailed: false)
    }

    /// A stage error ended the run with that error's exit code.
    static func error(_ error: any Error, at date: Date) -> RunEnding {
        RunEnding(
            status: .failed, message: Pipeline.message(of: error), finishedAt: date, exitCode: Pipeline.exitCode(of: error),
            stageFailed: true)
    }

    /// An `--if-stale` skip.
    static func skip(_ reason: String, at date: Date) -> RunEnding {
        RunEnding(status: .skipped, message: reason, finishedAt: date, exitCode: .success, stageFailed: false)
    }
}

extension HealthReport {
    /// The health report of a run: every stage's outcome, and how the run ended.
    /// - Parameter pageName: the page's name in the output folder, listed among the files written.
    init(_ run: RunOutcomes, ending: RunEnding, pageName: String) {
        self.init(
            runID: run.runID, startedAt: run.startedAt, finishedAt: ending.finishedAt, status: ending.status,
            exitCode: ending.exitCode)
        message = ending.message
        invocationID = run.invocationID
        tokens = run.tokens
        artistSources = run.artistSources
        if let library = run.library {
            self.library = LibraryStage(library)
            if run.libraryRefused { self.library.status = .failed }
        }
        if let stage = run.sweep { sweep = stage }
        if let diff = run.diff {
            self.diff = DiffStage(diff)
            self.diff.trackEvidence = run.evidence.map(DiffStage.TrackEvidenceCounts.init)
        }
        switch run.publish {
        case .success(let outcome): publish = PublishStage(outcome)
        case .failure(let failure): publish = PublishStage(failure)
        case nil: break
        }
        if ending.status == .failed, !ending.stageFailed { publish.status = .skipped }
        switch run.pageWritten {
        case true?: publish.wrote.append(pageName)
        case false?: publish.status = .failed
        case nil: break
        }
        notify = run.notify
        sources = run.sources
        profiles = run.profiles
    }
}

extension HealthReport.SweepStage {
    /// The sweep stage's report: the sweep's counts and failures, and what the stage learned.
    init(_ stage: CatalogSweep.Outcome) {
        self.init(stage.sweep)
        pace = stage.pace.map {
            Pace(
                configured: $0.configured, start: $0.start, effective: $0.effective, slowest: $0.slowest,
                rateLimitedAnswers: $0.rateLimitedAnswers)
        }
        catalogTraits = stage.traits.map { HealthReport.CatalogTraits(stored: $0.stored, shown: $0.shown) }
        catalogFault = stage.fault?.message
        if !stage.reusedArtists.isEmpty { reusedArtists = stage.reusedArtists }
        let ambiguous = stage.sweep.ambiguousArtists
        if !ambiguous.isEmpty { ambiguousArtists = ambiguous }
        let fromLibrary = stage.sweep.results.filter { $0.resolution == .library }.count
        if fromLibrary > 0 { identifiedByLibrary = fromLibrary }
        if !stage.cutListings.isEmpty { cutListings = stage.cutListings }
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

extension RunHistoryEntry {
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

extension HealthReport.DiffStage.TrackEvidenceCounts {
    init(_ outcome: TrackEvidenceStage.Outcome) {
        self.init(
            undecided: outcome.undecided, requests: outcome.requests,
            sameRelease: outcome.verdicts[.sameRelease, default: 0],
            differentRelease: outcome.verdicts[.differentRelease, default: 0],
            insufficient: outcome.verdicts[.insufficient, default: 0], failures: outcome.failures)
    }
}
