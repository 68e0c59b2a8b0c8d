import DeepCutCore
import Foundation
import Glibc

/// The Publish stage: decides from the snapshot's completeness what may be replaced.
///
/// - complete: `snapshots/RUNID.json`, `current.json`, then `latest.json` (the new baseline);
/// - partial: `snapshots/RUNID.json` and `current.json` only; the baseline is untouched;
/// - failed (no snapshot): no feed file is touched at all.
///
/// Whenever `current.json` is written, `feed.json` and `feed.atom` are rendered from the same
/// snapshot (and `upcoming.ics` from the calendar's events handed in), and so is `index.html` unless the caller writes the page itself (`writePage`): the
/// pipeline does, once the run is finished and recorded, so the page's health panel and history
/// describe the finished run, this one included. The feeds link to themselves under
/// `publish.baseURL`. Every file is replaced atomically, so a crash leaves the previous files intact.
/// The health files are written separately by `HealthWriter`, once the whole run is known.
package struct Publish: Sendable {
    let folder: OutputFolder
    /// How many snapshot files retention keeps (at least one: the one just written).
    let keepSnapshots: Int
    let now: @Sendable () -> Date

    package init(outputDirectory: URL, keepSnapshots: Int, now: @escaping @Sendable () -> Date = { Date() }) {
        self.folder = OutputFolder(outputDirectory)
        self.keepSnapshots = max(1, keepSnapshots)
        self.now = now
    }

    /// - Parameters:
    ///   - snapshot: the run's snapshot, or nil when the sweep failed.
    ///   - context: what the page shows beside the feed, and the feeds' base URL. A health report
    ///     whose `publish` stage is still `notRun` gets this stage's outcome filled in for the page.
    /// - Throws: `PublishFailure` when a file cannot be written (exit 73, or 74 when the disk is full),
    ///   carrying what was written before it.
    ///   An unreadable `latest.json` is not thrown: it is reported in the outcome and left as found
    ///   unless a complete run replaces it.
    ///   - baselineFile: `latest.json` as the pipeline read it at its start; nil reads it here.
    package func callAsFunction(
        _ snapshot: Snapshot?, context: PublishContext = PublishContext(), baselineFile: BaselineFile? = nil
    ) throws -> PublishOutcome {
        try AtomicFile.createDirectory(folder.snapshots)
        let removed = AtomicFile.removeStaleTemporaries(in: folder.root) + AtomicFile.removeStaleTemporaries(in: folder.snapshots)
        let baselineFile = try baselineFile ?? BaselineFile.read(outputDirectory: folder.root)
        let baseline = baselineFile.baseline
        let unreadableBaseline = baselineFile.unreadable
        var outcome = PublishOutcome(
            promoted: false, wrote: [], snapshot: snapshot?.runID, baseline: baseline,
            baselineAgeSeconds: nil, pruned: [], removedTemporaries: removed,
            message: unreadableBaseline?.message)
        if let snapshot {
            do {
                try publish(snapshot, context: context, unreadableBaseline: unreadableBaseline, into: &outcome)
            } catch let error as any DeepCutError {
                removeUnpublishedSnapshot(snapshot.runID, into: &outcome)
                outcome.baselineAgeSeconds = outcome.baseline?.ageSeconds(at: now())
                throw PublishFailure(outcome: outcome, cause: error)
            }
            // With the baseline unreadable, which snapshot it came from is unknown: prune nothing.
            if unreadableBaseline == nil || outcome.promoted {
                prune(keeping: outcome.baseline?.runID, into: &outcome)
            }
        }
        outcome.baselineAgeSeconds = outcome.baseline?.ageSeconds(at: now())
        return outcome
    }

    private func publish(
        _ snapshot: Snapshot, context: PublishContext, unreadableBaseline: OutputReadError?, into outcome: inout PublishOutcome
    ) throws {
        // Streamed into the run's file once; `current.json` and `latest.json` copy its bytes.
        let written = folder.snapshot(snapshot.runID)
        try AtomicFile.write(to: written) { try snapshot.write(to: &$0) }
        outcome.wrote.append(folder.relativeName(written))
        try copy(written, to: folder.current, into: &outcome)
        if snapshot.complete {
            try copy(written, to: folder.latest, into: &outcome)
            outcome.promoted = true
            outcome.baseline = Baseline(snapshot)
            if let unreadableBaseline {
                outcome.message = "replaced an unreadable latest.json (\(unreadableBaseline.reason)) with this complete snapshot"
            }
        }
        outcome.baselineAgeSeconds = outcome.baseline?.ageSeconds(at: now())
        try writeFeeds(snapshot, context: context, into: &outcome)
        try writeCalendar(context, snapshot: snapshot, into: &outcome)
    }

    /// `feed.json` and `feed.atom`, each streamed into its file, with the newest
    /// `context.feedEntries` entries.
    private func writeFeeds(_ snapshot: Snapshot, context: PublishContext, into outcome: inout PublishOutcome) throws {
        let links = FeedLinks(baseURL: context.baseURL)
        let (install, limit) = (context.installID, context.feedEntries)
        try AtomicFile.write(to: folder.jsonFeed) {
            JSONFeedRenderer.write(snapshot, links: links, install: install, limit: limit, to: &$0)
        }
        outcome.wrote.append(folder.relativeName(folder.jsonFeed))
        try AtomicFile.write(to: folder.atomFeed) {
            AtomRenderer.write(snapshot, links: links, install: install, limit: limit, to: &$0)
        }
        outcome.wrote.append(folder.relativeName(folder.atomFeed))
    }

    /// Replaces `feed.json`, `feed.atom` and `index.html` (each atomically) from `snapshot` and
    /// nothing else: what a state change outside a sweep republishes (`StateChange`).
    /// - Returns: the files written, relative to the output folder.
    package func republish(_ snapshot: Snapshot, context: PublishContext, baseline: Baseline?) throws -> [String] {
        var outcome = PublishOutcome(
            promoted: false, wrote: [], snapshot: snapshot.runID, baseline: baseline, baselineAgeSeconds: nil,
            pruned: [], removedTemporaries: 0, message: nil)
        try writeFeeds(snapshot, context: context, into: &outcome)
        try writeCalendar(context, snapshot: snapshot, into: &outcome)
        try writePage(snapshot, context: context, baseline: baseline)
        return outcome.wrote + [folder.relativeName(folder.page)]
    }

    /// `upcoming.ics`, when the caller hands in the calendar's events (`PublishContext.calendar`).
    /// Each event's description says where its release can be heard when the snapshot knows.
    private func writeCalendar(_ context: PublishContext, snapshot: Snapshot, into outcome: inout PublishOutcome) throws {
        guard let calendar = context.calendar else { return }
        let calendarText = CalendarRenderer.render(calendar, availability: snapshot.availabilitySummaries)
        try write(Data(calendarText.utf8), to: folder.calendar, into: &outcome)
    }

    /// Renders and atomically replaces `index.html`: the snapshot's feed beside `context`'s health
    /// and history, ages measured from now.
    package func writePage(_ snapshot: Snapshot, context: PublishContext, baseline: Baseline?) throws {
        let now = now()
        try AtomicFile.write(to: folder.page) { HTMLRenderer.write(snapshot, context: context, baseline: baseline, now: now, to: &$0) }
    }

    private func copy(_ source: URL, to url: URL, into outcome: inout PublishOutcome) throws {
        try AtomicFile.write(copying: source, to: url)
        outcome.wrote.append(folder.relativeName(url))
    }

    private func write(_ data: Data, to url: URL, into outcome: inout PublishOutcome) throws {
        try AtomicFile.write(data, to: url)
        outcome.wrote.append(folder.relativeName(url))
    }

    /// After a failure: the run's snapshot file goes unless `current.json` or `latest.json` took it
    /// (they name it, so their snapshot stays in the history). A failed run leaves nothing behind
    /// to fill a disk that is already full.
    private func removeUnpublishedSnapshot(_ runID: RunID, into outcome: inout PublishOutcome) {
        let file = folder.snapshot(runID)
        let name = folder.relativeName(file)
        guard outcome.wrote.contains(name), !outcome.wrote.contains(folder.relativeName(folder.current)) else { return }
        if unlink(file.path) == 0 {
            outcome.wrote.removeAll { $0 == name }
            outcome.snapshot = nil
            outcome.removedSnapshot = name
        } else {
            let problem = OutputError(path: file.path, action: "remove the failed run's snapshot", errno: errno).message
            outcome.message = [outcome.message, problem].compactMap { $0 }.joined(separator: "; ")
        }
    }

    /// Keeps the newest `keepSnapshots` snapshot files (by run id, which is time order) and the
    /// baseline's own, and removes the rest. Files that are not named like a snapshot are left alone.
    /// The feed is already published when this runs, so a removal that fails is reported, not thrown.
    private func prune(keeping baseline: RunID?, into outcome: inout PublishOutcome) {
        let runs: [RunID]
        do {
            runs = try folder.snapshotRunIDs()
        } catch {
            let problem = "cannot list \(folder.snapshots.path) to prune old snapshots (\(error.localizedDescription))"
            outcome.message = [outcome.message, problem].compactMap { $0 }.joined(separator: "; ")
            return
        }
        // A snapshot dated after this run's was written under a clock that ran ahead, before this
        // run in fact: it ranks oldest, so retention never prunes the snapshots of the corrected clock first.
        let current = outcome.snapshot
        let ordered = current.map { id in runs.filter { $0 > id } + runs.filter { $0 <= id } } ?? runs
        for run in ordered.dropLast(keepSnapshots) where run != baseline && run != current {
            let url = folder.snapshot(run)
            if unlink(url.path) == 0 {
                outcome.pruned.append(folder.relativeName(url))
            } else {
                let problem = OutputError(path: url.path, action: "remove old snapshot", errno: errno).message
                outcome.message = [outcome.message, problem].compactMap { $0 }.joined(separator: "; ")
            }
        }
    }
}

