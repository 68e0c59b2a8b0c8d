import DeepCutConfig
import DeepCutCore
import DeepCutHTTP
import Foundation

/// One `deepcut` subcommand: its argument spec and what it does.
protocol DeepCutCommand: Sendable {
    static var spec: CommandSpec { get }
    /// Returns the exit code; throws a `DeepCutError` for the one-line failure path.
    static func run(_ context: CommandContext) async throws -> ExitCode
}

extension DeepCutCommand {
    /// Every subcommand takes `--config PATH`.
    static var configOption: CommandOption {
        .value(
            "config", placeholder: "PATH",
            help: "config file (default: $DEEPCUT_CONFIG, else ~/.config/deepcut/config.json if it exists, else /etc/deepcut/config.json)")
    }

    /// The commands about one person's feed (dismissals, mutes, artists, changes…) take
    /// `--profile NAME`; with `profiles` in the config it is required.
    static var profileOption: CommandOption {
        .value("profile", placeholder: "NAME", help: "the household profile (`profiles` in the config) to work on")
    }
}

/// A command that could not do what was asked, for a reason that is neither usage nor config:
/// one stderr line and an exit code.
struct CommandFailure: DeepCutError {
    var exitCode: ExitCode
    var message: String
}

/// What every command runs with: its parsed arguments, the environment and the console.
struct CommandContext: Sendable {
    var arguments: ParsedArguments
    var environment: [String: String]
    var console: Console
    /// Tests point catalog traffic at a double; nil means the real libcurl client.
    var httpClient: (any HTTPClient)?
    /// Tests keep the event log quiet; nil means stderr in logfmt.
    var log: EventLog?
    /// The wall clock: run ids, ages and stamps. Tests pass their own, so consecutive runs get
    /// distinct second-resolution run ids without waiting for the real second to turn.
    var now: @Sendable () -> Date = { Date() }

    /// `--config`, else `$DEEPCUT_CONFIG`, else the per-user config if it exists, else /etc/deepcut/config.json.
    var configFile: URL {
        ConfigLocation.resolve(explicit: arguments.value("config"), environment: environment)
    }

    /// The one place commands load their config; a missing file says how to make one.
    func loadConfig() throws -> Config {
        let file = configFile
        guard FileManager.default.fileExists(atPath: file.path) else {
            let named = ConfigLocation.named(explicit: arguments.value("config"), environment: environment) != nil
            throw MissingConfigError(file: file, named: named, perUser: named ? nil : ConfigLocation.perUser(environment: environment))
        }
        let config = try ConfigLoader.load(from: file)
        // Only the commands about one person's feed declare `--profile`; the others work on the household.
        guard arguments.command.option(named: "profile") != nil, let name = arguments.value("profile") else { return config }
        let names = config.profiles.map(\.name)
        guard let profile = config.profile(named: name) else {
            throw CommandFailure(
                exitCode: .usage,
                message: names.isEmpty
                    ? "--profile \(name): \(file.path) has no profiles"
                    : "--profile \(name): no such profile in \(file.path) (its profiles: \(names.joined(separator: ", ")))")
        }
        return profile.config
    }

    /// The config of the one person a command works for: the config itself without `profiles`,
    /// else the profile `--profile` names, which is then required.
    func loadProfileConfig() throws -> Config {
        let config = try loadConfig()
        guard config.profiles.isEmpty else {
            throw CommandFailure(
                exitCode: .usage,
                message: "\(configFile.path) has profiles (\(config.profiles.map(\.name).joined(separator: ", "))): "
                    + "give --profile NAME to say whose")
        }
        return config
    }
}

extension CommandContext {
    /// A path argument, resolved against the working directory.
    func fileArgument(_ name: String) -> URL {
        URL(fileURLWithPath: arguments.argument(name) ?? "")
    }
}

/// Where a command's output goes: stdout for results, stderr for the one-line cause of a failure.
/// Injectable so tests run every command in-process and read what it printed.
package struct Console: Sendable {
    let out: @Sendable (String) -> Void
    let err: @Sendable (String) -> Void

    package init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void) {
        self.out = out
        self.err = err
    }

    package static let standard = Console(
        out: { text in FileHandle.standardOutput.write(Data((text + "\n").utf8)) },
        err: { text in FileHandle.standardError.write(Data((text + "\n").utf8)) })
}
