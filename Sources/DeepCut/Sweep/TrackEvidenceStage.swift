import DeepCutCore
import Foundation

/// Settles, by track lists, the releases the title rules left undecided against an owned album
/// (`UndecidedPair`): "Thriller 25" against an owned *Thriller* whose tracks the library knows.
///
/// Spent only where it changes what a person sees: candidates are the releases the diff would
/// show (entries, their alternates and upcoming releases). Each candidate's track list is read
/// from the state database or fetched once from the catalog and kept for good; a fetch that
/// fails decides nothing (the release stays visible) and is tried again next run.
struct TrackEvidenceStage: Sendable {
    let provider: any CatalogProvider
    let store: TrackListRepository
    let now: @Sendable () -> Date

    struct Outcome: Sendable, Equatable {
        /// Release ids the evidence shows to be editions of an owned album.
        var owned: Set<String> = []
        /// Undecided pairs with an owned track list.
        var undecided = 0
        /// Track lists fetched from the catalog in this run.
        var requests = 0
        /// Pairs decided each way; `insufficient` when the lists were too thin to say.
        var verdicts: [TrackEvidence.Verdict: Int] = [:]
        /// Track lists that could not be fetched (the release stays visible).
        var failures = 0
    }

    func decide(candidates: [Release], library: [LibraryAlbum]) async throws -> Outcome {
        let pairs = UndecidedPair.find(in: candidates, owned: library)
        var outcome = Outcome(undecided: pairs.count)
        guard !pairs.isEmpty else { return outcome }
        var lists = try store.lists(provider: provider.name, releaseIDs: pairs.map(\.release.id))
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
                    try store.save(fetched, provider: provider.name, releaseID: pair.release.id, at: now())
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
}

extension HealthReport.DiffStage.TrackEvidenceCounts {
    init(_ outcome: TrackEvidenceStage.Outcome) {
        self.init(undecided: outcome.undecided, requests: outcome.requests,
                  sameRelease: outcome.verdicts[.sameRelease, default: 0],
                  differentRelease: outcome.verdicts[.differentRelease, default: 0],
                  insufficient: outcome.verdicts[.insufficient, default: 0], failures: outcome.failures)
    }
}

extension FeedDiff {
    /// The releases a person would see: every entry, its alternates, and the upcoming list.
    func shownReleases(of releases: [Release]) -> [Release] {
        let shown = Set((entries + upcoming).flatMap { [$0.id] + $0.alternates.map(\.id) })
        return releases.filter { shown.contains($0.id) }
    }
}
