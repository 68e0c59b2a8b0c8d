import DeepCutCore
import DeepCutPublish
import DeepCutState
import Foundation

extension Pipeline {
    /// The page and the health report as soon as the snapshot is published, before the channels
    /// are sent: a delivery can take up to its channel's `timeoutSeconds`, and meanwhile neither may
    /// lag behind the feed. Both are written again once the channels answered (`finish`), with each
    /// channel's outcome of this run; until then the report holds no `notify`.
    ///
    /// A failure here is only logged: `finish` writes both again and reports its own failure.
    func writeOutputsBeforeNotifying(
        _ run: RunInProgress, status: RunStatus, message: String, store: StateStore,
        page: (snapshot: Snapshot, publish: Publish, baseline: Baseline?)
    ) async {
        var report = run.report
        report.status = status
        report.exitCode = Int(ExitStatus.of(status).rawValue)
        report.message = message
        report.finishedAt = now()
        report.notify = nil
        let folder = OutputFolder(config.outputDirectory)
        report.publish.wrote.append(folder.relativeName(folder.page))
        do {
            try await writePage(of: report, page: page, store: store)
            try HealthWriter.write(report, to: config.outputDirectory)
        } catch {
            log.warning("outputs.beforeNotifying", ["message": Self.message(of: error)])
        }
    }

    /// The page for a finished (or about to finish) run: its report, and a history holding its
    /// record as `complete` is about to store it.
    func writePage(
        of report: HealthReport, page: (snapshot: Snapshot, publish: Publish, baseline: Baseline?), store: StateStore
    ) async throws {
        let record = RunRecord(report)
        let recent = try await store.perform { try $0.runs.recent(limit: HistoryChart.runLimit) }
        let history = recent.filter { $0.runID != record.runID } + [record]
        try page.publish.writePage(
            page.snapshot, context: PublishContext(health: report, history: history, baseURL: config.publish.baseURL),
            baseline: page.baseline)
    }
}
