import DeepCutCore
import Foundation

/// The SweepCatalog stage: one typed `ArtistResult` per library artist, in library order.
///
/// Two passes, each in a sliding window of `concurrency` jobs:
/// 1. **Resolve** the artists whose catalog id is not known: one search each (see `ArtistResolver`).
///    Ids come first from `artistOverrides`, then from the resolution cache, so a warm sweep makes
///    no search request for a known artist. New answers (found and not found) are cached.
/// 2. **Fetch** the releases of every identified artist, `provider.releaseBatchLimit` artists per
///    job, so a provider that can batch spends one request on several artists.
///
/// Stopping: when the surrounding task is cancelled (SIGTERM), no further job starts; artists never
/// started are `.skipped(.cancelled)`, and those in flight end `.failed` with kind `cancelled` as
/// their requests stop. When `deadline` passes, the jobs in flight are cancelled as well, and every
/// artist without an answer (in flight or never started) ends `.skipped(.deadline)`: the deadline,
/// not the catalog, is why it has none. Either way the sweep is partial, never a silently shorter
/// "complete" one.
///
/// Requests are counted per artist: a search and its retries on the artist, and a batched lookup
/// on the first artist of its batch, so the per-artist counts still add up to the requests sent.
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
        var sweep = try startingPoint(artists)

        let unknown = artists.indices.filter { sweep.identities[$0] == nil }
        let resolver = ArtistResolver(provider: provider, ownedKeys: Set(ownedKeys.flatMap(MatchKey.all)))
        let resolving = await window.run(unknown.count) { job in
            await Self.counting { await resolver.resolve(artists[unknown[job]]) }
        }
        var newlyResolved: [ArtistResolutionRecord] = []
        for (job, index) in unknown.enumerated() {
            guard let (resolved, requests) = resolving.outputs[job] else { continue }
            sweep.requests[index] += requests
            newlyResolved += sweep.record(resolved, at: index, artistKey: ArtistName.normalize(artists[index]), now: now())
        }
        try resolutionCache?.save(newlyResolved, provider: provider.name)

        let batches = sweep.awaitingReleases.chunked(into: provider.releaseBatchLimit)
        let fetching = await window.run(batches.count) { [provider] job in
            await Self.counting { await provider.releases(ofEach: batches[job].map(\.artist)) }
        }
        for (job, batch) in batches.enumerated() {
            guard let (answers, requests) = fetching.outputs[job] else { continue }
            sweep.requests[batch[0].index] += requests
            for member in batch {
                sweep.outcomes[member.index] = ArtistOutcome(answers.answer(for: member.artist))
            }
        }

        let stop = Task.isCancelled ? SkipReason.cancelled : .deadline
        let reachedDeadline = resolving.reachedDeadline || fetching.reachedDeadline
        let results = artists.indices.map { index in
            ArtistResult(artist: artists[index], catalogID: sweep.identities[index]?.artist?.id,
                         outcome: sweep.finalOutcome(index, stop: stop, reachedDeadline: reachedDeadline),
                         requests: sweep.requests[index], resolution: sweep.identities[index]?.method)
        }
        return SweepOutcome(provider: provider.name, results: results)
    }

    /// What is known before any request: pinned ids, and cached resolutions still within their lifetime.
    private func startingPoint(_ artists: [String]) throws -> SweepProgress {
        let cached = try resolutionCache?.all(provider: provider.name) ?? [:]
        let now = now()
        var sweep = SweepProgress(count: artists.count)
        for (index, name) in artists.enumerated() {
            let key = ArtistName.normalize(name)
            if let pinned = overrides[key] {
                sweep.identities[index] = ArtistIdentity(artist: CatalogArtist(id: pinned, name: name), method: .override)
            } else if let record = cached[key], now < record.resolvedAt.addingTimeInterval(record.method.cacheLifetime) {
                sweep.identities[index] = ArtistIdentity(artist: record.artist, method: record.method)
                if record.artist == nil { sweep.outcomes[index] = .notFound }
            }
        }
        return sweep
    }

    /// Runs `body` with a fresh request tally bound, returning its result and the requests it sent.
    private static func counting<Value: Sendable>(_ body: () async -> Value) async -> (Value, Int) {
        let tally = RequestTally()
        let value = await RequestTally.$current.withValue(tally) { await body() }
        return (value, tally.requests)
    }
}
