import Foundation
import Glibc

/// The Publish stage: decides from the snapshot's completeness what may be replaced.
///
/// - complete: `snapshots/RUNID.json`, `current.json`, then `latest.json` (the new baseline);
/// - partial: `snapshots/RUNID.json` and `current.json` only; the baseline is untouched;
/// - failed (no snapshot): no feed file is touched at all.
///
/// Whenever `current.json` is written, `feed.json`, `feed.atom` and `index.html` are rendered from
/// the same snapshot; the page also shows what the `PublishContext` brings (the run's health so far,
/// run history) and the feeds link to themselves under `publish.baseURL`. Every file is replaced atomically, so a crash leaves the previous files intact.
/// The health files are written separately by `HealthWriter`, once the whole run is known.
struct Publish: Sendable {
    let folder: OutputFolder
    /// How many snapshot files retention keeps (at least one: the one just written).
    let keepSnapshots: Int
    let now: @Sendable () -> Date

    init(outputDirectory: URL, keepSnapshots: Int, now: @escaping @Sendable () -> Date = { Date() }) {
        self.folder = OutputFolder(outputDirectory)
        self.keepSnapshots = max(1, keepSnapshots)
        self.now = now
    }

    /// - Parameters:
    ///   - snapshot: the run's snapshot, or nil when the sweep failed.
    ///   - context: what the page shows beside the feed, and the feeds' base URL. A health report
    ///     whose `publish` stage is still `notRun` gets this stage's outcome filled in for the page.
    /// - Throws: `OutputError` when a file cannot be written (exit 73, or 74 when the disk is full).
    ///   An unreadable `latest.json` is not thrown: it is reported in the outcome and left as found
    ///   unless a complete run replaces it.
    ///   - previous: the previous run as the pipeline read it at its start; nil reads `latest.json` here
    ///     (the commands that republish outside a sweep).
    func callAsFunction(_ snapshot: Snapshot?, context: PublishContext = PublishContext(), previous: PreviousRun? = nil) throws -> PublishOutcome {
        try AtomicFile.createDirectory(folder.snapshots)
        let removed = AtomicFile.removeStaleTemporaries(in: folder.root) + AtomicFile.removeStaleTemporaries(in: folder.snapshots)
        var unreadableBaseline: OutputReadError?
        var baseline: Baseline?
        if let previous {
            baseline = previous.baselineSummary
            unreadableBaseline = previous.unreadableBaseline
        } else {
            do {
                baseline = try Baseline.read(outputDirectory: folder.root)
            } catch let error as OutputReadError {
                unreadableBaseline = error
            }
        }
        var outcome = PublishOutcome(promoted: false, wrote: [], snapshot: snapshot?.runID, baseline: baseline,
                                     baselineAgeSeconds: nil, pruned: [], removedTemporaries: removed,
                                     message: unreadableBaseline?.message)
        if let snapshot {
            try publish(snapshot, context: context, unreadableBaseline: unreadableBaseline, into: &outcome)
            // With the baseline unreadable, which snapshot it came from is unknown: prune nothing.
            if unreadableBaseline == nil || outcome.promoted {
                prune(keeping: outcome.baseline?.runID, into: &outcome)
            }
        }
        outcome.baselineAgeSeconds = outcome.baseline?.ageSeconds(at: now())
        return outcome
    }

    private func publish(_ snapshot: Snapshot, context: PublishContext, unreadableBaseline: OutputReadError?,
                         into outcome: inout PublishOutcome) throws {
        let bytes = try snapshot.encoded()
        try write(bytes, to: folder.snapshot(snapshot.runID), into: &outcome)
        try write(bytes, to: folder.current, into: &outcome)
        if snapshot.complete {
            try write(bytes, to: folder.latest, into: &outcome)
            outcome.promoted = true
            outcome.baseline = Baseline(snapshot)
            if let unreadableBaseline {
                outcome.message = "replaced an unreadable latest.json (\(unreadableBaseline.reason)) with this complete snapshot"
            }
        }
        let links = FeedLinks(baseURL: context.baseURL)
        let time = now()
        outcome.baselineAgeSeconds = outcome.baseline?.ageSeconds(at: time)
        var page = context
        if page.health?.publish.status == .notRun {
            page.health?.publish = HealthReport.PublishStage(outcome)
        }
        try write(JSONFeedRenderer.render(snapshot, links: links), to: folder.jsonFeed, into: &outcome)
        try write(Data(AtomRenderer.render(snapshot, links: links).utf8), to: folder.atomFeed, into: &outcome)
        try write(Data(HTMLRenderer.render(snapshot, context: page, baseline: outcome.baseline, now: time).utf8),
                  to: folder.page, into: &outcome)
    }

    private func write(_ data: Data, to url: URL, into outcome: inout PublishOutcome) throws {
        try AtomicFile.write(data, to: url)
        outcome.wrote.append(folder.relativeName(url))
    }

    /// Keeps the newest `keepSnapshots` snapshot files (by run id, which is time order) and the
    /// baseline's own, and removes the rest. Files that are not named like a snapshot are left alone.
    /// The feed is already published when this runs, so a removal that fails is reported, not thrown.
    private func prune(keeping baseline: RunID?, into outcome: inout PublishOutcome) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.snapshots.path)
        } catch {
            let problem = "cannot list \(folder.snapshots.path) to prune old snapshots (\(error.localizedDescription))"
            outcome.message = [outcome.message, problem].compactMap { $0 }.joined(separator: "; ")
            return
        }
        let runs = names.compactMap { name -> RunID? in
            guard name.hasSuffix(".json") else { return nil }
            return RunID(rawValue: String(name.dropLast(".json".count)))
        }.sorted()
        for run in runs.dropLast(keepSnapshots) where run != baseline {
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
