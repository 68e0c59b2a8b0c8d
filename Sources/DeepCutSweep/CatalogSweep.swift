import DeepCutCatalog
import DeepCutConfig
import DeepCutCore
import DeepCutHTTP
import DeepCutState
import Foundation

/// The sweep stage, whole: from the library's artists to the answers this run believes, with
/// what the state learned from them. The orchestrator calls `run` once and reads the outcome.
///
/// 1. Plan: after a partial or failed run, fresh answers are reused (`RepairPlan`); artists read
///    whole recently are asked only for their newest releases (`WarmPlan`); the pace and the
///    catalog traits learned by earlier runs are the starting point.
/// 2. Ask: `SweepCatalog` over the artists to fetch, watched by the caller's `SweepObserver`.
/// 3. Believe: the suddenly-empty rule, cached ids the catalog lost searched afresh, a faulty
///    catalog believed in nothing (`CatalogSweep+Belief.swift`).
/// 4. Remember: resolutions, answers, suspects, the pace and the traits — nothing of a faulty run.
/// 5. Fill in: the last known releases of unchecked artists (`StaleReleases`) and the remembered
///    releases beyond a cut listing, so what people see never shrinks for a reason that is not news.
///
/// The catalog memory's last answers are read once, at the start, for every artist.
package struct CatalogSweep: Sendable {
    let config: Config
    /// The source this sweep asks (`config.sources`): its catalog settings, and the key its state is kept under.
    let source: ConfiguredSource
    let client: any HTTPClient
    let environment: [String: String]
    let store: StateStore
    let now: @Sendable () -> Date
    /// Made for the first pass, with how many artists it asks.
    let observer: @Sendable (_ asking: Int) -> any SweepObserver
    /// The searches shared with the other storefronts of this source's catalog (`SourceSweeps`).
    var sharing: StorefrontSharing?

    package init(
        config: Config, source: ConfiguredSource? = nil, client: any HTTPClient, environment: [String: String], store: StateStore,
        now: @escaping @Sendable () -> Date, observer: @escaping @Sendable (_ asking: Int) -> any SweepObserver
    ) {
        self.config = config
        self.source = source ?? config.sources[0]
        self.client = client
        self.environment = environment
        self.store = store
        self.now = now
        self.observer = observer
    }

    /// What the sweep starts from.
    package struct Plan: Sendable {
        /// The library's artists, in library order.
        package var artists: [String]
        /// The user's albums, to tell namesake artists apart.
        package var ownedKeys: Set<AlbumKey>
        /// Catalog artist ids the library holds for this provider, by `ArtistName.normalize`d name.
        package var libraryIDs: [String: String]
        /// The last run's record, and the artists still owed a definite answer (normalised).
        package var previousRun: RunHistoryEntry?
        package var previouslyFailed: Set<String>
        package var runID: String
        package var startedAt: Date

        package init(
            artists: [String], ownedKeys: Set<AlbumKey>, libraryIDs: [String: String], previousRun: RunHistoryEntry?,
            previouslyFailed: Set<String>, runID: String, startedAt: Date
        ) {
            self.artists = artists
            self.ownedKeys = ownedKeys
            self.libraryIDs = libraryIDs
            self.previousRun = previousRun
            self.previouslyFailed = previouslyFailed
            self.runID = runID
            self.startedAt = startedAt
        }
    }

    /// What the sweep found and what the run may show from it.
    package struct Outcome: Sendable {
        /// Every artist in library order: fetched, reused and believed answers, and why the sweep stopped.
        package var sweep: SweepOutcome
        /// The provider the sweep asked, for the stages that ask it again (track lists).
        package var provider: any CatalogProvider
        /// What the catalog memory learned: discoveries and withdrawals.
        package var memory = MemoryUpdate()
        /// The last known releases of the artists this run could not check.
        package var stale = StaleReleases()
        /// Remembered releases older than a cut listing reaches, with the library artist each is remembered under.
        package var beyondCoverage: [(artist: String, releases: [Release])] = []
        /// Why the catalog looked faulty, when it did: nothing of the run was believed or cached.
        package var fault: CatalogFault?
        package var pace: Pace?
        /// The traits stored before the run and those its answers showed (reported for iTunes only).
        package var traits: (stored: CatalogTraitReadings, shown: CatalogTraitReadings)?
        /// Artists answered from memory by the repair plan, in library order.
        package var reusedArtists: [String] = []
        /// Artists whose definite answer did not reach back to the feed window's start.
        package var cutListings: [String] = []
        /// The catalog refused this source's credentials (several sources only: one catalog throws it).
        package var refused: CatalogAuthorizationError?
    }

    /// The pace the run kept (requests per minute).
    package struct Pace: Sendable, Hashable {
        package var configured: Double
        package var start: Double
        package var effective: Double
        package var slowest: Double
        package var rateLimitedAnswers: Int
    }

    /// Sweeps the plan's artists.
    /// - Throws: the provider's refusal of its credentials (exit 78) with one catalog, `DatabaseError`.
    package func run(_ plan: Plan) async throws -> Outcome {
        let (catalog, providerName) = (source.catalog, source.source.key)
        let artists = plan.artists
        let (remembered, learnedPace, readings, listed) = try await store.perform { store in
            (
                // Without links: the diff needs none, and the entries it keeps get theirs afterwards (`KeptLinks`).
                try store.memory.lastAnswers(provider: providerName, artists: artists, links: .omitted),
                try store.learning.pace(provider: providerName),
                try store.learning.traits(provider: providerName), try store.memory.listed(provider: providerName, artists: artists)
            )
        }
        let limiter = RateLimiter(requestsPerMinute: catalog.requestsPerMinute, startingPace: learnedPace)
        let storedTraits = readings.current(at: plan.startedAt)
        let traits = CatalogTraits(storedTraits)
        let warm = WarmPlan(listed: listed, fullListingDays: catalog.fullListingDays, at: plan.startedAt)
        let made = try CatalogProviderFactory.make(
            catalog, client: client, environment: environment, coverageNeeded: windowStart(plan), limiter: limiter,
            traits: traits, newestSuffices: warm.newestSuffices, listingSizes: warm.sizes, newestKnown: warm.newestKnown,
            addedSince: warm.addedSince, types: config.fetchedTypes,
            readsEvidence: catalog.provider == .musicbrainz && config.readsMusicBrainzEvidence)
        // Keyed by the source, so two storefronts of one provider keep apart caches, memories and traits.
        let provider = SourceKeyedProvider.keyed(made, as: providerName)
        // A refused token is a configuration problem (exit 78), not a partial sweep of 401s; with
        // several sources it fails this source alone, as an outage would (`refusedOutcome`).
        if let refused = await made.credentialsRefused() {
            guard config.hasSeveralSources else { throw refused }
            return try await refusedOutcome(refused, provider: provider, plan: plan, remembered: remembered)
        }
        let repair = RepairPlan(
            artists: plan.artists, previous: plan.previousRun, previouslyFailed: plan.previouslyFailed, remembered: remembered,
            windowMinutes: config.repairWindowMinutes, now: plan.startedAt)
        let observer = observer(repair.toFetch.count)
        var sweeper = SweepCatalog(
            config: config, catalog: catalog, isHome: source == config.sources[0], provider: provider, store: store, now: now)
        sweeper.libraryIDs = plan.libraryIDs
        sweeper.sharing = sharing
        // Each answer is staged as it arrives, so the memory write after the sweep is one statement.
        let staging = AnswerStaging(store: store, provider: providerName)
        sweeper.artistFinished = { [observer, staging] result in
            observer.artistFinished(result)
            staging.add(result)
        }
        let first = try await observer.watching { [sweeper] () async -> Result<SweepCatalog.Swept, any Error> in
            do {
                return .success(try await sweeper.sweep(artists: repair.toFetch, ownedKeys: plan.ownedKeys))
            } catch {
                return .failure(error)
            }
        }.get()
        // Refused midway (a token that expired during the sweep): with several sources, the answers
        // before it count and the artists after it failed, as in any partial sweep.
        let refusedMidway = made.credentialsRefused(in: first.outcome)
        if let refusedMidway, !config.hasSeveralSources { throw refusedMidway }
        sweeper.artistFinished = { _ in }
        let staged = try await staging.finish()
        let (believed, fault) = try await believe(
            first, sweeper: sweeper, ownedKeys: plan.ownedKeys, remembered: remembered, at: plan.startedAt)
        if let fault { observer.noticed(fault) }
        let fetched = believed.outcome.keepingEvidence(of: remembered)
        var outcome = Outcome(sweep: repair.merge(fetched, artists: plan.artists), provider: provider)
        outcome.sweep.unreachable = first.outcome.unreachable
        outcome.fault = fault
        outcome.refused = refusedMidway
        let shownTraits = traits.shown(at: plan.startedAt)
        let pace = Self.pace(of: limiter, learned: learnedPace)
        let (runID, startedAt, learned) = (plan.runID, plan.startedAt, believed.learned)
        outcome.memory = try await store.perform { store in
            var memory = MemoryUpdate()
            // A faulty catalog's run caches nothing: no resolution, no memory, no suspect mark.
            if fault == nil {
                try store.artistResolutions.save(learned, provider: providerName)
                // Only fresh answers are remembered: reused ones keep their original time, so reuse never chains.
                memory = try store.memory.remember(fetched.results, provider: fetched.provider, at: startedAt, staged: staged)
            } else {
                try store.memory.discardStaged(provider: providerName)
            }
            try store.runs.recordAnswers(
                provider: providerName, runID: runID, unanswered: fetched.incompleteArtists,
                answered: fault == nil ? fetched.results.filter(\.isAnsweredInThisRun).map(\.artist) : [])
            // The pace the catalog accepted is kept for the next run: below the ceiling it is stored,
            // at the ceiling any stored pace is forgotten.
            if let pace, pace.effective < pace.configured {
                try store.learning.savePace(pace.effective, provider: providerName, at: startedAt)
            } else if pace != nil, learnedPace != nil {
                try store.learning.forgetPace(provider: providerName)
            }
            try store.learning.saveTraits(shownTraits, provider: providerName)
            return memory
        }
        outcome.pace = pace
        if catalog.provider == .itunes { outcome.traits = (storedTraits, shownTraits) }
        outcome.reusedArtists = repair.reused.isEmpty ? [] : plan.artists.filter { repair.reused[$0] != nil }
        let start = windowStart(plan)
        outcome.cutListings = outcome.sweep.results.filter {
            $0.source == .catalog && $0.outcome.isDefinite && !$0.coverage.reaches(back: start)
        }.map(\.artist)
        // Artists that could not be checked keep their last known releases, marked stale.
        // With several sources a failed one still carries its listings: another source's answers publish the run.
        if outcome.sweep.status != .failed || config.hasSeveralSources {
            outcome.stale = StaleReleases(of: outcome.sweep, remembered: remembered, now: plan.startedAt)
            outcome.beyondCoverage = Self.beyondCoverage(of: outcome.sweep, remembered: remembered)
        }
        return outcome
    }

    /// The oldest release date the feed window can show on the run's day.
    private func windowStart(_ plan: Plan) -> ReleaseDate {
        ReleaseDate(epochDay: plan.startedAt.epochDay - config.feed.windowDays)
    }

    /// The remembered releases of artists whose answer was cut, older than the answer reaches: not
    /// seen in this run, not missing either, so what people see does not shrink because of a cap.
    static func beyondCoverage(
        of sweep: SweepOutcome, remembered: [String: CatalogMemory.Remembered]
    ) -> [(artist: String, releases: [Release])] {
        sweep.results.filter { !$0.coverage.isComplete && $0.outcome.isDefinite }.compactMap { result in
            let listed = Set(result.outcome.releases.map(\.id))
            let beyond = (remembered[result.artist]?.result.outcome.releases ?? []).filter {
                !listed.contains($0.id) && !result.coverage.covers($0.releaseDate)
            }
            return beyond.isEmpty ? nil : (result.artist, beyond)
        }
    }

    /// The pace the run kept, against the ceiling and the pace it started from.
    private static func pace(of limiter: RateLimiter, learned: Double?) -> Pace? {
        guard let ceiling = limiter.ceiling, let effective = limiter.pace else { return nil }
        return Pace(
            configured: ceiling, start: min(ceiling, learned ?? ceiling), effective: effective,
            slowest: limiter.slowestPace ?? effective, rateLimitedAnswers: limiter.rateLimitedAnswers)
    }
}

/// Watches the sweep's first pass as it runs (the app's progress lines and heartbeat).
package protocol SweepObserver: Sendable {
    /// Told about every artist as it gets its answer.
    func artistFinished(_ result: ArtistResult)
    /// The answers were not believed: too many known artists vanished at once.
    func noticed(_ fault: CatalogFault)
    /// Runs the first pass.
    func watching(
        _ pass: () async -> Result<SweepCatalog.Swept, any Error>
    ) async -> Result<SweepCatalog.Swept, any Error>
}

/// Why a run's answers were not believed: too many known artists vanished at once.
package struct CatalogFault: Sendable, Hashable {
    package var message: String
    package var vanished: Int
    package var known: Int

    package init(message: String, vanished: Int, known: Int) {
        self.message = message
        self.vanished = vanished
        self.known = known
    }
}
