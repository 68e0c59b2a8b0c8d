import DeepCutCatalog
import DeepCutConfig
import DeepCutCore
import DeepCutHTTP
import DeepCutLibrary
import DeepCutNotify
import DeepCutPublish
import DeepCutSQLite
import DeepCutState
import DeepCutSweep
import Foundation

/// Wires the four stages: LoadLibrary → SweepCatalog → Diff → Publish, then the health report.
///
/// Each stage hands the next a typed outcome; the exit code is computed once, from those
/// outcomes, by `ExitStatus`. A stage error (bad library, unwritable output, corrupt state,
/// refused credentials) ends the run with that error's exit code and a health report that says
/// which stage stopped.
struct Pipeline: Sendable {
    let config: Config
    let client: any HTTPClient
    let log: EventLog
    let environment: [String: String]
    let now: @Sendable () -> Date
    /// The notification channels, with their filters (`notify` in the config).
    let channels: [Notifier.Route]

    init(
        config: Config, client: (any HTTPClient)? = nil, log: EventLog = .silent, environment: [String: String] = [:],
        now: @escaping @Sendable () -> Date = { Date() }, channels: [Notifier.Route] = []
    ) {
        self.config = config
        self.client = client ?? CurlHTTPClient(maximumConnectionsPerHost: config.catalog.concurrency)
        self.log = log
        self.environment = environment
        self.now = now
        self.channels = channels
    }

    /// The lock file beside the state database: one sweep at a time per state folder.
    var lockFile: URL { Self.lockFile(config) }

    /// Also taken by the commands that change the state (`StateChange`).
    static func lockFile(_ config: Config) -> URL {
        config.stateDatabase.deletingLastPathComponent().appendingPathComponent("deepcut.lock")
    }

    /// Runs the pipeline once. Cancelling the calling task (SIGTERM) stops the sweep starting
    /// artists; what was found is published under the partial rules.
    func run(_ options: SweepOptions = SweepOptions()) async -> RunReport {
        let lock: RunLock
        do {
            lock = try RunLock(path: lockFile)
        } catch {
            // The running sweep owns the health report and the monitoring pings: leave them alone.
            return RunReport(health: nil, exitCode: Self.exitCode(of: error), stderrLine: Self.message(of: error))
        }
        defer { withExtendedLifetime(lock) {} }
        let startPing = StartPing()
        let report = await run(options, startPing: startPing)
        await ping(after: report, startPing: startPing)
        return report
    }

