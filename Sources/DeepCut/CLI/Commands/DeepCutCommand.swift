import DeepCutCore

/// One `deepcut` subcommand: its argument spec and what it does.
protocol DeepCutCommand: Sendable {
    static var spec: CommandSpec { get }
    /// Returns the exit code; throws a `DeepCutError` for the one-line failure path.
    static func run(_ context: CommandContext) async throws -> ExitCode
}

extension DeepCutCommand {
    /// Every subcommand takes `--config PATH`.
    static var configOption: CommandOption {
        .value("config", placeholder: "PATH", help: "config file (default: $DEEPCUT_CONFIG, else /etc/deepcut/config.json)")
    }
}
