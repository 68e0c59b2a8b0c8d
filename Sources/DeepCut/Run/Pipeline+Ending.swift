import DeepCutCore
import DeepCutPublish
import DeepCutSQLite
import DeepCutState
import DeepCutSweep
import Foundation

/// How a run ends: the page, the run history's record, `health.json`/`health.txt` and the metrics,
/// each written from the report `HealthReport(_:ending:)` builds out of the stages' outcomes.
extension Pipeline {
    /// A published snapshot's page, written once the report that shows beside it is known.
    struct PageToWrite: Sendable {
        var snapshot: Snapshot
        var publish: Publish
        var baseline: Baseline?
    }

    /// The snapshot to publish, none after a failed sweep, and the calendar's events after it: only
    /// a run with answers moves the calendar; artists without one leave their events alone.
    func snapshot(
        of sweep: CatalogSweep.Outcome, diff: FeedDiff, run: RunOutcomes, previous: PreviousRun, installID: String?, store: StateStore
    ) async throws -> (snapshot: Snapshot, calendar: [CalendarEvent])? {
        guard RunVerdict.publishes(sweep.sweep) else { return nil }
        let (runID, startedAt, generatedAt) = (run.runID, run.startedAt, now())
        let snapshot = try await store.perform { store in
            try Snapshot.of(run: runID, startedAt: startedAt, at: generatedAt, stage: sweep, diff: diff, previous: previous, store: store)
        }
        let at = now()
        let calendar = try await store.perform { try UpcomingCalendarUpdate(installID: installID).apply(snapshot, at: at, store: $0) }
        return (snapshot, calendar)
    }

    private var pageName: String {
        let folder = OutputFolder(config.outputDirectory)
        return folder.relativeName(folder.page)
    }

    /// The page and the health report as soon as the snapshot is published, before the channels
    /// are sent: a delivery can take up to its channel's `timeoutSeconds`, and meanwhile neither may
    /// lag behind the feed. Both are written again once the channels answered (`finish`), with each
    /// channel's outcome of this run; until then the report holds no `notify`.
    ///
    /// A failure here is only logged: `finish` writes both again and reports its own failure.
    func writeOutputsBeforeNotifying(_ run: RunOutcomes, verdict: RunVerdict, store: StateStore, page: PageToWrite) async {
        var run = run
        run.pageWritten = true
        let report = HealthReport(run, ending: .verdict(verdict.status, message: verdict.message, at: now()), pageName: pageName)
        do {
            try await writePage(of: report, page: page, store: store)
            try await write(report)
        } catch {
            log.warning("outputs.beforeNotifying", ["message": Self.message(of: error)])
        }
    }

    /// The page for a finished (or about to finish) run: its report, and a history holding its
    /// record as `complete` is about to store it.
    private func writePage(of report: HealthReport, page: PageToWrite, store: StateStore) async throws {
        let record = RunHistoryEntry(report)
        let history =
            try await store.perform { try $0.runs.recent(limit: HistoryChart.runLimit) }.filter { $0.runID != record.runID } + [record]
        let context = PublishContext(
            health: report, history: history, baseURL: config.publish.baseURL, feedEntries: config.publish.feedEntries)
        try await BlockingQueue.files.run { try page.publish.writePage(page.snapshot, context: context, baseline: page.baseline) }
    }

    /// `health.json` and `health.txt`, off the cooperative pool.
    private func write(_ report: HealthReport) async throws {
        let folder = config.outputDirectory
        try await BlockingQueue.files.run { try HealthWriter.write(report, to: folder) }
    }

    /// An `--if-stale` skip: the health report keeps the last real run's and adds `lastSkip`; the run
    /// history and the metrics are left alone, so both keep describing the feed people see.
    /// The page is rendered again from `current.json` with that report, so it says when the feed
    /// was last checked, like `health.txt`; its feed and history are unchanged.
    func skip(_ run: RunOutcomes, reason: String, store: StateStore, baseline: Baseline?) async -> PipelineResult {
        log.info("run.finished", ["run": run.runID.rawValue, "status": RunStatus.skipped.rawValue, "exit": ExitCode.success.rawValue])
        do {
            let folder = OutputFolder(config.outputDirectory)
            let current = try await BlockingQueue.files.run { try Snapshot.load(from: folder.current) }
            // Deliveries a channel refused are owed to it: the next hourly run retries them, skip or not.
            let notify: [ChannelDelivery]? = if let current { await notifications(store).retryOwed(shown: current) } else { nil }
            let fallback = HealthReport(run, ending: .skip(reason, at: now()), pageName: pageName)
            let outputDirectory = config.outputDirectory
            let written = try await BlockingQueue.files.run {
                try HealthWriter.writeSkip(
                    HealthReport.LastSkip(at: fallback.finishedAt, reason: reason), fallback: fallback, notify: notify, to: outputDirectory)
            }
            if let current {
                let publish = Publish(outputDirectory: config.outputDirectory, keepSnapshots: config.keepSnapshots, now: now)
                let history = try await store.perform { try $0.runs.recent(limit: HistoryChart.runLimit) }
                let context = PublishContext(
                    health: written, history: history, baseURL: config.publish.baseURL, feedEntries: config.publish.feedEntries)
                try await BlockingQueue.files.run { try publish.writePage(current, context: context, baseline: baseline) }
            }
            var report = PipelineResult(health: written, exitCode: .success, stderrLine: reason)
            report.skipped = true
            return report
        } catch {
            return PipelineResult(
                health: HealthReport(run, ending: .skip(reason, at: now()), pageName: pageName), exitCode: Self.exitCode(of: error),
                stderrLine: "\(reason); cannot write the health report or the page: \(Self.message(of: error))")
        }
    }

