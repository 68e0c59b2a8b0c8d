import DeepCutCatalog
import DeepCutConfig
import DeepCutCore
import DeepCutHTTP
import DeepCutLibrary
import DeepCutNotify
import DeepCutPublish
import DeepCutState
import DeepCutSweep
import Foundation

/// Wires the stages: load the library → sweep the catalog → diff → publish → notify → record.
///
/// Each stage owns its rules and hands back a typed outcome; the pipeline records the outcomes
/// (`RunOutcomes`), asks the pure decisions what follows (`SkipRule`, `RunVerdict`), and the
/// health report is built from the outcomes in one place. A stage error (bad library, unwritable
/// output, corrupt state, refused credentials) ends the run with that error's exit code and a
/// health report that says which stage stopped.
struct Pipeline: Sendable {
    let config: Config
    let client: any HTTPClient
    let log: EventLog
    let environment: [String: String]
    let now: @Sendable () -> Date
    /// The notification channels, with their filters (`notify` in the config).
    let channels: [Notifier.Route]
    /// Each household profile's channels, by profile name (`profiles[].notify`).
    var profileChannels: [String: [Notifier.Route]] = [:]

    init(
        config: Config, client: any HTTPClient, log: EventLog = .silent, environment: [String: String] = [:],
        now: @escaping @Sendable () -> Date = { Date() }, channels: [Notifier.Route] = []
    ) {
        self.config = config
        self.client = client
        self.log = log
        self.environment = environment
        self.now = now
        self.channels = channels
    }

    /// The lock file beside the state database: one sweep at a time per state folder. Also taken
    /// by the commands that change the state (`StateChange`); a profile's take its household's.
    static func lockFile(_ config: Config) -> URL {
        (config.catalogDatabase ?? config.stateDatabase).deletingLastPathComponent().appendingPathComponent("deepcut.lock")
    }

    /// Runs the pipeline once. Cancelling the calling task (SIGTERM) stops the sweep starting
    /// artists; what was found is published under the partial rules. A config with `profiles`
    /// runs as a household (`Pipeline+Household`).
    func run(_ options: SweepOptions = SweepOptions()) async -> PipelineResult {
        let lock: RunLock
        do {
            lock = try RunLock(path: Self.lockFile(config))
        } catch {
            // The running sweep owns the health report and the monitoring pings: leave them alone.
            return PipelineResult(health: nil, exitCode: Self.exitCode(of: error), stderrLine: Self.message(of: error))
        }
        defer { withExtendedLifetime(lock) {} }
        let startPing = StartPing()
        let report = config.profiles.isEmpty ? await run(options, startPing: startPing) : await runHousehold(options, startPing: startPing)
        await ping(after: report, startPing: startPing)
        return report
    }

    private func run(_ options: SweepOptions, startPing: StartPing) async -> PipelineResult {
        var run = newRun()
        do {
            let (store, previous) = try await open(&run)
            if options.ifStale, let reason = try await skipReason(previous, store: store, at: run.startedAt) {
                log.info("run.skipped", ["reason": reason])
                return await skip(run, reason: reason, store: store, baseline: previous.baselineSummary)
            }
            sendStartPing(startPing, runID: run.runID)
            let start = try await load(&run, store: store, previous: previous, options: options)
            let diffing =
                config.hasSeveralSources
                ? try await sourceDiff(library: start.library, previous: previous, startedAt: run.startedAt, store: store) : nil
            let answers = try await sweep(
                [start], artists: start.artists, previous: previous, runID: run.runID, startedAt: run.startedAt, diffing: diffing,
                store: store)
            return try await conclude(&run, start: start, answers: answers)
        } catch {
            return await fail(run, error: error)
        }
    }

    /// A run's outcomes before any stage: its id (the start time's, until `open` makes it unique).
    /// - Parameter startedAt: a household profile's run starts with its household's: what the sweep
    ///   first saw in this run is this run's news, not history (`NewsHistory` compares with the start).
    func newRun(startedAt: Date? = nil) -> RunOutcomes {
        let startedAt = startedAt ?? now()
        var run = RunOutcomes(runID: RunID(startedAt), startedAt: startedAt)
        run.invocationID = ServiceInvocation.id(environment: environment)
        // A household's catalog tokens are one: its own run logs their expiry, its profiles only report it.
        run.tokens = ConfiguredTokens.report(
            config, environment: environment, at: run.startedAt, log: config.profileName == nil ? log : .silent)
        return run
    }