    private func run(_ options: SweepOptions, startPing: StartPing) async -> RunReport {
        var run = RunInProgress(runID: RunID(now()), startedAt: now())
        run.report.invocationID = ServiceInvocation.id(environment: environment)
        run.report.tokens = ConfiguredTokens.report(config, environment: environment, at: run.startedAt, log: log)
        log.info("run.started", ["run": run.runID.rawValue, "provider": config.catalog.provider.rawValue])
        do {
            let store = try await StateStore(url: config.stateDatabase)
            try await run.claimUniqueID(store: store, outputDirectory: config.outputDirectory)
            let previous = try await PreviousRun.load(
                outputDirectory: config.outputDirectory, store: store,
                provider: config.catalog.provider.rawValue)
            let startedAt = run.startedAt
            // An artist unmuted since the baseline has releases the feed lacks: sweep to bring them back.
            if options.ifStale, let skip = freshBaseline(previous, at: run.startedAt),
                try await !store.perform({ [baselineAt = previous.baselineSummary?.generatedAt ?? .distantPast] in
                    try $0.mutes.unmutedSince(baselineAt)
                })
            {
                log.info("run.skipped", ["reason": skip])
                return await self.skip(&run, reason: skip, store: store, baseline: previous.baselineSummary)
            }
            sendStartPing(startPing, runID: run.runID)
            let loaded = try await LoadLibrary(client: client, environment: environment).run(config.library)
            let library = loaded.including(try await store.perform { try $0.owned.all() })
            run.report.library = HealthReport.LibraryStage(library)
            do {
                try LibraryGuard(maxShrinkPercent: config.libraryMaxShrinkPercent, acceptChange: options.acceptLibraryChange)
                    .check(loaded: loaded, library: library, previous: previous.lastCompleteLibrary)
            } catch {
                run.report.library.status = .failed
                throw error
            }
            let owned = Set(library.albums.map(\.key))
            let (sweep, memory, provider) = try await sweepCatalog(
                library.artists, ownedKeys: owned, libraryIDs: libraryIDs(loaded),
                store: store, previous: previous, run: &run)
            // Artists that could not be checked keep their last known releases, marked stale.
            let (stale, uncovered) =
                sweep.status == .failed
                ? (StaleReleases(), [])
                : try await store.perform { [sweep] in
                    (try StaleReleases(of: sweep, memory: $0.memory, now: startedAt), try Self.beyondCoverage(of: sweep, memory: $0.memory))
                }
            let releases = sweep.releases + stale.releases + uncovered
            let (dismissed, muted) = try await store.perform { (try $0.dismissals.keys(), try $0.mutes.matcher()) }
            let libraryOwnedIDs = ownedIDs(loaded)
            let ownedYears = LibraryAlbum.years(of: library.albums)
            let computeDiff = { (byEvidence: Set<String>) in
                Diff(types: config.feed.types, windowDays: config.feed.windowDays, newBy: config.feed.newBy)(
                    releases: releases, owned: owned, dismissed: dismissed, muted: muted, today: run.startedAt.epochDay,
                    discovered: memory.discovered.mapValues(\.epochDay), ownedIDs: libraryOwnedIDs.union(byEvidence), ownedYears: ownedYears
                )
            }
            var diff = computeDiff([])
            var evidence: TrackEvidenceStage.Outcome?
            if sweep.status != .failed {
                let stage = TrackEvidenceStage(provider: provider, store: store, now: now)
                let outcome = try await stage.decide(candidates: diff.shownReleases(of: releases), library: library.albums)
                if !outcome.owned.isEmpty { diff = computeDiff(outcome.owned) }
                evidence = outcome
            }
            run.report.diff = HealthReport.DiffStage(diff)
            run.report.diff.trackEvidence = evidence.map(HealthReport.DiffStage.TrackEvidenceCounts.init)
            let snapshot =
                sweep.status == .failed
                ? nil
                : try await snapshot(of: sweep, diff: diff, stale: stale, memory: memory, store: store, previous: previous, run: run)
            let publish = Publish(outputDirectory: config.outputDirectory, keepSnapshots: config.keepSnapshots, now: now)
            let installID = try await store.installID()
            // Only a run with answers moves the calendar; artists without one leave their events alone.
            var calendar: [CalendarEvent]?
            if let snapshot { calendar = try await UpcomingCalendarUpdate(installID: installID).apply(snapshot, at: now(), store: store) }
            let outcome: PublishOutcome
            do {
                // The page waits for the finished run (`finish`): it shows this run's real status and history.
                outcome = try publish(
                    snapshot, context: PublishContext(baseURL: config.publish.baseURL, installID: installID, calendar: calendar),
                    baselineFile: previous.baselineFile, withPage: false)
            } catch let failure as PublishFailure {
                // What was replaced before the failure is on disk: the report must say so.
                run.report.publish = HealthReport.PublishStage(failure)
                throw failure
            }
            run.report.publish = HealthReport.PublishStage(outcome)
            let summary = Self.summary(sweep.status, sweep: sweep, entries: diff.entries.count)
            let message = run.report.sweep.catalogFault.map { "\(summary); \($0)" } ?? summary
            // The page and health follow the feed at once; `finish` rewrites them with the channels' outcomes.
            if let snapshot, !channels.isEmpty {
                await writeOutputsBeforeNotifying(
                    run, status: sweep.status, message: message, store: store, page: (snapshot, publish, outcome.baseline))
            }
            let notifications = notifications(store)
            if let snapshot {
                run.report.notify = await notifications.deliver(
                    snapshot, baseline: previous.baseline, today: run.startedAt.epochDay, startedAt: run.startedAt)
                for channel in run.report.notify ?? [] where channel.outcome == .failed {
                    log.warning(
                        "notify.failed",
                        ["channel": channel.channel, "kind": channel.lastErrorKind ?? "", "message": channel.lastError ?? ""])
                }
            } else {
                run.report.notify = await notifications.notAttempted()
            }
            return await finish(
                &run, status: sweep.status, store: store, message: message, page: snapshot.map { ($0, publish, outcome.baseline) })
        } catch {
            return await fail(&run, error: error)
        }
    }

