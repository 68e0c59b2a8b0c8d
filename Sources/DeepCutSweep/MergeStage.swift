import DeepCutConfig
import DeepCutCore
import DeepCutState
import Foundation

/// The merge stage of a several-catalogs run: each source's diffed entries (and the releases it
/// left out as owned or dismissed) merged into one entry per release (`ReleaseMerge`), each with
/// where it can be heard; entry ids kept stable through the state (`EntryIDs`); the sources'
/// verdicts added up into the run's: complete when every source is, failed when every source
/// failed, else partial — a source that is down makes the run partial only for what it alone tells.
package struct MergeStage: Sendable {
    let store: StateStore
    let feed: FeedConfig

    package init(store: StateStore, feed: FeedConfig) {
        self.store = store
        self.feed = feed
    }

    /// One source's part: its sweep (stale marks intact; a refused source's artists all failed) and its diff.
    package struct SourcePart: Sendable {
        package var configured: ConfiguredSource
        package var sweep: CatalogSweep.Outcome
        package var diff: FeedDiffStage.Outcome

        package init(configured: ConfiguredSource, sweep: CatalogSweep.Outcome, diff: FeedDiffStage.Outcome) {
            self.configured = configured
            self.sweep = sweep
            self.diff = diff
        }
    }

    package struct Outcome: Sendable {
        /// The sources' answers per artist (an artist any source could not check is incomplete),
        /// judged by the sources' verdicts (`SweepOutcome.sourcesStatus`).
        package var sweep: SweepOutcome
        package var diff: FeedDiff
        /// Entry ids withdrawn from a source's catalog in this run, and those a source could not check.
        package var withdrawn: Set<String>
        package var unchecked: Set<String>
        package var sources: [SourceStatus]
        /// Artists that every source answering with a listing listed nothing for, in library order.
        package var emptyArtists: [String]
    }

    /// - Parameter at: the run's start, stored with each remembered entry id.
    package func run(_ parts: [SourcePart], at date: Date) async throws -> Outcome {
        var feedCandidates: [MergeCandidate] = []
        var upcomingCandidates: [MergeCandidate] = []
        var dropped: [MergeCandidate] = []
        var reasons: [String: DropReason] = [:]
        var droppedCounts: [DropReason: Int] = [:]
        var considered = 0
        for (order, part) in parts.enumerated() {
            let (sweep, diffed) = (part.sweep, part.diff)
            let source = part.configured.source
            let evidence = Dictionary(diffed.mergeReleases.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            let candidate = { (entry: FeedEntry) -> MergeCandidate in
                let release = evidence[entry.id]
                return MergeCandidate(
                    source: source, order: order, entry: entry, barcode: release?.barcode, links: release?.links ?? [],
                    trackCount: release?.trackCount)
            }
            feedCandidates += sweep.stale.mark(diffed.diff.entries).map(candidate)
            upcomingCandidates += sweep.stale.mark(diffed.diff.upcoming).map(candidate)
            for release in diffed.mergeReleases {
                guard let reason = diffed.diff.reasons[release.id], reason == .owned || reason == .dismissed else { continue }
                var entry = FeedEntry(release, releaseDate: release.releaseDate ?? ReleaseDate(year: 1))
                entry.lastCheckedAt = nil
                dropped.append(candidate(entry).droppingAs(reason))
            }
            reasons.merge(diffed.diff.reasons) { first, _ in first }
            droppedCounts.merge(diffed.diff.dropped, uniquingKeysWith: +)
            considered += diffed.diff.considered
        }
        let listings = (feedCandidates + upcomingCandidates).map(\.listingKey)
        let remembered = try await store.perform { try $0.entryIDs.ids(of: listings) }
        var feed = ReleaseMerge.merge(feedCandidates + dropped, remembered: remembered)
        var upcoming = ReleaseMerge.merge(upcomingCandidates + dropped, remembered: remembered)
        if let storefront = self.feed.playableIn {
            feed.entries = feed.entries.filter { Self.isPlayable($0, in: storefront) }
            upcoming.entries = upcoming.entries.filter { Self.isPlayable($0, in: storefront) }
        }
        let entryIDs = feed.entryIDs.merging(upcoming.entryIDs) { first, _ in first }
        try await store.perform { try $0.entryIDs.save(entryIDs, at: date) }
        for (id, reason) in feed.dropped.merging(upcoming.dropped, uniquingKeysWith: { first, _ in first }) { reasons[id] = reason }
        let diff = FeedDiff(
            entries: feed.entries.sorted(by: Diff.newestFirst), upcoming: upcoming.entries.sorted(by: Diff.soonestFirst),
            dropped: droppedCounts, considered: considered, reasons: reasons)
        let entryID = { (source: String, release: String) in
            entryIDs[ListingKey(source: source, releaseID: release)] ?? remembered[ListingKey(source: source, releaseID: release)]
                ?? release
        }
        var withdrawn: Set<String> = []
        var unchecked: Set<String> = []
        for part in parts {
            let sweep = part.sweep
            let key = part.configured.source.key
            for release in sweep.memory.withdrawn { withdrawn.insert(entryID(key, release.id)) }
            let incomplete = sweep.sweep.incompleteArtists
            let ids = try await store.perform { try $0.memory.releaseIDs(provider: key, artists: incomplete) }
            for id in ids { unchecked.insert(entryID(key, id)) }
        }
        let sources = Self.statuses(parts, entries: diff.entries + diff.upcoming)
        let sweep = Self.combined(parts, sources: sources)
        return Outcome(
            sweep: sweep, diff: diff, withdrawn: withdrawn, unchecked: unchecked, sources: sources,
            emptyArtists: Self.listedNothing(parts, artists: sweep.results.map(\.artist)))
    }

    /// The artists no source found a release for, among those some source listed: read from each
    /// source's diff, since the combined answers no longer hold the releases.
    static func listedNothing(_ parts: [SourcePart], artists: [String]) -> [String] {
        let listings = parts.map { part in
            (
                listed: Set(part.sweep.sweep.results.filter { if case .fetched = $0.outcome { true } else { false } }.map(\.artist)),
                empty: part.diff.listedNothing
            )
        }
        return artists.filter { artist in
            let answered = listings.filter { $0.listed.contains(artist) }
            return !answered.isEmpty && answered.allSatisfy { $0.empty.contains(artist) }
        }
    }

    /// A store source in `storefront` lists the entry.
    static func isPlayable(_ entry: FeedEntry, in storefront: String) -> Bool {
        entry.availability.contains { $0.provider != "musicbrainz" && $0.storefront == storefront }
    }

    /// Each source's verdict, in config order.
    static func statuses(_ parts: [SourcePart], entries: [FeedEntry]) -> [SourceStatus] {
        parts.map { part in
            let source = part.configured.source
            let listed = entries.filter { $0.availability.contains { $0.source == source.key } }.count
            let sweep = part.sweep.sweep
            let state: SourceStatus.State =
                switch sweep.status {
                case .complete: .complete
                case .partial: .partial
                case .failed, .skipped: isUnreachable(sweep) ? .unreachable : .failed
                }
            var status = SourceStatus(
                source: source, status: state, artists: sweep.counts, requests: sweep.requests, listed: listed,
                message: part.sweep.refused?.message ?? sweep.unreachable?.summary)
            let incomplete = sweep.incompleteArtists
            status.incompleteArtists = incomplete.isEmpty ? nil : incomplete
            return status
        }
    }

    /// A failed source whose breaker opened, or whose every failure was a connection that could
    /// not be made or timed out: nothing there answered, as opposed to a catalog saying no.
    static func isUnreachable(_ sweep: SweepOutcome) -> Bool {
        if sweep.unreachable != nil { return true }
        let failures = sweep.results.compactMap { result -> FetchFailure? in
            if case .failed(let failure) = result.outcome { return failure }
            return nil
        }
        return !failures.isEmpty && failures.allSatisfy { $0.kind == .transport || $0.kind == .timeout }
    }

    /// One result per library artist over every source that swept: an artist any source could not
    /// check is that source's failure (it is incomplete), else the first source's answer that lists
    /// releases; requests add up. Judged by the sources: failed when all failed, complete when all are.
    static func combined(_ parts: [SourcePart], sources: [SourceStatus]) -> SweepOutcome {
        let swept = parts.map(\.sweep.sweep)
        let home = parts[0].configured.source.key
        guard let first = swept.first else {
            var outcome = SweepOutcome(provider: home, results: [])
            outcome.sourcesStatus = .failed
            return outcome
        }
        let byArtist = swept.map { sweep in Dictionary(sweep.results.map { ($0.artist, $0) }, uniquingKeysWith: { first, _ in first }) }
        let results = first.results.map { anchor -> ArtistResult in
            let all = byArtist.compactMap { $0[anchor.artist] }
            var result =
                all.first { !$0.outcome.isDefinite }
                ?? all.first {
                    if case .fetched = $0.outcome { return true }
                    return false
                } ?? anchor
            result.requests = all.reduce(0) { $0 + $1.requests }
            return result
        }
        var outcome = SweepOutcome(provider: home, results: results, unreachable: swept.lazy.compactMap(\.unreachable).first)
        let states = sources.map(\.status)
        outcome.sourcesStatus =
            states.allSatisfy { $0 == .complete }
            ? .complete : states.allSatisfy { $0 == .failed || $0 == .unreachable } ? .failed : .partial
        return outcome
    }
}

extension MergeCandidate {
    func droppingAs(_ reason: DropReason) -> MergeCandidate {
        var candidate = self
        candidate.droppedAs = reason
        return candidate
    }
}
