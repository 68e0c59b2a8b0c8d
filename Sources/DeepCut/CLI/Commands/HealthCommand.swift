import Foundation

/// `deepcut health [--json] [--warn-age D] [--crit-age D]`: one status line, monitoring-plugins exit codes.
enum HealthCommand: DeepCutCommand {
    static let spec = CommandSpec(["health"], abstract: "Print the last run's health as one line (exit 0 OK, 1 WARNING, 2 CRITICAL, 3 UNKNOWN).",
                                  options: [
                                      configOption,
                                      .flag("json", help: "print the health report as JSON"),
                                      .value("warn-age", placeholder: "DURATION", help: "WARNING when the baseline is older (default 1.5 × ttlHours; e.g. 36h)"),
                                      .value("crit-age", placeholder: "DURATION", help: "CRITICAL when the baseline is older (default 3 × ttlHours)"),
                                  ])

    static func run(_ context: CommandContext) async throws -> ExitCode {
        let config: Config
        do {
            config = try context.loadConfig()
        } catch let error as any DeepCutError {
            // A monitoring check must answer in its own convention, even when the config is broken.
            context.console.out("DEEPCUT UNKNOWN: \(error.message)")
            return .partial
        }
        let check = HealthCheck(ttlHours: config.ttlHours,
                                warnAgeSeconds: try duration("warn-age", context), critAgeSeconds: try duration("crit-age", context))
        let report: HealthReport?
        let baseline: Baseline?
        do {
            report = try HealthReport.load(outputDirectory: config.outputDirectory)
            baseline = try Baseline.read(outputDirectory: config.outputDirectory)
        } catch let error as any DeepCutError {
            context.console.out("DEEPCUT UNKNOWN: \(error.message)")
            return .partial
        }
        let (state, line) = check.evaluate(report: report, baseline: baseline, now: Date())
        if context.arguments.flag("json"), let report {
            context.console.out(String(decoding: try OutputJSON.encode(report), as: UTF8.self))
        } else {
            context.console.out(line)
        }
        return state.exitCode
    }

    private static func duration(_ option: String, _ context: CommandContext) throws -> Int? {
        guard let text = context.arguments.value(option) else { return nil }
        guard let seconds = HealthCheck.parseDuration(text) else {
            throw UsageError(problem: "deepcut health: --\(option): not a duration: '\(text)' (use 90m, 36h, 2d)", usage: spec.usage(program: "deepcut"))
        }
        return seconds
    }
}
