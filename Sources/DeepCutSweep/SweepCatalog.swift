import DeepCutCatalog
import DeepCutConfig
import DeepCutCore
import DeepCutHTTP
import DeepCutState
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
/// Unreachable: every request goes through the run's `CircuitBreaker`; once it opens, no further
/// job starts, and every artist without an answer ends `.skipped(.catalogUnreachable)`.
///
/// Requests are counted per artist: a search and its retries on the artist, and a batched lookup
/// (with any single lookups it falls back to) on the first artist of its batch, so the per-artist
/// counts add up to the requests sent.
package struct SweepCatalog: Sendable {
    let provider: any CatalogProvider
    /// Jobs in flight at once.
    let concurrency: Int
    /// The store holding the resolution cache (`artistResolutions`); nil searches every artist on every run.
    let resolutionCache: StateStore?
    /// `artistOverrides`: catalog ids by `ArtistName.normalize`d library name.
    let overrides: [String: String]
    /// Catalog ids the library itself holds (beets' `mb_albumartistid`), by `ArtistName.normalize`d
    /// name: used without a search, after overrides and before the cache.
    var libraryIDs: [String: String] = [:]
    /// How long the sweep may run, from the start of `run`; nil for no limit.
    let deadline: Duration?
    let clock: CatalogClock
    /// Wall-clock time, for the cache's `resolvedAt` and its expiry.
    let now: @Sendable () -> Date
    /// Told about every artist as it gets its answer (progress lines); called as jobs finish.
    var artistFinished: @Sendable (ArtistResult) -> Void = { _ in }
    /// Shared by every sweep of one run (a re-ask pass too), so a run stops asking an unreachable
    /// catalog however its work is split.
    var breaker = CircuitBreaker()
    /// The searches this storefront shares with the others of its catalog; a re-ask pass searches alone.
    var sharing: StorefrontSharing?

    init(
        provider: any CatalogProvider, concurrency: Int, resolutionCache: StateStore? = nil,
        overrides: [String: String] = [:], deadline: Duration? = nil, clock: CatalogClock = .continuous,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.provider = provider
        self.concurrency = max(1, concurrency)
        self.resolutionCache = resolutionCache
        self.overrides = Dictionary(overrides.map { (ArtistName.normalize($0.key), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.deadline = deadline
        self.clock = clock
        self.now = now
    }

    /// What one sweep found, and the resolutions it learned, not yet cached: the pipeline caches
    /// them only once it believes the answers (see `Pipeline`).
    package struct Swept: Sendable {
        package var outcome: SweepOutcome
        package var learned: [ArtistResolutionRecord]

        package init(outcome: SweepOutcome, learned: [ArtistResolutionRecord]) {
            self.outcome = outcome
            self.learned = learned
        }
    }

    /// Sweeps `artists` and caches the resolutions it learned.
    /// - Parameter ownedKeys: the user's albums, to tell namesake artists apart.
    /// - Throws: `DatabaseError` when the resolution cache cannot be read or written.
    package func run(artists: [String], ownedKeys: Set<AlbumKey> = []) async throws -> SweepOutcome {
        let swept = try await sweep(artists: artists, ownedKeys: ownedKeys)
        let (learned, name) = (swept.learned, provider.name)
        try await resolutionCache?.perform { try $0.artistResolutions.save(learned, provider: name) }
        return swept.outcome
    }

    /// Sweeps `artists` without caching what it learned.
    /// - Parameters:
    ///   - ownedKeys: the user's albums, to tell namesake artists apart.
    ///   - bypassingCache: artists asked as if nothing were cached about them (a re-ask).
    /// - Throws: `DatabaseError` when the resolution cache cannot be read.
    package func sweep(artists: [String], ownedKeys: Set<AlbumKey> = [], bypassingCache: Bool = false) async throws -> Swept {
        let window = SlidingWindow(width: concurrency, deadline: deadline.map { clock.now() + $0 }, clock: clock)
        let resolvedAt = now()
        var known = bypassingCache ? try pinnedIdentities(artists) : try await knownIdentities(artists, at: resolvedAt)
        // A run that would send no request at all (every artist a cached "no such artist") would be
        // judged on the cache alone: ask the catalog about them instead.
        if !artists.isEmpty, artists.indices.allSatisfy({ known[$0]?.method == .notFound }) {
            known = [:]
        }
        // A re-ask searches this storefront itself: it asks because an identity did not hold here.
        let sharing = bypassingCache ? nil : sharing
        if let sharing {
            for (index, identity) in known {
                if let artist = identity.artist { sharing.identities.post(artist, named: artists[index], method: identity.method) }
            }
        }
        var schedule = SweepSchedule(
            names: artists, known: known, batchLimit: provider.releaseBatchLimit,
            resolvedAt: resolvedAt, breaker: breaker, searchStart: sharing?.searchStart(of: artists.count) ?? 0)
        schedule.answered = artistFinished
        schedule.reportKnownAnswers()
        let resolver = ArtistResolver(provider: provider, owned: OwnedMatchKeys(albums: ownedKeys), storefronts: sharing?.identities)
        let reachedDeadline = await CircuitBreaker.$current.withValue(breaker) {
            await window.run(&schedule) { [provider] job in
                let tally = RequestTally()
                let answer = await RequestTally.$current.withValue(tally) { () async -> SweepJob.Answer in
                    switch job {
                    case .resolve(let index, let name): .resolved(index: index, name: name, await resolver.resolve(name))
                    case .fetch(let members): .fetched(members, await provider.listings(ofEach: members.map(\.artist)))
                    }
                }
                return (answer, tally.requests)
            }
        }
        let stop: SkipReason = Task.isCancelled ? .cancelled : breaker.isOpen ? .catalogUnreachable : .deadline
        let results = artists.indices.map { index in
            let cached = known[index]?.method == .notFound
            return ArtistResult(
                artist: artists[index], catalogID: schedule.identities[index]?.artist?.id,
                outcome: schedule.finalOutcome(index, stop: stop, reachedDeadline: reachedDeadline),
                requests: schedule.requests[index], resolution: schedule.identities[index]?.method,
                source: cached ? .resolutionCache : .catalog, coverage: schedule.coverages[index])
        }
        return Swept(
            outcome: SweepOutcome(provider: provider.name, results: results, unreachable: breaker.openedBy), learned: schedule.learned)
    }

    /// The identity the config (`artistOverrides`) or the library pins a name to, config first.
    private func pinnedIdentity(_ name: String) -> ArtistIdentity? {
        let key = ArtistName.normalize(name)
        if let pinned = overrides[key] { return ArtistIdentity(artist: CatalogArtist(id: pinned, name: name), method: .override) }
        if let held = libraryIDs[key] { return ArtistIdentity(artist: CatalogArtist(id: held, name: name), method: .library) }
        return nil
    }

    /// Only the pinned identities (`artistOverrides`, library ids), by artist index.
    private func pinnedIdentities(_ artists: [String]) throws -> [Int: ArtistIdentity] {
        var known: [Int: ArtistIdentity] = [:]
        for (index, name) in artists.enumerated() {
            if let pinned = pinnedIdentity(name) { known[index] = pinned }
        }
        return known
    }

    /// Identities known before any request, by artist index: pinned ids, and cached resolutions
    /// still within their lifetime.
    private func knownIdentities(_ artists: [String], at now: Date) async throws -> [Int: ArtistIdentity] {
        let name = provider.name
        let cached = try await resolutionCache?.perform { try $0.artistResolutions.all(provider: name) } ?? [:]
        var known: [Int: ArtistIdentity] = [:]
        for (index, name) in artists.enumerated() {
            let key = ArtistName.normalize(name)
            if let pinned = pinnedIdentity(name) {
                known[index] = pinned
            } else if let record = cached[key], now < record.resolvedAt.addingTimeInterval(record.method.cacheLifetime(artistKey: key)) {
                known[index] = ArtistIdentity(artist: record.artist, method: record.method)
            }
        }
        return known
    }
}

extension SweepCatalog {
    /// The sweep a run's config asks for, caching resolutions in the state database.
    /// - Parameter now: the run's wall clock, so the resolution cache ages on the same (possibly virtual) clock.
    package init(config: Config, provider: any CatalogProvider, store: StateStore, now: @escaping @Sendable () -> Date = { Date() }) {
        self.init(config: config, catalog: config.catalog, isHome: true, provider: provider, store: store, now: now)
    }

    /// The sweep of one source: its catalog's width and deadline. `artistOverrides` name the home
    /// catalog's ids, so only the home source reads them.
    package init(
        config: Config, catalog: CatalogConfig, isHome: Bool, provider: any CatalogProvider, store: StateStore,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        let deadline = catalog.sweepDeadlineMinutes.map { Duration.milliseconds(Int64(($0 * 60_000).rounded())) }
        self.init(
            provider: provider, concurrency: catalog.concurrency, resolutionCache: store,
            overrides: isHome ? config.artistOverrides : [:], deadline: deadline, now: now)
    }
}

extension ArtistOutcome {
    /// A release fetch's answer as an outcome: the releases, or the failure (never an empty list).
    init(_ result: Result<[Release], FetchFailure>) {
        switch result {
        case .success(let releases): self = .fetched(releases)
        case .failure(let failure): self = .failed(failure)
        }
    }
}

extension Dictionary where Key == String, Value == Result<[Release], FetchFailure> {
    /// The answer `releases(ofEach:)` gave for `artist`. A provider that left an artist out broke
    /// its contract; that is a failure for the artist, never an empty release list.
    func answer(for artist: CatalogArtist) -> Value {
        self[artist.id]
            ?? .failure(
                FetchFailure(
                    kind: .decoding, attempts: 0,
                    message: "the catalog's answer left out artist id \(artist.id)"))
    }
}

extension Dictionary where Key == String, Value == Result<ArtistListing, FetchFailure> {
    /// The listing `listings(ofEach:)` gave for `artist`; left out is a failure, as above.
    func answer(for artist: CatalogArtist) -> Value {
        self[artist.id]
            ?? .failure(
                FetchFailure(
                    kind: .decoding, attempts: 0,
                    message: "the catalog's answer left out artist id \(artist.id)"))
    }
}
