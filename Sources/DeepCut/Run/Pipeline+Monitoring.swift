import DeepCutConfig
import DeepCutCore
import DeepCutNotify
import DeepCutPublish
import Foundation
import Synchronization

/// The monitoring pings around a sweep (`monitoring` in the config): the start ping goes out while
/// the sweep runs, the end ping after the health report is written, with its line as the body.
extension Pipeline {
    /// The start ping in flight, once the run knows it is a sweep (not a skip): the end ping waits
    /// for it, so the monitoring server sees them in order.
    final class StartPing: Sendable {
        let task = Mutex<Task<MonitoringPings.Failure?, Never>?>(nil)
    }

    var pings: MonitoringPings? {
        config.monitoring.map { MonitoringPings(config: $0, client: client) }
    }

    /// The end ping, with the health line `deepcut health` would print as its body.
    func ping(after report: PipelineResult, startPing: StartPing) async {
        guard let pings else { return }
        var failures: [MonitoringPings.Failure] = []
        if let start = startPing.task.withLock({ $0 }), let failure = await start.value { failures.append(failure) }
        if let health = report.health {
            let baseline = health.publish.baselineRunID.map { runID in
                Baseline(runID: runID, generatedAt: health.finishedAt.addingTimeInterval(-Double(health.publish.baselineAgeSeconds ?? 0)))
            }
            let outputDirectory = config.outputDirectory
            // Cancelled before the read: the run's own count (nil) rather than no ping.
            let feed = try? await BlockingQueue.files.run { HealthCheck.Feed.read(outputDirectory: outputDirectory) }
            let check = HealthCheck(ttlHours: config.ttlHours)
            let line =
                config.profiles.isEmpty
                ? check.evaluate(report: health, baseline: baseline, feed: feed, now: health.finishedAt).line
                : check.evaluate(household: health, profiles: await HealthCheck.readProfiles(config), now: health.finishedAt).line
            let status = report.skipped ? RunStatus.skipped : health.status
            if let failure = await pings.send(pings.ping(after: status), body: line) { failures.append(failure) }
        }
        for failure in failures {
            log.warning("monitoring.failed", ["ping": failure.ping.rawValue, "message": failure.message])
        }
    }

    /// Sends the start ping without waiting for it: the sweep does not wait on the monitoring server.
    func sendStartPing(_ startPing: StartPing, runID: RunID) {
        guard let pings else { return }
        let body = "deepcut sweep \(runID) started"
        startPing.task.withLock { $0 = Task { await pings.send(.start, body: body) } }
    }
}