    /// This run's notify step over the configured channels.
    private func notifications(_ store: StateStore) -> RunNotifications {
        RunNotifications(
            routes: channels, store: store, pageURL: RunNotifications.pageURL(baseURL: config.publish.baseURL), now: now, log: log)
    }

    /// The snapshot to publish: entries stamped with when they entered the feed, stale ones
    /// marked, the upcoming list, and the change set against the baseline.
    private func snapshot(
        of sweep: SweepOutcome, diff: FeedDiff, stale: StaleReleases, memory: MemoryUpdate, store: isolated StateStore,
        previous: PreviousRun, run: RunInProgress
    ) throws -> Snapshot {
        var snapshot = Snapshot(runID: run.runID, generatedAt: now(), sweep: sweep, diff: diff)
        snapshot.entries = stale.mark(try store.appearances.stamp(diff.entries, list: .feed, provider: sweep.provider, at: run.startedAt))
        snapshot.upcoming = stale.mark(
            try store.appearances.stamp(
                diff.upcoming, list: .upcoming, provider: sweep.provider,
                at: run.startedAt))
        snapshot.changes = ChangeSet.between(
            previous: previous.baseline.map { ($0.runID.rawValue, $0.entries) }, current: snapshot.entries, diff: diff,
            withdrawn: Set(memory.withdrawn.map(\.id)),
            unchecked: try store.memory.releaseIDs(provider: sweep.provider, artists: sweep.incompleteArtists))
        return snapshot
    }

    /// The remembered releases of artists whose answer was cut, older than the answer reaches: not
    /// seen in this run, not missing either, so what people see does not shrink because of a cap.
    static func beyondCoverage(of sweep: SweepOutcome, memory: CatalogMemory) throws -> [Release] {
        let cut = sweep.results.filter { !$0.coverage.isComplete && $0.outcome.isDefinite }
        guard !cut.isEmpty else { return [] }
        let remembered = try memory.lastAnswers(provider: sweep.provider, artists: cut.map(\.artist))
        return cut.flatMap { result in
            let listed = Set(result.outcome.releases.map(\.id))
            return (remembered[result.artist]?.result.outcome.releases ?? []).filter {
                !listed.contains($0.id) && !result.coverage.covers($0.releaseDate)
            }
        }
    }

    /// Keeps the pace the catalog accepted for the next run: below the ceiling it is stored, at the
    /// ceiling any stored pace is forgotten.
    private func learnPace(
        _ limiter: RateLimiter, learned: Double?, provider: String, store: isolated StateStore, at date: Date
    ) throws -> HealthReport.SweepStage.Pace? {
        guard let ceiling = limiter.ceiling, let effective = limiter.pace else { return nil }
        if effective < ceiling {
            try store.learning.savePace(effective, provider: provider, at: date)
        } else if learned != nil {
            try store.learning.forgetPace(provider: provider)
        }
        let start = min(ceiling, learned ?? ceiling)
        return HealthReport.SweepStage.Pace(
            configured: ceiling, start: start, effective: effective,
            slowest: limiter.slowestPace ?? effective, rateLimitedAnswers: limiter.rateLimitedAnswers)
    }

    /// The catalog ids of artists whose listing was read whole within `catalog.fullListingDays`
    /// (each artist's period spread over its second half, so the full listings of one library
    /// never fall due in one run): for them this run asks only the newest collections.
    /// Also: how many releases each known artist lists, so batches put the longest listings last,
    /// and the newest of them, which a newest-first answer must hold.
    private func warmPlan(
        _ artists: [String], store: isolated StateStore, provider: String, at date: Date
    ) throws
        -> (newestSuffices: Set<String>, sizes: [String: Int], newestKnown: [String: String])
    {
        let period = Double(config.catalog.fullListingDays) * 86_400
        let listed = try store.memory.listed(provider: provider, artists: artists)
        let newest = Set(
            listed.compactMap { artist, listing -> String? in
                guard let at = listing.readWholeAt else { return nil }
                let due = period * (0.5 + 0.5 * ResolutionMethod.unitSpread(ArtistName.normalize(artist)))
                let age = date.timeIntervalSince(at)
                return age >= 0 && age < due ? listing.catalogID : nil
            })
        return (
            newest, Dictionary(listed.values.map { ($0.catalogID, $0.releases) }, uniquingKeysWith: max),
            Dictionary(
                listed.values.compactMap { listing in listing.newestReleaseID.map { (listing.catalogID, $0) } }, uniquingKeysWith: max)
        )
    }

