/// `deepcut dismissals import FILE`: merge dismissals from the JSON exchange format. Idempotent.
enum DismissalsImportCommand: DeepCutCommand {
    static let spec = CommandSpec(["dismissals", "import"], abstract: "Import dismissals from a JSON file (legacy key-only rows included).",
                                  options: [configOption],
                                  arguments: [CommandArgument("FILE", help: "dismissals JSON")])

    static func run(_ context: CommandContext) async throws -> ExitCode {
        let config = try context.loadConfig()
        // Read and validate the whole file before touching state: a bad file changes nothing.
        let rows = try DismissalsFile.read(from: context.fileArgument("FILE"))
        let counts = try StateStore(url: config.stateDatabase).dismissals.importRows(rows)
        context.console.out("imported \(rows.count) rows: \(counts.inserted) new, \(counts.updated) updated, \(counts.unchanged) unchanged")
        return .success
    }
}
