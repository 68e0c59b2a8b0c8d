import DeepCutConfig
import DeepCutHTTP
import Foundation

/// What every command runs with: its parsed arguments, the environment and the console.
struct CommandContext: Sendable {
    var arguments: ParsedArguments
    var environment: [String: String]
    var console: Console
    /// Tests point catalog traffic at a double; nil means the real libcurl client.
    var httpClient: (any HTTPClient)?
    /// Tests keep the event log quiet; nil means stderr in logfmt.
    var log: EventLog?

    /// `--config`, else `$DEEPCUT_CONFIG`, else /etc/deepcut/config.json.
    var configFile: URL {
        ConfigLocation.resolve(explicit: arguments.value("config"), environment: environment)
    }

    func loadConfig() throws -> Config {
        try ConfigLoader.load(from: configFile)
    }
}

extension CommandContext {
    /// A path argument, resolved against the working directory.
    func fileArgument(_ name: String) -> URL {
        URL(fileURLWithPath: arguments.argument(name) ?? "")
    }
}