/// What the published page shows beside the feed, handed in by the pipeline.
///
/// The pipeline hands in the finished run's report and a history that holds this run; a caller
/// whose report's `publish` stage is still `notRun` gets Publish's own outcome filled in.
package struct PublishContext: Sendable {
    /// The run's report; the page's health panel. Nil leaves the panel out.
    var health: HealthReport?
    /// Recent runs in any order; the page charts the newest 30.
    var history: [RunHistoryEntry]
    /// `publish.baseURL`: absolute links in the feeds when set.
    var baseURL: URL?
    /// The install's id in the feeds' entry ids (`StateStore.installID`); nil for the legacy ids.
    var installID: String?
    /// The events of `upcoming.ics`, written beside the feeds; nil leaves the file as it is.
    var calendar: [CalendarEvent]?
    /// `publish.feedEntries`: how many of the newest entries the feeds and the page hold. The
    /// snapshot files keep every entry; the calendar holds only upcoming ones and is not cut.
    var feedEntries: Int

    package init(
        health: HealthReport? = nil, history: [RunHistoryEntry] = [], baseURL: URL? = nil, installID: String? = nil,
        calendar: [CalendarEvent]? = nil, feedEntries: Int = .max
    ) {
        self.health = health
        self.history = history
        self.baseURL = baseURL
        self.installID = installID
        self.calendar = calendar
        self.feedEntries = max(1, feedEntries)
    }
}