    /// The catalog artist ids the library holds for the configured provider, by normalised name:
    /// beets' MusicBrainz ids for a MusicBrainz sweep, Apple Music library albums' catalog artists
    /// for an apple-music one.
    private func libraryIDs(_ library: LibraryOutcome) -> [String: String] {
        switch config.catalog.provider {
        case .musicbrainz: library.musicBrainzArtistIDs
        case .appleMusic: library.appleMusicArtistIDs
        case .itunes: [:]
        }
    }

    /// The catalog ids of owned albums the library holds for the configured provider: beets'
    /// release groups, Apple Music library albums' catalog albums.
    private func ownedIDs(_ library: LibraryOutcome) -> Set<String> {
        switch config.catalog.provider {
        case .musicbrainz: Set(library.musicBrainzReleaseGroupIDs.values)
        case .appleMusic: Set(library.appleMusicAlbumIDs.values)
        case .itunes: []
        }
    }

    /// The oldest release date the feed window can show on `date`'s day.
    private func windowStart(on date: Date) -> ReleaseDate {
        ReleaseDate(epochDay: date.epochDay - config.feed.windowDays)
    }

    /// SweepCatalog, with the repair plan, the circuit breaker, the suddenly-empty rule and the
    /// catalog memory. Only answers the run believes are remembered or cached.
    /// - Returns: the whole sweep in library order, and what the catalog memory learned from it.
    private func sweepCatalog(
        _ artists: [String], ownedKeys: Set<AlbumKey>, libraryIDs: [String: String], store: StateStore,
        previous: PreviousRun, run: inout RunInProgress
    ) async throws -> (SweepOutcome, MemoryUpdate, any CatalogProvider) {
        let providerName = config.catalog.provider.rawValue
        let startedAt = run.startedAt
        let (learnedPace, storedTraits) = try await store.perform { store in
            (try store.learning.pace(provider: providerName), try store.learning.traits(provider: providerName).current(at: startedAt))
        }
        let limiter = RateLimiter(requestsPerMinute: config.catalog.requestsPerMinute, startingPace: learnedPace)
        let traits = CatalogTraits(storedTraits)
        let warm = try await warmPlan(artists, store: store, provider: providerName, at: run.startedAt)
        let provider = try CatalogProviderFactory.make(
            config.catalog, client: client, environment: environment,
            coverageNeeded: windowStart(on: run.startedAt), limiter: limiter,
            traits: traits, newestSuffices: warm.newestSuffices,
            listingSizes: warm.sizes, newestKnown: warm.newestKnown, types: config.feed.types)
        // A refused token is a configuration problem (exit 78), not a partial sweep of 401s.
        if let refused = await provider.credentialsRefused() { throw refused }
        let (name, windowMinutes) = (provider.name, config.repairWindowMinutes)
        let plan = try await store.perform { store in
            try RepairPlan(
                artists: artists, previous: previous.lastRun, previouslyFailed: previous.unansweredArtists,
                memory: store.memory, provider: name, windowMinutes: windowMinutes,
                now: startedAt)
        }
        let progress = SweepProgress(total: plan.toFetch.count, log: log)
        var sweeper = SweepCatalog(config: config, provider: provider, store: store, now: now)
        sweeper.libraryIDs = libraryIDs
        sweeper.artistFinished = progress.artistFinished
        let first = try await progress.reporting(
            { [sweeper] () async -> Result<SweepCatalog.Swept, any Error> in
                do {
                    return .success(try await sweeper.sweep(artists: plan.toFetch, ownedKeys: ownedKeys))
                } catch {
                    return .failure(error)
                }
            }, ending: SweepProgress.Ending.init
        ).get()
        if let refused = provider.credentialsRefused(in: first.outcome) { throw refused }
        sweeper.artistFinished = { _ in }
        let (believed, fault) = try await believe(first, sweeper: sweeper, ownedKeys: ownedKeys, store: store, at: run.startedAt)
        let fetched = believed.outcome
        var memory = MemoryUpdate()
        // A faulty catalog's run caches nothing: no resolution, no memory, no suspect mark.
        if fault == nil {
            memory = try await store.perform { store in
                try store.artistResolutions.save(believed.learned, provider: name)
                // Only fresh answers are remembered: reused ones keep their original time, so reuse never chains.
                return try store.memory.remember(fetched.results, provider: fetched.provider, at: startedAt)
            }
        }
        let runID = run.runID.rawValue
        try await store.perform { store in
            try store.runs.recordAnswers(
                provider: name, runID: runID, unanswered: fetched.incompleteArtists,
                answered: fault == nil ? fetched.results.filter(\.isAnsweredInThisRun).map(\.artist) : [])
        }
        var sweep = plan.merge(fetched, artists: artists)
        sweep.unreachable = first.outcome.unreachable
        let pace = try await learnPace(limiter, learned: learnedPace, provider: providerName, store: store, at: run.startedAt)
        let shownTraits = traits.shown(at: run.startedAt)
        try await store.perform { try $0.learning.saveTraits(shownTraits, provider: providerName) }
        run.report.sweep = HealthReport.SweepStage(sweep)
        run.report.sweep.pace = pace
        if config.catalog.provider == .itunes {
            run.report.sweep.catalogTraits = HealthReport.CatalogTraits(stored: storedTraits, shown: shownTraits)
        }
        run.report.sweep.catalogFault = fault
        if !plan.reused.isEmpty { run.report.sweep.reusedArtists = artists.filter { plan.reused[$0] != nil } }
        let ambiguous = sweep.ambiguousArtists
        if !ambiguous.isEmpty { run.report.sweep.ambiguousArtists = ambiguous }
        let fromLibrary = sweep.results.filter { $0.resolution == .library }.count
        if fromLibrary > 0 { run.report.sweep.identifiedByLibrary = fromLibrary }
        let start = windowStart(on: run.startedAt)
        let cut = sweep.results.filter { $0.source == .catalog && $0.outcome.isDefinite && !$0.coverage.reaches(back: start) }
        if !cut.isEmpty { run.report.sweep.cutListings = cut.map(\.artist) }
        return (sweep, memory, provider)
    }

