import DeepCutCore
import Foundation

/// The SweepCatalog stage: one typed `ArtistResult` per library artist, in library order.
///
/// Each artist needs its catalog id, then its releases. Ids come from `artistOverrides`, then from
/// the resolution cache, so a warm sweep makes no search request for a known artist; the rest are
/// searched (see `ArtistResolver`) and the definite answers cached. Releases are fetched
/// `provider.releaseBatchLimit` artists per job, so a provider that can batch spends one request
/// on several artists. Jobs run in a sliding window of `concurrency` (see `SweepSchedule` for the
/// order), every request paced by the provider's rate limiter.
///
/// Stopping: when the surrounding task is cancelled (SIGTERM), no further job starts; artists never
/// reached are `.skipped(.cancelled)`, and those in flight end `.failed` with kind `cancelled` as
/// their requests stop. When `deadline` passes, the jobs in flight are cancelled as well, and every
/// artist without an answer (in flight or never reached) ends `.skipped(.deadline)`: the deadline,
/// not the catalog, is why it has none. Either way the sweep is partial, never a silently shorter
/// "complete" one.
///
/// Requests are counted per artist: a search and its retries on the artist, and a batched lookup
/// (with any single lookups it falls back to) on the first artist of its batch, so the per-artist
/// counts add up to the requests sent.
struct SweepCatalog: Sendable {
    let provider: any CatalogProvider
    /// Jobs in flight at once.
    let concurrency: Int
    /// The resolution cache; nil searches every artist on every run.
    let resolutionCache: ArtistResolutionRepository?
    /// `artistOverrides`: catalog ids by `ArtistName.normalize`d library name.
    let overrides: [String: String]
    /// How long the sweep may run, from the start of `run`; nil for no limit.
    let deadline: Duration?
    let clock: CatalogClock
    /// Wall-clock time, for the cache's `resolvedAt` and its expiry.
    let now: @Sendable () -> Date
    /// Told about every artist as it gets its answer (progress lines); called as jobs finish.
    var artistFinished: @Sendable (ArtistResult) -> Void = { _ in }

    init(provider: any CatalogProvider, concurrency: Int, resolutionCache: ArtistResolutionRepository? = nil,
         overrides: [String: String] = [:], deadline: Duration? = nil, clock: CatalogClock = .continuous,
         now: @escaping @Sendable () -> Date = { Date() }) {
        self.provider = provider
        self.concurrency = max(1, concurrency)
        self.resolutionCache = resolutionCache
        self.overrides = Dictionary(overrides.map { (ArtistName.normalize($0.key), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.deadline = deadline
        self.clock = clock
        self.now = now
    }

    /// Sweeps `artists`.
    /// - Parameter ownedKeys: the user's albums, to tell namesake artists apart.
    /// - Throws: `DatabaseError` when the resolution cache cannot be read or written.
    func run(artists: [String], ownedKeys: Set<AlbumKey> = []) async throws -> SweepOutcome {
        let window = SlidingWindow(width: concurrency, deadline: deadline.map { clock.now() + $0 }, clock: clock)
        let resolvedAt = now()
        var schedule = SweepSchedule(names: artists, known: try knownIdentities(artists, at: resolvedAt),
                                     batchLimit: provider.releaseBatchLimit, resolvedAt: resolvedAt)
        schedule.answered = artistFinished
        schedule.reportKnownAnswers()
        let resolver = ArtistResolver(provider: provider, ownedKeys: MatchKey.all(ofEach: ownedKeys))
        let reachedDeadline = await window.run(&schedule) { [provider] job in
            let tally = RequestTally()
            let answer = await RequestTally.$current.withValue(tally) { () async -> SweepJob.Answer in
                switch job {
                case .resolve(let index, let name): .resolved(index: index, name: name, await resolver.resolve(name))
                case .fetch(let members): .fetched(members, await provider.releases(ofEach: members.map(\.artist)))
                }
            }
            return (answer, tally.requests)
        }
        try resolutionCache?.save(schedule.learned, provider: provider.name)

        let stop = Task.isCancelled ? SkipReason.cancelled : .deadline
        let results = artists.indices.map { index in
            ArtistResult(artist: artists[index], catalogID: schedule.identities[index]?.artist?.id,
                         outcome: schedule.finalOutcome(index, stop: stop, reachedDeadline: reachedDeadline),
                         requests: schedule.requests[index], resolution: schedule.identities[index]?.method)
        }
        return SweepOutcome(provider: provider.name, results: results)
    }

    /// Identities known before any request, by artist index: pinned ids, and cached resolutions
    /// still within their lifetime.
    private func knownIdentities(_ artists: [String], at now: Date) throws -> [Int: ArtistIdentity] {
        let cached = try resolutionCache?.all(provider: provider.name) ?? [:]
        var known: [Int: ArtistIdentity] = [:]
        for (index, name) in artists.enumerated() {
            let key = ArtistName.normalize(name)
            if let pinned = overrides[key] {
                known[index] = ArtistIdentity(artist: CatalogArtist(id: pinned, name: name), method: .override)
            } else if let record = cached[key], now < record.resolvedAt.addingTimeInterval(record.method.cacheLifetime) {
                known[index] = ArtistIdentity(artist: record.artist, method: record.method)
            }
        }
        return known
    }
}