    /// The state store (a profile's reads the household's catalog tables), a run id no other run
    /// has, and what the runs before left.
    func open(_ run: inout RunOutcomes) async throws -> (StateStore, PreviousRun) {
        log.info("run.started", ["run": run.runID.rawValue, "provider": config.catalog.provider.rawValue, "profile": config.profileName])
        let store = try await StateStore(url: config.stateDatabase, catalog: config.catalogDatabase)
        try await run.claimUniqueID(store: store, outputDirectory: config.outputDirectory)
        let previous = try await PreviousRun.load(
            outputDirectory: config.outputDirectory, store: store, provider: config.catalog.provider.rawValue)
        return (store, previous)
    }

    /// The library, past its guard, and the artists accepted from listening history.
    func load(_ run: inout RunOutcomes, store: StateStore, previous: PreviousRun, options: SweepOptions) async throws -> RunStart {
        let loaded = try await LoadLibrary(client: client, environment: environment).run(config.library)
        let library = loaded.including(try await store.perform { try $0.owned.all() })
        run.library = library
        do {
            try LibraryGuard(maxShrinkPercent: config.libraryMaxShrinkPercent, acceptChange: options.acceptLibraryChange)
                .check(loaded: loaded, library: library, previous: previous.lastCompleteLibrary)
        } catch {
            run.libraryRefused = true
            throw error
        }
        let listened = try await ArtistSourcesStep(config: config, client: client, environment: environment, log: log, now: now)
            .run(libraryArtists: library.artists, store: store)
        run.artistSources = listened.reports
        // Accepted artists from listening history are swept like the library's own.
        return RunStart(
            store: store, previous: previous, library: library, artists: library.artists + listened.accepted,
            installID: try await store.installID())
    }

    /// Sweeps `artists` for the runs in `starts` (one, or every profile of a household) over the
    /// configured catalogs, with `store` holding the catalog memory and `previous` the sweep's own
    /// last run (the repair plan's input).
    /// - Parameter diffing: with several catalogs, each source's diff to run as its sweep ends.
    func sweep(
        _ starts: [RunStart], artists: [String], previous: PreviousRun, runID: RunID, startedAt: Date, diffing: SourceDiff? = nil,
        store: StateStore
    ) async throws -> CatalogAnswers {
        let libraries = starts.map(\.library)
        let plan = { (kind: ProviderKind, failedBefore: Set<String>) in
            CatalogSweep.Plan(
                artists: artists, ownedKeys: libraries.reduce(into: []) { $0.formUnion($1.owned(for: kind).keys) },
                libraryIDs: libraries.reduce(into: [:]) { ids, library in
                    ids.merge(library.catalogArtistIDs(for: kind)) { first, _ in first }
                },
                previousRun: previous.lastRun, previouslyFailed: failedBefore, runID: runID.rawValue, startedAt: startedAt)
        }
        guard config.hasSeveralSources else {
            let progress: @Sendable (Int) -> any SweepObserver = { [log] in SweepProgress(total: $0, log: log) }
            let outcome = try await CatalogSweep(
                config: config, client: client, environment: environment, store: store, now: now, observer: progress
            ).run(plan(config.catalog.provider, previous.unansweredArtists))
            return .one(outcome)
        }
        return .several(try await sweepSources(plan: plan, previous: previous, diffing: diffing, store: store))
    }

