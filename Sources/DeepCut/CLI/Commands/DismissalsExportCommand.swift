import DeepCutCore
import DeepCutState

/// `deepcut dismissals export`: every dismissal in the JSON exchange format, on stdout.
enum DismissalsExportCommand: DeepCutCommand {
    static let spec = CommandSpec(["dismissals", "export"], abstract: "Export dismissals as JSON to stdout.", options: [configOption])

    static func run(_ context: CommandContext) async throws -> ExitCode {
        let config = try context.loadConfig()
        let dismissals = try StateStore(url: config.stateDatabase).dismissals.all()
        context.console.out(String(decoding: DismissalsFile.encode(dismissals), as: UTF8.self))
        return .success
    }
}
