import DeepCutConfig
import DeepCutCore
import DeepCutLibrary
import DeepCutPublish
import DeepCutState
import DeepCutSweep
import Foundation

/// What the sweep and diff stages hand the rest of a run, one source or several.
struct SweptStages: Sendable {
    var sweep: SweepOutcome
    var fault: CatalogFault?
    var entries: Int
    /// The snapshot to publish and the calendar's events; nil after a failed sweep.
    var prepared: (snapshot: Snapshot, calendar: [CalendarEvent])?
}

/// A run over several catalogs (`catalogs`): every source swept at once under its own budget
/// (`SourceSweeps`), each diffed as a one-catalog run is (`FeedDiffStage`, owned ids by that
/// source's provider), then merged into one entry per release with where it can be heard (`MergeStage`).
extension Pipeline {
    /// Every source swept at once; each source's plan reads its own repair state.
    /// - Parameter plan: the sweep's plan for a provider kind, given the artists owed an answer.
    /// - Parameter diffing: each source's diff, run as its sweep ends (`SourceSweeps.run`).
    func sweepSources(
        plan: (ProviderKind, Set<String>) -> CatalogSweep.Plan, previous: PreviousRun, diffing: SourceDiff?, store: StateStore
    ) async throws -> [SourceSweeps.Swept] {
        let home = config.sources[0].source.key
        var plans: [String: CatalogSweep.Plan] = [:]
        for configured in config.sources {
            let key = configured.source.key
            // Each source owes answers to its own artists: its repair plan reads its own record.
            let failedBefore =
                key == home ? previous.unansweredArtists : try await store.perform { try $0.runs.unansweredArtists(provider: key) }
            plans[key] = plan(configured.catalog.provider, failedBefore)
        }
        let progress: @Sendable (CatalogSource, Int) -> any SweepObserver = { [log] source, total in
            if source.key == home { return SweepProgress(total: total, log: log) }
            return SourceProgress(source: source.key, total: total, log: log)
        }
        return try await SourceSweeps(
            config: config, client: client, environment: environment, store: store, now: now, observer: progress
        ).run(plans: plans, diffing: diffing)
    }

    /// How this run diffs each source: against `library`, explaining the baseline's entries that
    /// left, with the dismissals and mutes read once for every source.
    func sourceDiff(library: LibraryOutcome, previous: PreviousRun, startedAt: Date, store: StateStore) async throws -> SourceDiff {
        SourceDiff(
            stage: FeedDiffStage(feed: config.feed, filters: config.releaseFilters, store: store, now: now), sources: config.sources,
            owned: library.owned(for:), today: startedAt.epochDay,
            // The change set explains only the baseline's entries that left (by entry id, a source's release id).
            explaining: Set(previous.baseline?.entries.map(\.id) ?? []), exclusions: try await UserExclusions.read(from: store))
    }

    /// Each source's answers diffed as a one-catalog run's are, then merged (`MergeStage`).
    func mergeSources(
        _ swept: [SourceSweeps.Swept], library: LibraryOutcome, previous: PreviousRun, run: inout RunOutcomes, installID: String?,
        store: StateStore
    ) async throws -> SweptStages {
        let home = config.sources[0].source.key
        var parts: [MergeStage.SourcePart] = []
        var fault: CatalogFault?
        // A run of its own had each source diffed as its sweep ended; a household's profile diffs its share here.
        var diffing: SourceDiff?
        for item in swept {
            var outcome = item.outcome
            if let refused = outcome.refused {
                log.warning("source.refused", ["source": item.configured.source.key, "message": refused.message])
            }
            if let found = outcome.fault, fault == nil {
                fault = CatalogFault(
                    message: "\(item.configured.source.key): \(found.message)", vanished: found.vanished, known: found.known)
            }
            let diffed: FeedDiffStage.Outcome
            if let done = item.diffed {
                diffed = done
            } else {
                let stage: SourceDiff
                if let diffing {
                    stage = diffing
                } else {
                    stage = try await sourceDiff(library: library, previous: previous, startedAt: run.startedAt, store: store)
                }
                diffing = stage
                diffed = try await stage.diff(&outcome, of: item.configured)
            }
            if item.configured.source.key == home { run.evidence = diffed.evidence }
            parts.append(MergeStage.SourcePart(configured: item.configured, sweep: outcome, diff: diffed))
        }
        let merged = try await MergeStage(store: store, feed: config.feed).run(parts, at: run.startedAt)
        var stage = HealthReport.SweepStage(merged.sweep)
        // The diffs took the releases out of the sweeps: which artists listed nothing was read before.
        stage.emptyArtists = merged.emptyArtists.isEmpty ? nil : merged.emptyArtists
        stage.catalogFault = fault?.message
        run.sweep = stage
        run.sources = merged.sources
        run.diff = merged.diff
        var stages = SweptStages(sweep: merged.sweep, fault: fault, entries: merged.diff.entries.count)
        guard RunVerdict.publishes(merged.sweep) else { return stages }
        let (runID, startedAt, generatedAt) = (run.runID, run.startedAt, now())
        let snapshot = try await store.perform { store in
            try Snapshot.merged(run: runID, startedAt: startedAt, at: generatedAt, merged: merged, previous: previous, store: store)
        }
        let at = now()
        let calendar = try await store.perform { try UpcomingCalendarUpdate(installID: installID).apply(snapshot, at: at, store: $0) }
        stages.prepared = (snapshot, calendar)
        return stages
    }
}

extension Snapshot {
    /// The snapshot of a several-catalogs run: merged entries stamped under the home source's key
    /// (their ids are stable across sources, `EntryIDs`), the sources' verdicts, and the change
    /// set: an entry a source that answered lists is news or still there, whatever another source
    /// that could not answer would say.
    static func merged(
        run runID: RunID, startedAt: Date, at date: Date, merged: MergeStage.Outcome, previous: PreviousRun,
        store: isolated StateStore
    ) throws -> Snapshot {
        let home = merged.sweep.provider
        var snapshot = Snapshot(runID: runID, generatedAt: date, sweep: merged.sweep, diff: merged.diff)
        snapshot.entries = try store.appearances.stamp(merged.diff.entries, list: .feed, provider: home, at: startedAt)
        snapshot.upcoming = try store.appearances.stamp(merged.diff.upcoming, list: .upcoming, provider: home, at: startedAt)
        // Artist names in a snapshot are plain text, as its own `incompleteArtists` are.
        snapshot.sources = merged.sources.map { source in
            var source = source
            source.incompleteArtists = source.incompleteArtists?.map(FeedEntry.plainText)
            return source
        }
        let confirmed = Set(snapshot.entries.filter { !$0.isStale }.map(\.id))
        snapshot.changes = ChangeSet.between(
            previous: previous.baseline.map { ($0.runID.rawValue, $0.entries) }, current: snapshot.entries, diff: merged.diff,
            withdrawn: merged.withdrawn, unchecked: merged.unchecked.subtracting(confirmed))
        return snapshot
    }
}
