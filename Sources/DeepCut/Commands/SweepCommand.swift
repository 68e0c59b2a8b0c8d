import DeepCutConfig
import DeepCutCore
import DeepCutHTTP
import DeepCutNotify
import Foundation

/// `deepcut sweep [--if-stale] [--accept-library-change] [--verbose|--quiet]`: run the pipeline once.
enum SweepCommand: DeepCutCommand {
    static let spec = CommandSpec(
        ["sweep"], abstract: "Run the pipeline once: load, sweep, diff, publish.",
        options: [
            configOption,
            .flag("if-stale", help: "skip while the baseline is younger than ttlHours and the last run was complete"),
            .flag("accept-library-change", help: "sweep a library that shrank past library.maxShrinkPercent since the last complete run"),
            .flag("verbose", help: "log every artist (debug level)"),
            .flag("quiet", help: "log only warnings and errors, and print nothing when the run went well (for cron)")
        ])

    static func run(_ context: CommandContext) async throws -> ExitCode {
        guard !(context.arguments.flag("verbose") && context.arguments.flag("quiet")) else {
            throw UsageError(problem: "deepcut sweep: --verbose and --quiet exclude each other", usage: spec.usage(program: "deepcut"))
        }
        let verbosity = LogVerbosity(verbose: context.arguments.flag("verbose"), quiet: context.arguments.flag("quiet"))
        let format = context.arguments.value("log-format").flatMap(LogFormat.init(rawValue:))
        let log = context.log ?? EventLog.standardError(verbosity: verbosity, format: format, environment: context.environment)
        let config: Config
        do {
            config = try context.loadConfig()
        } catch let error as any DeepCutError {
            return await finalCause(
                PipelineResult(health: nil, exitCode: error.exitCode, stderrLine: error.message), log: log, console: context.console,
                quiet: verbosity == .quiet)
        }
        // One client for the catalog, the notification channels and the monitoring pings.
        let client = context.httpClient ?? CurlHTTPClient(maximumConnectionsPerHost: config.catalog.concurrency)
        let channels = NotificationChannels.routes(
            config.notify, windowDays: config.feed.windowDays, client: client, mailer: CurlMailer(),
            environment: context.environment, now: context.now)
        var pipeline = Pipeline(
            config: config, client: client, log: log, environment: context.environment, now: context.now, channels: channels)
        for profile in config.profiles {
            pipeline.profileChannels[profile.name] = NotificationChannels.routes(
                profile.config.notify, windowDays: profile.config.feed.windowDays, client: client, mailer: CurlMailer(),
                environment: context.environment, now: context.now)
        }
        let options = SweepOptions(
            ifStale: context.arguments.flag("if-stale"),
            acceptLibraryChange: context.arguments.flag("accept-library-change"))
        // SIGTERM/SIGINT cancel the sweep: stop starting requests, publish what is known as partial.
        let report = await SignalCancellation.run { [pipeline] in await pipeline.run(options) }
        return await finalCause(report, log: log, console: context.console, quiet: verbosity == .quiet)
    }

    /// The run's last word, said once. Where the log is the whole record (the journal, or
    /// `--log-format logfmt`) a non-zero exit is an event at its priority — `run.failed` at error,
    /// `run.partial` at warning, with `exit` and `message` — so `journalctl -p warning` shows every
    /// run that needs a look. Elsewhere (a terminal, a pipe, a file) it is the one human line on
    /// stderr, and not also an event. The log is flushed before anything is printed here, so every
    /// event line is out first and none is lost. `--quiet` drops the summary of a run that went well:
    /// cron mails whatever a job prints, and an hourly "sweep complete" would be mailed every hour.
    private static func finalCause(_ report: PipelineResult, log: EventLog, console: Console, quiet: Bool) async -> ExitCode {
        guard let line = report.stderrLine else {
            await log.flush()
            if let health = report.health, !quiet { console.out(health.message ?? health.status.rawValue) }
            return report.exitCode
        }
        switch report.exitCode {
        case .success:
            await log.flush()
            if !quiet { console.out(line) }
            return report.exitCode
        case _ where !log.logsCause:
            break
        case .partial:
            log.warning("run.partial", ["exit": report.exitCode.rawValue, "message": line])
        default:
            log.error("run.failed", ["exit": report.exitCode.rawValue, "message": line])
        }
        await log.flush()
        if !log.logsCause { console.err(line) }
        return report.exitCode
    }
}