    /// Applies the suddenly-empty rule (`SuddenlyEmptyRule`) to a sweep's answers: suspicious empty
    /// answers are asked once more and believed only when an earlier run saw them empty too; the
    /// suspect marks are updated, unless the catalog looks faulty, when nothing is. Cached ids the
    /// catalog no longer lists are searched afresh in the same pass.
    /// - Returns: the answers to believe (unbelieved ones as `suddenlyEmpty` failures) with the
    ///   resolutions of the believed ones, to cache; and why the catalog looks faulty, if it does.
    private func believe(
        _ first: SweepCatalog.Swept, sweeper: SweepCatalog, ownedKeys: Set<AlbumKey>, store: StateStore,
        at date: Date
    ) async throws -> (SweepCatalog.Swept, fault: String?) {
        let providerName = first.outcome.provider
        let rule = SuddenlyEmptyRule(maxVanishedPercent: config.catalog.maxVanishedPercent)
        var results = first.outcome.results
        let artists = results.map(\.artist)
        let remembered = try await store.perform { try $0.memory.lastAnswers(provider: providerName, artists: artists) }
        let suspicious = rule.suspicious(results, remembered: remembered)
        let known = results.filter { result in
            guard result.isAnsweredInThisRun, case .fetched? = remembered[result.artist]?.result.outcome else { return false }
            return true
        }.count
        let index = Dictionary(results.indices.map { (results[$0].artist, $0) }, uniquingKeysWith: { first, _ in first })
        if let fault = rule.catalogFault(vanished: suspicious.count, known: known) {
            log.warning("catalog.faulty", ["vanished": suspicious.count, "known": known])
            for artist in suspicious {
                guard let at = index[artist] else { continue }
                results[at].outcome = SuddenlyEmptyRule.unconfirmed(
                    artist, remembered: remembered[artist], attempts: results[at].requests,
                    reason: "not believed: too many known artists vanished at once")
            }
            return (SweepCatalog.Swept(outcome: SweepOutcome(provider: providerName, results: results), learned: []), fault)
        }
        // A cached id the catalog no longer lists (iTunes drops an id that changed; Apple Music answers
        // 404) is searched afresh once, unless so many fail that way that the catalog is at fault.
        let searched = Set(first.learned.map(\.artistKey))
        let lostIDs = results.filter { result in
            guard result.source == .catalog, case .failed(let failure) = result.outcome,
                failure.kind == .decoding || failure.saysArtistVanished,
                let method = result.resolution, method != .override, method != .library
            else { return false }
            return !searched.contains(ArtistName.normalize(result.artist))
        }.map(\.artist)
        // So many at once may be the catalog's fault: they are not searched now, but their ids are
        // forgotten, so the next run searches them as it would a new artist — where an empty search
        // meets the suddenly-empty rule — and a few ids re-filed together never fail for good.
        let lostTooMany = rule.catalogFault(vanished: lostIDs.count, known: results.count) != nil
        let reresolved = lostTooMany ? [] : lostIDs
        if lostTooMany {
            try await store.perform { try $0.artistResolutions.forget(lostIDs.map(ArtistName.normalize), provider: providerName) }
        }
        // A library id the catalog does not know (a 404: merged or deleted since the library was
        // tagged) is stale: that artist is searched by name in the same run, as if it had no id.
        let staleLibraryIDs = results.filter { result in
            guard result.source == .catalog, result.resolution == .library, case .failed(let failure) = result.outcome else { return false }
            return failure.saysArtistVanished
        }.map(\.artist)
        var searching = sweeper
        for artist in staleLibraryIDs { searching.libraryIDs[ArtistName.normalize(artist)] = nil }
        let again = suspicious + reresolved + staleLibraryIDs
        let reasked = again.isEmpty ? nil : try await searching.sweep(artists: again, ownedKeys: ownedKeys, bypassingCache: true)
        let suspects = try await store.perform { try $0.memory.suspects(provider: providerName) }
        var marked: [String] = []
        var replaced: Set<String> = []
        for again in reasked?.outcome.results ?? [] {
            guard let at = index[again.artist] else { continue }
            var answer = again
            answer.requests += results[at].requests
            let stillEmpty = rule.suspicious([again], remembered: remembered).contains(again.artist)
            if stillEmpty, !suspects.contains(ArtistName.normalize(again.artist)) {
                answer.outcome = SuddenlyEmptyRule.unconfirmed(
                    again.artist, remembered: remembered[again.artist], attempts: answer.requests,
                    reason: "asked twice; kept until a later run confirms it")
                marked.append(again.artist)
            }
            results[at] = answer
            replaced.insert(ArtistName.normalize(again.artist))
        }
        let cleared = results.filter(\.isAnsweredInThisRun).map(\.artist)
        try await store.perform { [marked] in
            try $0.memory.updateSuspects(provider: providerName, marked: marked, cleared: cleared, at: date)
        }
        // Resolutions are cached as before (a search answered, whatever the releases did), except
        // those of unbelieved empty answers: a "no such artist" waiting for confirmation.
        // A re-asked artist's resolution is cached only with an answer to believe.
        // In a run where a known artist suddenly came back empty or lost its id, an empty search is as
        // likely the same fault: a "no such artist" from it is believed for this run but not cached, so
        // the artist is searched again next run instead of being taken as missing for a week.
        let believed = Set(results.filter(\.isAnsweredInThisRun).map { ArtistName.normalize($0.artist) })
        let learned =
            (first.learned.filter { !replaced.contains($0.artistKey) }
            + (reasked?.learned ?? []).filter { believed.contains($0.artistKey) })
            .filter { (suspicious.isEmpty && lostIDs.isEmpty) || $0.method != .notFound }
        // A vanished id leaves the cache even when the search found nothing to replace it with.
        let replacedIDs = Set(learned.filter { $0.artist != nil }.map(\.artistKey))
        let forgotten = reresolved.map(ArtistName.normalize).filter { !replacedIDs.contains($0) }
        try await store.perform { try $0.artistResolutions.forget(forgotten, provider: providerName) }
        return (SweepCatalog.Swept(outcome: SweepOutcome(provider: providerName, results: results), learned: learned), nil)
    }

