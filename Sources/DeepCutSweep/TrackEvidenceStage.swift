import DeepCutCatalog
import DeepCutCore
import DeepCutState
import Foundation

/// Settles, by track lists, the releases the title rules left undecided against an owned album
/// (`UndecidedPair`): "Thriller 25" against an owned *Thriller* whose tracks the library knows.
///
/// Spent only where it changes what a person sees: candidates are the releases the diff would
/// show (entries, their alternates and upcoming releases). Each candidate's track list is read
/// from the state database or fetched once from the catalog and kept for good; a fetch that
/// fails decides nothing (the release stays visible) and is tried again next run.
package struct TrackEvidenceStage: Sendable {
    let provider: any CatalogProvider
    /// Holds the track lists read before (`trackLists`).
    let store: StateStore
    let now: @Sendable () -> Date

    package struct Outcome: Sendable, Equatable {
        /// Release ids the evidence shows to be editions of an owned album.
        package var owned: Set<String> = []
        /// Undecided pairs with an owned track list.
        package var undecided = 0
        /// Track lists fetched from the catalog in this run.
        package var requests = 0
        /// Pairs decided each way; `insufficient` when the lists were too thin to say.
        package var verdicts: [TrackEvidence.Verdict: Int] = [:]
        /// Track lists that could not be fetched (the release stays visible).
        package var failures = 0
    }

    package func decide(candidates: [Release], library: [LibraryAlbum]) async throws -> Outcome {
        let pairs = UndecidedPair.find(in: candidates, owned: library)
        var outcome = Outcome(undecided: pairs.count)
        guard !pairs.isEmpty else { return outcome }
        let (name, releaseIDs) = (provider.name, pairs.map(\.release.id))
        var lists = try await store.perform { try $0.trackLists.lists(provider: name, releaseIDs: releaseIDs) }
        for pair in pairs {
            if Task.isCancelled { break }
            let list: TrackList
            if let known = lists[pair.release.id] {
                list = known
            } else {
                guard let answer = await provider.trackList(ofRelease: pair.release.id) else { break }  // The catalog cannot list tracks.
                outcome.requests += 1
                switch answer {
                case .success(let fetched):
                    let (releaseID, date) = (pair.release.id, now())
                    try await store.perform { try $0.trackLists.save(fetched, provider: name, releaseID: releaseID, at: date) }
                    lists[pair.release.id] = fetched
                    list = fetched
                case .failure:
                    outcome.failures += 1
                    continue
                }
            }
            var verdict = pair.verdict(candidate: list.tracks)
            // Tracks the storefront does not offer prove nothing: only "same" survives a short list.
            if verdict == .differentRelease, !list.isComplete { verdict = .insufficient }
            outcome.verdicts[verdict, default: 0] += 1
            if verdict == .sameRelease { outcome.owned.insert(pair.release.id) }
        }
        return outcome
    }

    package init(provider: any CatalogProvider, store: StateStore, now: @escaping @Sendable () -> Date) {
        self.provider = provider
        self.store = store
        self.now = now
    }
}

extension FeedDiff {
    /// The releases a person would see: every entry, its alternates, and the upcoming list.
    package func shownReleases(of releases: some Sequence<Release>) -> [Release] {
        let shown = Set((entries + upcoming).flatMap { [$0.id] + $0.alternates.map(\.id) })
        return releases.filter { shown.contains($0.id) }
    }
}
