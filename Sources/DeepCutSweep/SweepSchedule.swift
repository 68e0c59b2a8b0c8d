import DeepCutCore
import DeepCutHTTP
import DeepCutState
import Foundation

/// The sweep's working state, one slot per library artist, and the order work is handed out in.
///
/// Fetching comes first: as soon as a full batch of identified artists is waiting, it is fetched,
/// so artists get answers early and a deadline finds as many finished as possible. Otherwise the
/// next unknown artist is searched; a partial batch is fetched once no search could still add to it.
struct SweepSchedule: WindowSchedule {
    private(set) var identities: [ArtistIdentity?]
    /// nil until the artist has an answer.
    private(set) var outcomes: [ArtistOutcome?]
    private(set) var requests: [Int]
    /// What each fetched answer covers (`.complete` until an answer says otherwise).
    private(set) var coverages: [ListingCoverage]
    /// Resolutions learned this run, for the cache: definite answers only, never failures.
    private(set) var learned: [ArtistResolutionRecord] = []

    private let names: [String]
    private let batchLimit: Int
    /// When this run resolved its artists, as the cache records it.
    private let resolvedAt: Date
    private var unresolved: ArraySlice<Int>
    private var resolving = 0
    private var awaitingReleases: [SweepJob.Member] = []
    /// Once open, no job starts.
    private let breaker: CircuitBreaker?

    /// - Parameters:
    ///   - known: identities known before any request (pinned or cached), by artist index.
    ///   - searchStart: the artist index searches start at, going round to the ones before it: each
    ///     storefront of a catalog starts at its own share (`StorefrontSharing`).
    init(
        names: [String], known: [Int: ArtistIdentity], batchLimit: Int, resolvedAt: Date, breaker: CircuitBreaker? = nil,
        searchStart: Int = 0
    ) {
        self.names = names
        self.breaker = breaker
        self.batchLimit = max(1, batchLimit)
        self.resolvedAt = resolvedAt
        identities = names.indices.map { known[$0] }
        outcomes = identities.map { $0?.method == .notFound ? .notFound : nil }
        requests = Array(repeating: 0, count: names.count)
        coverages = Array(repeating: .complete, count: names.count)
        let unknown = names.indices.filter { known[$0] == nil }
        let start = unknown.firstIndex { $0 >= searchStart } ?? unknown.endIndex
        unresolved = ArraySlice(unknown[start...] + unknown[..<start])
        awaitingReleases = names.indices.compactMap { index in
            known[index]?.artist.map { SweepJob.Member(index: index, artist: $0) }
        }
    }

    mutating func nextJob() -> SweepJob? {
        if breaker?.isOpen == true { return nil }
        if awaitingReleases.count >= batchLimit {
            return .fetch(takeBatch())
        }
        if let index = unresolved.popFirst() {
            resolving += 1
            return .resolve(index: index, name: names[index])
        }
        if !awaitingReleases.isEmpty, resolving == 0 {
            return .fetch(takeBatch())
        }
        return nil
    }

    /// Told about each artist as it gets its answer (progress lines).
    var answered: @Sendable (ArtistResult) -> Void = { _ in }

    /// Reports every artist that already has an answer (cached "no such artist").
    func reportKnownAnswers() {
        for index in names.indices where outcomes[index] != nil { report(index) }
    }

    private func report(_ index: Int) {
        guard var outcome = outcomes[index] else { return }
        // A request the open breaker never sent is a skip, as `finalOutcome` will say: log it as one.
        if breaker?.isOpen == true, case .failed(let failure) = outcome, failure.kind == .cancelled {
            outcome = .skipped(.catalogUnreachable)
        }
        answered(
            ArtistResult(
                artist: names[index], catalogID: identities[index]?.artist?.id, outcome: outcome,
                requests: requests[index], resolution: identities[index]?.method))
    }