    /// Diff, publish, tell and finish one run (one profile's) from the sweep's answers.
    func conclude(_ run: inout RunOutcomes, start: RunStart, answers: CatalogAnswers) async throws -> PipelineResult {
        let (store, previous, installID) = (start.store, start.previous, start.installID)
        let swept: SweptStages
        switch answers {
        case .several(let items):
            swept = try await mergeSources(items, library: start.library, previous: previous, run: &run, installID: installID, store: store)
        case .one(var sweep):
            run.sweep = HealthReport.SweepStage(sweep)
            // The diff takes the releases out of the sweep: publishing, the change set and the
            // verdict need none it did not keep.
            // The change set explains only the baseline's entries that left: no reason is kept for the rest.
            let explaining = Set(previous.baseline?.entries.map(\.id) ?? [])
            let owned = start.library.owned(for: config.catalog.provider)
            let diffed = try await FeedDiffStage(feed: config.feed, filters: config.releaseFilters, store: store, now: now).run(
                &sweep, owned: owned, today: run.startedAt.epochDay, explaining: explaining)
            (run.diff, run.evidence) = (diffed.diff, diffed.evidence)
            let prepared = try await snapshot(
                of: sweep, diff: diffed.diff, run: run, previous: previous, installID: installID, store: store)
            swept = SweptStages(sweep: sweep.sweep, fault: sweep.fault, entries: diffed.diff.entries.count, prepared: prepared)
        }
        let snapshot = swept.prepared?.snapshot
        let publish = Publish(outputDirectory: config.outputDirectory, keepSnapshots: config.keepSnapshots, now: now)
        let context = PublishContext(
            baseURL: config.publish.baseURL, installID: installID, calendar: swept.prepared?.calendar,
            feedEntries: config.publish.feedEntries)
        let published: PublishOutcome
        do {
            let baselineFile = previous.baselineFile
            published = try await BlockingQueue.files.run { try publish(snapshot, context: context, baselineFile: baselineFile) }
        } catch let failure as PublishFailure {
            // What was replaced before the failure is on disk: the report must say so.
            run.publish = .failure(failure)
            throw failure
        }
        run.publish = .success(published)
        let verdict = RunVerdict(swept.sweep, fault: swept.fault, entries: swept.entries, cancelled: Task.isCancelled, sources: run.sources)
        let page = snapshot.map { PageToWrite(snapshot: $0, publish: publish, baseline: published.baseline) }
        // The page and health follow the feed at once; `finish` rewrites them with the channels' outcomes.
        if let page, !channels.isEmpty { await writeOutputsBeforeNotifying(run, verdict: verdict, store: store, page: page) }
        run.notify = await tell(snapshot, store: store, previous: previous, startedAt: run.startedAt)
        return await finish(run, verdict: verdict, store: store, page: page)
    }

    /// Why an `--if-stale` run has nothing to do, or nil when it must sweep. An artist unmuted
    /// since the baseline has releases the feed lacks: the run sweeps to bring them back.
    func skipReason(_ previous: PreviousRun, store: StateStore, at date: Date) async throws -> String? {
        switch SkipRule(ttlHours: config.ttlHours).decide(lastRun: previous.lastRun, baseline: previous.baselineSummary, at: date) {
        case .sweep: return nil
        case .sweepDespiteClockSkew(let skew):
            log.warning("clock.skew", ["seconds": skew.seconds, "what": skew.what])
            return nil
        case .skip(let reason):
            let since = previous.baselineSummary?.generatedAt ?? .distantPast
            return try await store.perform { try $0.mutes.unmutedSince(since) } ? nil : reason
        }
    }

    /// The notify step: a published snapshot's news to every channel; without one, each channel's standing.
    private func tell(_ snapshot: Snapshot?, store: StateStore, previous: PreviousRun, startedAt: Date) async -> [ChannelDelivery]? {
        let notifications = notifications(store)
        guard let snapshot else { return await notifications.notAttempted() }
        let delivered = await notifications.deliver(snapshot, baseline: previous.baseline, today: startedAt.epochDay, startedAt: startedAt)
        for channel in delivered ?? [] where channel.outcome == .failed {
            log.warning(
                "notify.failed", ["channel": channel.channel, "kind": channel.lastErrorKind ?? "", "message": channel.lastError ?? ""])
        }
        return delivered
    }

    /// This run's notify step over the configured channels.
    func notifications(_ store: StateStore) -> RunNotifications {
        RunNotifications(
            routes: channels, store: store, pageURL: RunNotifications.pageURL(baseURL: config.publish.baseURL), now: now, log: log)
    }

    static func exitCode(of error: any Error) -> ExitCode {
        (error as? any DeepCutError)?.exitCode ?? .software
    }

    static func message(of error: any Error) -> String {
        (error as? any DeepCutError)?.message ?? "internal error: \(error)"
    }
}

/// A run's state once its library is in: the store it records in, what the runs before left,
/// and the artists it owes answers for.
struct RunStart: Sendable {
    var store: StateStore
    var previous: PreviousRun
    var library: LibraryOutcome
    /// The library's artists, then those accepted from listening history.
    var artists: [String]
    var installID: String?
}

/// What the sweep answered: one catalog's outcome, or each configured source's (`catalogs`).
enum CatalogAnswers: Sendable {
    case one(CatalogSweep.Outcome)
    case several([SourceSweeps.Swept])

    /// One household profile's share: the answers for its own artists (`CatalogSweep.Outcome.share`).
    func share(for artists: [String]) -> CatalogAnswers {
        switch self {
        case .one(let outcome): .one(outcome.share(for: artists))
        case .several(let items):
            .several(
                items.map { item in
                    var item = item
                    item.outcome = item.outcome.share(for: artists)
                    return item
                })
        }
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