    /// The sweep's verdict, then the page (when a snapshot was published), then the record and health.
    /// The page is rendered from the finished report and from a history holding this run's record,
    /// as `complete` is about to store it; a page that cannot be written fails the run (exit 73),
    /// the previous page intact.
    func finish(_ run: RunOutcomes, verdict: RunVerdict, store: StateStore, page: PageToWrite?) async -> PipelineResult {
        var run = run
        let ending = RunEnding.verdict(verdict.status, message: verdict.message, at: now())
        if let page {
            run.pageWritten = true
            do {
                try await writePage(of: HealthReport(run, ending: ending, pageName: pageName), page: page, store: store)
            } catch {
                run.pageWritten = false
                return await fail(run, error: error)
            }
        }
        return await complete(run, ending: ending, store: store)
    }

    /// A stage threw: the run failed with that error's exit code; state and previous files stay as they were.
    func fail(_ run: RunOutcomes, error: any Error) async -> PipelineResult {
        // A corrupt or unwritable state database is never touched again in this run.
        // Best effort: the run already failed with its own error; a store that cannot open now only
        // means this failure is missing from the run history, and the health report still says it.
        let store = error is DatabaseError ? nil : try? await StateStore(url: config.stateDatabase, catalog: config.catalogDatabase)
        return await complete(run, ending: .error(error, at: now()), store: store)
    }

    /// Records the run, writes health and metrics. A failure here keeps the sweep's own result
    /// but the operator still hears why the report is missing.
    func complete(_ run: RunOutcomes, ending: RunEnding, store: StateStore?) async -> PipelineResult {
        let report = HealthReport(run, ending: ending, pageName: pageName)
        let stderrLine = ending.exitCode == .success ? nil : ending.message
        // Failures at err, partial at warning: `journalctl -p warning` lists every run needing a look.
        let level: LogLevel =
            switch report.status {
            case .failed: .error
            case .partial: .warning
            case .complete, .skipped: .info
            }
        log.log(
            level, "run.finished",
            [
                "run": run.runID.rawValue, "profile": config.profileName, "status": report.status.rawValue,
                "exit": ending.exitCode.rawValue,
                "entries": run.profiles == nil ? report.diff.entries : nil, "profiles": run.profiles?.count,
                "not_asked": report.sweep.artists.skipped > 0 ? report.sweep.artists.skipped : nil,
                "unreachable": report.sweep.unreachable?.host, "cause": report.sweep.unreachable?.cause.rawValue
            ])
        var problems: [(what: String, error: any Error)] = []
        do {
            var record = RunHistoryEntry(report)
            record.status = run.sweepStatus ?? record.status
            try await store?.perform { [record] in try $0.runs.record(record) }
        } catch {
            problems.append(("cannot record the run in the state database", error))
        }
        do {
            try await write(report)
        } catch {
            problems.append(("cannot write the health report", error))
        }
        if let first = problems.first {
            let line = ([stderrLine].compactMap { $0 } + problems.map { "\($0.what): \(Self.message(of: $0.error))" })
                .joined(separator: "; ")
            let code = ending.exitCode == .success || ending.exitCode == .partial ? Self.exitCode(of: first.error) : ending.exitCode
            return PipelineResult(health: report, exitCode: code, stderrLine: line)
        }
        do {
            try await PrometheusTextfile.publish(report, config: config, store: store)
        } catch {
            log.warning("metrics.failed", ["message": Self.message(of: error)])
        }
        return PipelineResult(health: report, exitCode: ending.exitCode, stderrLine: stderrLine)
    }
}

extension Snapshot {
    /// The snapshot a sweep publishes: entries stamped with when they entered the feed, stale ones
    /// marked, the upcoming list, and the change set against the baseline. (A factory, not an
    /// initializer: the entries' `didSet`, which makes them safe to publish, runs only outside one.)
    static func of(
        run runID: RunID, startedAt: Date, at date: Date, stage: CatalogSweep.Outcome, diff: FeedDiff, previous: PreviousRun,
        store: isolated StateStore
    ) throws -> Snapshot {
        let sweep = stage.sweep
        var snapshot = Snapshot(runID: runID, generatedAt: date, sweep: sweep, diff: diff)
        snapshot.entries = stage.stale.mark(try store.appearances.stamp(diff.entries, list: .feed, provider: sweep.provider, at: startedAt))
        snapshot.upcoming = stage.stale.mark(
            try store.appearances.stamp(diff.upcoming, list: .upcoming, provider: sweep.provider, at: startedAt))
        snapshot.changes = ChangeSet.between(
            previous: previous.baseline.map { ($0.runID.rawValue, $0.entries) }, current: snapshot.entries, diff: diff,
            withdrawn: Set(stage.memory.withdrawn.map(\.id)),
            unchecked: try store.memory.releaseIDs(provider: sweep.provider, artists: sweep.incompleteArtists))
        return snapshot
    }
}