    /// The `--if-stale` rule: skip while the last run was complete and the baseline is younger than `ttlHours`.
    /// Skips are not recorded in the run history (they are not runs), so `lastRun` is the last real
    /// run; `skipped` rows come from older versions, which recorded skips, only ever after a complete run.
    /// A baseline or a last run dated after this run's start was stamped by a clock that ran ahead:
    /// its age is unknown, so it is never a reason to skip.
    private func freshBaseline(_ previous: PreviousRun, at now: Date) -> String? {
        guard let last = previous.lastRun, last.status == .complete || last.status == .skipped,
            let baseline = previous.baselineSummary
        else { return nil }
        if let skew = ClockSkew(baseline: baseline, lastRun: last, now: now) {
            log.warning("clock.skew", ["seconds": skew.seconds, "what": skew.what])
            return nil
        }
        let age = baseline.ageSeconds(at: now)
        guard Double(age) < config.ttlHours * 3600 else { return nil }
        return "baseline \(baseline.runID) is \(age / 60) min old, younger than ttlHours \(config.ttlHours); nothing to do"
    }

    /// An `--if-stale` skip: the health report keeps the last real run's and adds `lastSkip`; the run
    /// history and the metrics are left alone, so both keep describing the feed people see.
    /// The page is rendered again from `current.json` with that report, so it says when the feed
    /// was last checked, like `health.txt`; its feed and history are unchanged.
    private func skip(_ run: inout RunInProgress, reason: String, store: StateStore, baseline: Baseline?) async -> RunReport {
        run.report.status = .skipped
        run.report.exitCode = Int(ExitCode.success.rawValue)
        run.report.message = reason
        log.info("run.finished", ["run": run.runID.rawValue, "status": RunStatus.skipped.rawValue, "exit": ExitCode.success.rawValue])
        do {
            let folder = OutputFolder(config.outputDirectory)
            let current = try Snapshot.load(from: folder.current)
            // Deliveries a channel refused are owed to it: the next hourly run retries them, skip or not.
            var notify: [ChannelDelivery]?
            if let current {
                notify = await notifications(store).retryOwed(shown: current)
            }
            run.report.finishedAt = now()
            let written = try HealthWriter.writeSkip(
                HealthReport.LastSkip(at: run.report.finishedAt, reason: reason),
                fallback: run.report, notify: notify, to: config.outputDirectory)
            if let current {
                let publish = Publish(outputDirectory: config.outputDirectory, keepSnapshots: config.keepSnapshots, now: now)
                let history = try await store.perform { try $0.runs.recent(limit: HistoryChart.runLimit) }
                try publish.writePage(
                    current,
                    context: PublishContext(
                        health: written, history: history,
                        baseURL: config.publish.baseURL),
                    baseline: baseline)
            }
            var report = RunReport(health: written, exitCode: .success, stderrLine: reason)
            report.skipped = true
            return report
        } catch {
            run.report.finishedAt = now()
            return RunReport(
                health: run.report, exitCode: Self.exitCode(of: error),
                stderrLine: "\(reason); cannot write the health report or the page: \(Self.message(of: error))")
        }
    }