/// What the Publish stage did: the health report's `publish` object and the exit code's evidence.
package struct PublishOutcome: Sendable, Hashable {
    /// True when the snapshot became the baseline (`latest.json`).
    var promoted: Bool
    /// Files written, relative to the output folder, in write order.
    var wrote: [String]
    /// The run id of the snapshot published; nil when the sweep failed and nothing was published.
    var snapshot: RunID?
    /// The baseline after publishing: this run's snapshot if promoted, else the one kept.
    package var baseline: Baseline?
    var baselineAgeSeconds: Int?
    /// Snapshot files removed by retention, relative to the output folder.
    var pruned: [String]
    /// Temporaries of a crashed earlier run that were swept.
    var removedTemporaries: Int
    /// The snapshot file a failed publish wrote and then removed, relative to the output folder.
    var removedSnapshot: String?
    /// Something the operator should know, such as an unreadable `latest.json` kept or replaced.
    var message: String?
}

/// Publish stopped at a file it could not write: the cause (its exit code and line) and what had
/// been done by then, so the health report says which files were replaced and whether the
/// baseline was promoted, even though the run failed.
package struct PublishFailure: DeepCutError {
    var outcome: PublishOutcome
    var cause: any DeepCutError

    package var exitCode: ExitCode { cause.exitCode }
    package var message: String { cause.message }
}
