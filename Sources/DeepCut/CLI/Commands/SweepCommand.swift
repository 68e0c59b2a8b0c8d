/// `deepcut sweep [--if-stale] [--accept-library-change] [--verbose|--quiet]`: run the pipeline once.
enum SweepCommand: DeepCutCommand {
    static let spec = CommandSpec(["sweep"], abstract: "Run the pipeline once: load, sweep, diff, publish.", options: [
        configOption,
        .flag("if-stale", help: "skip while the baseline is younger than ttlHours and the last run was complete"),
        .flag("accept-library-change", help: "sweep a library that shrank past library.maxShrinkPercent since the last complete run"),
        .flag("verbose", help: "log every artist (debug level)"),
        .flag("quiet", help: "log only warnings and errors"),
    ])

    static func run(_ context: CommandContext) async throws -> ExitCode {
        let verbosity = LogVerbosity(verbose: context.arguments.flag("verbose"), quiet: context.arguments.flag("quiet"))
        let log = context.log ?? EventLog.standardError(verbosity: verbosity, environment: context.environment)
        let pipeline = Pipeline(config: try context.loadConfig(), client: context.httpClient, log: log, environment: context.environment)
        let options = SweepOptions(ifStale: context.arguments.flag("if-stale"),
                                   acceptLibraryChange: context.arguments.flag("accept-library-change"))
        // SIGTERM/SIGINT cancel the sweep: stop starting requests, publish what is known as partial.
        let report = await SignalCancellation.run { await pipeline.run(options) }
        if let line = report.stderrLine {
            report.exitCode == .success ? context.console.out(line) : context.console.err(line)
        } else if let health = report.health {
            context.console.out(health.message ?? health.status.rawValue)
        }
        return report.exitCode
    }
}
