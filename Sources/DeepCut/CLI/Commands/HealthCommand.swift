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
        let warnAge: Int?, critAge: Int?
        do throws(UsageError) {
            (warnAge, critAge) = (try duration("warn-age", context), try duration("crit-age", context))
        } catch {
            // A monitoring check answers bad arguments in its own convention too: UNKNOWN, exit 3.
            context.console.out("DEEPCUT UNKNOWN: \(error.problem)")
            context.console.err(error.problem)
            return .partial
        }
        let config: Config
        do {
            config = try context.loadConfig()
        } catch let error as any DeepCutError {
            // A monitoring check must answer in its own convention, even when the config is broken.
            context.console.out("DEEPCUT UNKNOWN: \(error.message)")
            return .partial
        }
        let check = HealthCheck(ttlHours: config.ttlHours, warnAgeSeconds: warnAge, critAgeSeconds: critAge)
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

    private static func duration(_ option: String, _ context: CommandContext) throws(UsageError) -> Int? {
        guard let text = context.arguments.value(option) else { return nil }
        do {
            return try HealthCheck.parseDuration(text)
        } catch {
            throw UsageError(problem: "deepcut health: --\(option): \(error.reason)", usage: spec.usage(program: "deepcut"))
        }
    }
}