    mutating func finished(with output: (SweepJob.Answer, Int)) {
        let before = outcomes.indices.filter { outcomes[$0] == nil }
        defer { for index in before where outcomes[index] != nil { report(index) } }
        let (answer, spent) = output
        switch answer {
        case .resolved(let index, let name, let resolved):
            resolving -= 1
            requests[index] += spent
            take(resolved, at: index, name: name)
        case .fetched(let members, let answers):
            // A batch's requests are counted on its first artist, so the counts still add up.
            requests[members[0].index] += spent
            for member in members {
                let answer = answers.answer(for: member.artist)
                outcomes[member.index] = ArtistOutcome(answer.releases)
                if case .success(let listing) = answer { coverages[member.index] = listing.coverage }
            }
        }
    }

    /// Artist `index`'s outcome once the sweep has stopped.
    /// - Parameters:
    ///   - stop: why a job would not have run: the surrounding task's cancellation, the open
    ///     circuit breaker, or the deadline.
    ///   - reachedDeadline: the deadline cancelled jobs in flight, whose `cancelled` failures are
    ///     then skips: the deadline, not the catalog, left them without an answer. Likewise an open
    ///     breaker ends requests unsent as `cancelled`: those artists were never really asked.
    func finalOutcome(_ index: Int, stop: SkipReason, reachedDeadline: Bool) -> ArtistOutcome {
        guard let outcome = outcomes[index] else { return .skipped(stop) }
        if case .failed(let failure) = outcome, failure.kind == .cancelled {
            if reachedDeadline, stop == .deadline { return .skipped(.deadline) }
            if stop == .catalogUnreachable { return .skipped(.catalogUnreachable) }
        }
        return outcome
    }

    private mutating func takeBatch() -> [SweepJob.Member] {
        let batch = Array(awaitingReleases.prefix(batchLimit))
        awaitingReleases.removeFirst(batch.count)
        return batch
    }

    private mutating func take(_ resolved: ResolvedArtist, at index: Int, name: String) {
        let key = ArtistName.normalize(name)
        switch resolved {
        case .found(let artist, let method, let releases):
            identities[index] = ArtistIdentity(artist: artist, method: method)
            learned.append(ArtistResolutionRecord(artistKey: key, artist: artist, method: method, resolvedAt: resolvedAt))
            if let releases {
                outcomes[index] = ArtistOutcome(releases.releases)
                if case .success(let listing) = releases { coverages[index] = listing.coverage }
            } else {
                awaitingReleases.append(SweepJob.Member(index: index, artist: artist))
            }
        case .notFound:
            identities[index] = ArtistIdentity(artist: nil, method: .notFound)
            learned.append(ArtistResolutionRecord(artistKey: key, artist: nil, method: .notFound, resolvedAt: resolvedAt))
            outcomes[index] = .notFound
        case .failed(let failure):
            outcomes[index] = .failed(failure)
        }
    }
}

extension ResolutionMethod {
    /// How long a cached resolution is trusted before the artist is searched again.
    ///
    /// A found artist keeps its id for 90 days: catalog ids are stable, and re-searching costs
    /// a request per artist. "Not found" and "ambiguous" are retried after 7 days: a new artist
    /// reaches the catalog, and a new purchase can tell namesakes apart. Overrides and library ids
    /// come from the config and the library on every run and are never cached.
    var cacheLifetime: TimeInterval {
        switch self {
        case .exact, .owned, .first, .storefront: 90 * 86_400
        case .ambiguous, .notFound: 7 * 86_400
        case .override, .library: 0
        }
    }

    /// `cacheLifetime` spread per artist over its last quarter (75–100 %), deterministically from
    /// the artist key: resolutions cached in one run never all expire in one later run, so an old
    /// install never re-searches its whole library at once (and never meets a catalog fault with
    /// every artist at once).
    func cacheLifetime(artistKey: String) -> TimeInterval {
        cacheLifetime * (0.75 + 0.25 * Self.unitSpread(artistKey))
    }

    /// A stable number in `0..<1` for a key: FNV-1a, then SplitMix64's finaliser so keys that differ
    /// in their last byte land far apart (Swift's `Hasher` is seeded per process).
    package static func unitSpread(_ key: String) -> Double {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        hash = (hash ^ (hash >> 30)) &* 0xbf58_476d_1ce4_e5b9
        hash = (hash ^ (hash >> 27)) &* 0x94d0_49bb_1331_11eb
        hash ^= hash >> 31
        return Double(hash >> 11) / Double(UInt64(1) << 53)
    }
}
