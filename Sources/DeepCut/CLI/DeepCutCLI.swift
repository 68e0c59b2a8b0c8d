import DeepCutCore
import DeepCutHTTP
import Foundation

/// The `deepcut` command line: parses the words, runs the subcommand, maps every error to one
/// stderr line and the SPEC's exit code. The executable target only calls `main`.
package enum DeepCutCLI {
    package static var version: String { ClientVersion.current }

    static let commands: [any DeepCutCommand.Type] = operations + documentation

    static let operations: [any DeepCutCommand.Type] = [
        InitCommand.self, SweepCommand.self, HealthCommand.self, DismissCommand.self, RestoreCommand.self, DismissedCommand.self,
        DismissalsImportCommand.self, DismissalsExportCommand.self, MoreFromCommand.self, LibraryAddCommand.self,
        CheckConfigCommand.self, ChangesCommand.self, NotifyCommand.self, ProbeCommand.self, MuteCommand.self, UnmuteCommand.self,
        MutedCommand.self, ArtistsPendingCommand.self, ArtistsAcceptCommand.self, ArtistsRejectCommand.self
    ]

    /// Listed last in the help: what packaging and shells read.
    static let documentation: [any DeepCutCommand.Type] = [ManualCommand.self, CompletionsCommand.self]

    /// Every command takes it: events in logfmt or as sentences, whatever stderr is.
    static let logFormatOption = CommandOption.value(
        "log-format", placeholder: "FORMAT",
        help: "write events as logfmt lines or as human sentences (default: human on a terminal, logfmt elsewhere)",
        choices: LogFormat.allCases.map(\.rawValue))

    static let program = ProgramSpec(
        name: "deepcut", abstract: "New releases from the artists in your music library.",
        options: [.flag("version", help: "print the version")],
        globalOptions: [logFormatOption],
        commands: commands.map { $0.spec })

    /// - Returns: the process exit status.
    package static func main(
        _ words: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
        console: Console = .standard
    ) async -> Int32 {
        SignalCancellation.installEarlyExit()
        return await run(words, environment: environment, console: console, httpClient: nil, log: nil).rawValue
    }

    static func run(
        _ words: [String], environment: [String: String], console: Console,
        httpClient: (any HTTPClient)?, log: EventLog? = .silent, now: @escaping @Sendable () -> Date = { Date() }
    ) async -> ExitCode {
        do {
            switch try program.parse(words) {
            case .help(let text):
                console.out(text)
                return .success
            case .run(let arguments):
                if arguments.command.names.isEmpty {
                    console.out("deepcut \(version)")
                    return .success
                }
                guard let command = commands.first(where: { $0.spec.names == arguments.command.names }) else {
                    throw UsageError(problem: "deepcut: unknown command", usage: "")
                }
                let context = CommandContext(
                    arguments: arguments, environment: environment, console: console,
                    httpClient: httpClient, log: log, now: now)
                return try await command.run(context)
            }
        } catch let error as UsageError where words.first == HealthCommand.spec.names.first {
            // A monitoring check answers its own bad arguments in the plugin convention.
            return HealthCommand.answer(error, words: words, console: console)
        } catch let error as any DeepCutError {
            console.err(error.message)
            return error.exitCode
        } catch {
            console.err("deepcut: internal error: \(error)")
            return .software
        }
    }
}
