import DeepCutCore
import DeepCutState

/// `deepcut dismissals import FILE`: merge dismissals from the JSON exchange format. Idempotent;
/// the feeds and the page follow at once (`StateChange`).
enum DismissalsImportCommand: DeepCutCommand {
    static let spec = CommandSpec(["dismissals", "import"], abstract: "Import dismissals from a JSON file (legacy key-only rows included).",
                                  options: [configOption],
                                  arguments: [CommandArgument("FILE", help: "dismissals JSON")])

    static func run(_ context: CommandContext) async throws -> ExitCode {
        let config = try context.loadConfig()
        // Read and validate the whole file before touching state: a bad file changes nothing.
        let rows = try DismissalsFile.read(from: context.fileArgument("FILE"))
        let done = try StateChange(config: config, command: "dismissals import").perform { store, _ in
            try store.dismissals.importRows(rows)
        }
        let counts = done.value
        context.console.out("imported \(rows.count) rows: \(counts.inserted) new, \(counts.updated) updated, \(counts.unchanged) unchanged")
        if let line = done.republishedLine { context.console.out(line) }
        return .success
    }
}
