import DeepCutCore
import Foundation

/// `deepcut dismiss ID | --title T --artist A`: mark a release "Not interested".
///
/// Display data (title, artist, artwork, type, date) is captured from the current snapshot now:
/// it is free at this moment and expensive forever after.
enum DismissCommand: DeepCutCommand {
    static let spec = CommandSpec(["dismiss"], abstract: "Dismiss a release (\"Not interested\"), by feed id or by title and artist.",
                                  options: [
                                      configOption,
                                      .value("title", placeholder: "TITLE", help: "album title (with --artist), works without a snapshot"),
                                      .value("artist", placeholder: "ARTIST", help: "album artist (with --title)"),
                                  ],
                                  arguments: [CommandArgument("ID", help: "a release id from the current feed", isRequired: false)])

    static func run(_ context: CommandContext) async throws -> ExitCode {
        let config = try context.loadConfig()
        let target = try DismissalTarget(context, command: spec)
        let snapshot = try Snapshot.load(from: OutputFolder(config.outputDirectory).current)
        let dismissal: Dismissal
        switch target {
        case .id(let id):
            guard let entry = snapshot?.entry(withID: id) else {
                throw CommandFailure(exitCode: .dataError, message: "dismiss: no release with id \(id) in the current feed; use --title and --artist")
            }
            dismissal = Dismissal(entry, releaseID: id, at: Date())
        case .album(let title, let artist):
            let key = AlbumKey(title: title, artist: artist)
            if let entry = snapshot?.entries.first(where: { $0.key == key }) {
                dismissal = Dismissal(entry, releaseID: entry.id, at: Date())
            } else {
                dismissal = Dismissal(releaseID: "", albumKey: key, dismissedAt: Date().timeIntervalSince1970,
                                      title: title, artistName: artist)
            }
        case .key:
            throw UsageError(problem: "deepcut dismiss: --key is for restore", usage: spec.usage(program: "deepcut"))
        }
        let store = try StateStore(url: config.stateDatabase)
        try store.dismissals.save(dismissal)
        // The label is catalog text: cleaned like every table, so it cannot drive the terminal.
        context.console.out("dismissed: \(TextTable.clean(dismissal.label))")
        return .success
    }
}