    /// The sweep's verdict, then the page (when a snapshot was published), then the record and health.
    /// The page is rendered from the finished report and from a history holding this run's record,
    /// as `complete` is about to store it; a page that cannot be written fails the run (exit 73),
    /// the previous page intact.
    private func finish(
        _ run: inout RunInProgress, status: RunStatus, store: StateStore, message: String,
        page: (snapshot: Snapshot, publish: Publish, baseline: Baseline?)?
    ) async -> RunReport {
        let exitCode = ExitStatus.of(status)
        run.report.status = status
        run.report.exitCode = Int(exitCode.rawValue)
        run.report.message = message
        run.report.finishedAt = now()
        if status == .failed { run.report.publish.status = .skipped }
        if let page {
            let pageName = OutputFolder(config.outputDirectory).relativeName(OutputFolder(config.outputDirectory).page)
            run.report.publish.wrote.append(pageName)
            do {
                try await writePage(of: run.report, page: page, store: store)
            } catch {
                run.report.publish.wrote.removeAll { $0 == pageName }
                run.report.publish.status = .failed
                return await fail(&run, error: error)
            }
        }
        return await complete(&run, exitCode: exitCode, store: store, stderrLine: exitCode == .success ? nil : message)
    }

    /// A stage threw: the run failed with that error's exit code; state and previous files stay as they were.
    private func fail(_ run: inout RunInProgress, error: any Error) async -> RunReport {
        let exitCode = Self.exitCode(of: error)
        let message = Self.message(of: error)
        run.report.finishedAt = now()
        run.report.status = .failed
        run.report.exitCode = Int(exitCode.rawValue)
        run.report.message = message
        // A corrupt or unwritable state database is never touched again in this run.
        // Best effort: the run already failed with its own error; a store that cannot open now only
        // means this failure is missing from the run history, and the health report still says it.
        let store = error is DatabaseError ? nil : try? await StateStore(url: config.stateDatabase)
        return await complete(&run, exitCode: exitCode, store: store, stderrLine: message)
    }

