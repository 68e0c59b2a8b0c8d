import DeepCutCatalog
import DeepCutConfig
import DeepCutCore
import DeepCutState
import Foundation

/// The diff stage: the sweep's releases minus what the user owns, dismissed and muted, in the
/// feed's window. Where the title rules leave an edition undecided against an owned album whose
/// tracks are known, track lists decide (`TrackEvidenceStage`) and the diff runs once more with
/// what they settled — only after a sweep with answers, since a failed one publishes nothing.
package struct FeedDiffStage: Sendable {
    let feed: FeedConfig
    /// `artistRules`, `feed.hideVariants`, `feed.excludeGenres`, `feed.excludeLabels` (`Config.releaseFilters`).
    let filters: ReleaseFilters
    let store: StateStore
    let now: @Sendable () -> Date

    package init(feed: FeedConfig, filters: ReleaseFilters = .none, store: StateStore, now: @escaping @Sendable () -> Date) {
        self.feed = feed
        self.filters = filters
        self.store = store
        self.now = now
    }

    package struct Outcome: Sendable {
        package var diff: FeedDiff
        /// What track lists settled; nil when they were not consulted (a failed sweep).
        package var evidence: TrackEvidenceStage.Outcome?
        /// With `keepingMergeEvidence`: the releases the merge reads (each shown entry's, and those left
        /// out as owned or dismissed), for their barcodes, links and track counts (`MergeStage`).
        package var mergeReleases: [Release] = []
        /// The artists whose answer listed no release at all, read before the diff took the releases
        /// out of the sweep (after it, every `.fetched` answer lists nothing).
        package var listedNothing: Set<String> = []
    }

    /// - Parameters:
    ///   - owned: the library's albums, and the catalog ids of those it holds for this provider.
    /// - Throws: `DatabaseError` when the dismissals, mutes or track lists cannot be read.
    /// Takes the releases out of `sweep` (`CatalogSweep.Outcome.takeReleases`): the run needs none
    /// the diff did not keep, and holding one copy keeps the run's memory near its data's size.
    /// - Parameters:
    ///   - explaining: the ids whose drop reason the change set reads (the baseline's entries): the
    ///     diff keeps no reason for the other quarter million releases.
    ///   - keepingMergeEvidence: the merge of several sources reads every owned or dismissed
    ///     release's reason: those are kept beside `explaining`'s, and no other.
    ///   - exclusions: the dismissals and mutes, when the caller read them once for several sources;
    ///     nil reads them here.
    package func run(
        _ sweep: inout CatalogSweep.Outcome, owned: OwnedAlbums, today: Int, explaining: Set<String>? = nil,
        keepingMergeEvidence: Bool = false, exclusions given: UserExclusions? = nil
    ) async throws -> Outcome {
        let listedNothing = Set(sweep.sweep.results.filter { $0.outcome == .fetched([]) }.map(\.artist))
        let considered = sweep.takeReleases()
        let exclusions: UserExclusions
        if let given { exclusions = given } else { exclusions = try await UserExclusions.read(from: store) }
        let (dismissed, muted) = (exclusions.dismissed, exclusions.muted)
        let discovered = sweep.memory.discovered.mapValues(\.epochDay)
        let diff = { (byEvidence: Set<String>) in
            Diff(types: feed.types, windowDays: feed.windowDays, newBy: feed.newBy, filters: filters)(
                chunks: considered.chunks, owned: owned.keys, dismissed: dismissed, muted: muted, today: today,
                discovered: discovered, ownedIDs: owned.catalogIDs.union(byEvidence), ownedYears: owned.years,
                explaining: keepingMergeEvidence ? nil : explaining)
        }
        var outcome = Outcome(diff: diff([]))
        outcome.listedNothing = listedNothing
        if sweep.sweep.status != .failed {
            let stage = TrackEvidenceStage(provider: sweep.provider, store: store, now: now)
            let evidence = try await stage.decide(candidates: outcome.diff.shownReleases(of: considered.releases), library: owned.albums)
            if !evidence.owned.isEmpty { outcome.diff = diff(evidence.owned) }
            outcome.evidence = evidence
        }
        outcome.diff = try await KeptLinks(kept: outcome.diff, of: considered).fill(
            outcome.diff, store: store, provider: sweep.sweep.provider)
        if keepingMergeEvidence {
            let shown = Set(outcome.diff.entries.map(\.id) + outcome.diff.upcoming.map(\.id))
            let reasons = outcome.diff.reasons
            outcome.mergeReleases = considered.releases.filter { release in
                shown.contains(release.id) || reasons[release.id] == .owned || reasons[release.id] == .dismissed
            }
            // Each source's diff is held until the merge: only the reasons it and the change set read.
            outcome.diff.reasons = reasons.filter { id, reason in
                reason == .owned || reason == .dismissed || explaining?.contains(id) ?? true
            }
        }
        return outcome
    }
}
