import DeepCutConfig
import DeepCutCore
import DeepCutPublish
import Foundation

/// `deepcut health [--json] [--warn-age D] [--crit-age D]`: one status line, monitoring-plugins exit codes.
///
/// Every path answers in the plugin convention (monitoring-plugins' guidelines): a bad argument, a
/// broken config, a missing or unreadable report are UNKNOWN, exit 3, with a line on stdout — JSON
/// with `--json`, so a caller that asked for JSON always gets JSON.
enum HealthCommand: DeepCutCommand {
    static let spec = CommandSpec(
        ["health"], abstract: "Print the last run's health as one line (exit 0 OK, 1 WARNING, 2 CRITICAL, 3 UNKNOWN).",
        options: [
            configOption, profileOption,
            .flag("json", help: "print the health report as JSON"),
            .value("warn-age", placeholder: "DURATION", help: "WARNING when the baseline is older (default 1.5 × ttlHours; e.g. 36h)"),
            .value("crit-age", placeholder: "DURATION", help: "CRITICAL when the baseline is older (default 3 × ttlHours)")
        ])

    static func run(_ context: CommandContext) async throws -> ExitCode {
        let json = context.arguments.flag("json")
        let warnAge: Int?
        let critAge: Int?
        do throws(UsageError) {
            (warnAge, critAge) = (try duration("warn-age", context), try duration("crit-age", context))
        } catch {
            return unknown(error.problem, json: json, console: context.console, stderr: error.problem)
        }
        let config: Config
        do {
            config = try context.loadConfig()
        } catch let error as any DeepCutError {
            return unknown(error.message, json: json, console: context.console)
        }
        let check = HealthCheck(ttlHours: config.ttlHours, warnAgeSeconds: warnAge, critAgeSeconds: critAge)
        if let problem = check.thresholdProblem {
            return unknown("deepcut health: \(problem)", json: json, console: context.console, stderr: "deepcut health: \(problem)")
        }
        let report: HealthReport?
        let baseline: Baseline?
        let feed: HealthCheck.Feed
        do {
            let outputDirectory = config.outputDirectory
            (report, baseline, feed) = try await BlockingQueue.files.run {
                (
                    try HealthReport.load(outputDirectory: outputDirectory), try Baseline.read(outputDirectory: outputDirectory),
                    HealthCheck.Feed.read(outputDirectory: outputDirectory)
                )
            }
        } catch let error as any DeepCutError {
            return unknown(error.message, json: json, console: context.console)
        }
        guard let report else {
            let path = OutputFolder(config.outputDirectory).healthJSON.path
            return unknown("no health report at \(path): no run has finished yet", json: json, console: context.console, path: path)
        }
        let (state, line) =
            config.profiles.isEmpty
            ? check.evaluate(report: report, baseline: baseline, feed: feed, now: context.now())
            : check.evaluate(household: report, profiles: await HealthCheck.readProfiles(config), now: context.now())
        if json {
            context.console.out(String(decoding: try OutputJSON.encode(report), as: UTF8.self))
        } else {
            context.console.out(line)
        }
        return state.exitCode
    }

    /// A command line the parser refused (`deepcut health --bogus`): UNKNOWN on stdout, the
    /// usage on stderr, exit 3 — not the other commands' exit 64.
    static func answer(_ error: UsageError, words: [String], console: Console) -> ExitCode {
        unknown(error.problem, json: words.contains("--json"), console: console, stderr: error.message)
    }

    /// UNKNOWN, exit 3: `DEEPCUT UNKNOWN: message`, or with `--json`
    /// `{"state": "UNKNOWN", "message": "…", "path": "…"}` (`path` when a report was looked for).
    private static func unknown(_ message: String, json: Bool, console: Console, stderr: String? = nil, path: String? = nil) -> ExitCode {
        if json {
            let fields = [("state", "UNKNOWN"), ("message", message)] + (path.map { [("path", $0)] } ?? [])
            console.out(
                "{"
                    + fields.map { "\(OutputJSON.stringLiteral($0)): \(OutputJSON.stringLiteral($1))" }
                    .joined(separator: ", ") + "}")
        } else {
            console.out("DEEPCUT UNKNOWN: \(message)")
        }
        if let stderr { console.err(stderr) }
        return HealthCheck.State.unknown.exitCode
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