    /// Records the run, writes health and metrics. A failure here keeps the sweep's own result
    /// but the operator still hears why the report is missing.
    private func complete(_ run: inout RunInProgress, exitCode: ExitCode, store: StateStore?, stderrLine: String?) async -> RunReport {
        // Failures at err, partial at warning: `journalctl -p warning` lists every run needing a look.
        let level: LogLevel =
            switch run.report.status {
            case .failed: .error
            case .partial: .warning
            case .complete, .skipped: .info
            }
        log.log(
            level, "run.finished",
            [
                "run": run.runID.rawValue, "status": run.report.status.rawValue, "exit": exitCode.rawValue,
                "entries": run.report.diff.entries,
                "not_asked": run.report.sweep.artists.skipped > 0 ? run.report.sweep.artists.skipped : nil,
                "unreachable": run.report.sweep.unreachable?.host, "cause": run.report.sweep.unreachable?.cause.rawValue
            ])
        var problems: [(what: String, error: any Error)] = []
        do {
            let record = RunRecord(run.report)
            try await store?.perform { try $0.runs.record(record) }
        } catch {
            problems.append(("cannot record the run in the state database", error))
        }
        do {
            try HealthWriter.write(run.report, to: config.outputDirectory)
        } catch {
            problems.append(("cannot write the health report", error))
        }
        if let first = problems.first {
            let line = ([stderrLine].compactMap { $0 } + problems.map { "\($0.what): \(Self.message(of: $0.error))" })
                .joined(separator: "; ")
            let code = exitCode == .success || exitCode == .partial ? Self.exitCode(of: first.error) : exitCode
            return RunReport(health: run.report, exitCode: code, stderrLine: line)
        }
        do {
            try await PrometheusTextfile.publish(run.report, config: config, store: store)
        } catch {
            log.warning("metrics.failed", ["message": Self.message(of: error)])
        }
        return RunReport(health: run.report, exitCode: exitCode, stderrLine: stderrLine)
    }

    static func summary(_ status: RunStatus, sweep: SweepOutcome, entries: Int) -> String {
        let counts = sweep.counts
        switch status {
        case .complete: return "sweep complete: \(counts.total) artists, \(entries) entries"
        case .partial:
            return
                "sweep partial: \(counts.failed + counts.skipped) of \(counts.total) artists could not be checked; published as partial, baseline kept"
        case .failed:
            // The breaker stopped the sweep: name where and why, and what to check.
            if let unreachable = sweep.unreachable, !Task.isCancelled {
                return "sweep failed: \(unreachable.summary) (\(counts.failed) failed, \(counts.skipped) not asked); "
                    + "\(unreachable.hint); nothing published, baseline kept"
            }
            // A signal before any answer leaves only skipped artists: say so, not "0 failed".
            let cause =
                Task.isCancelled
                ? "sweep cancelled before any artist answered"
                : "sweep failed: the catalog gave no definite answer in this run"
            let tally = [
                counts.failed > 0 || counts.skipped == 0 ? "\(counts.failed) failed" : nil,
                counts.skipped == 0 ? nil : "\(counts.skipped) skipped"
            ]
            .compactMap { $0 }.joined(separator: ", ")
            return "\(cause) (\(tally)); nothing published, baseline kept"
        case .skipped: return "skipped"
        }
    }

    static func exitCode(of error: any Error) -> ExitCode {
        (error as? any DeepCutError)?.exitCode ?? .software
    }

    static func message(of error: any Error) -> String {
        (error as? any DeepCutError)?.message ?? "internal error: \(error)"
    }
}

/// How `deepcut sweep` was asked to run.
package struct SweepOptions: Sendable {
    /// Skip while the baseline is younger than `ttlHours` and the last run was complete.
    package var ifStale: Bool
    /// Let a library through that shrank past `library.maxShrinkPercent` since the last complete run.
    var acceptLibraryChange: Bool

    package init(ifStale: Bool = false, acceptLibraryChange: Bool = false) {
        self.ifStale = ifStale
        self.acceptLibraryChange = acceptLibraryChange
    }
}
