import DeepCutCore
import Foundation

/// `deepcut dismiss ID | --title T --artist A`: mark a release "Not interested".
///
/// Display data (title, artist, artwork, type, date) is captured from the current snapshot now:
/// it is free at this moment and expensive forever after. The feeds and the page follow at once
/// (`StateChange`).
enum DismissCommand: DeepCutCommand {
    static let spec = CommandSpec(["dismiss"], abstract: "Dismiss a release (\"Not interested\"), by feed id or by title and artist.",
                                  options: [
                                      configOption,
                                      .value("title", placeholder: "TITLE", help: "album title (with --artist), works without a snapshot"),
                                      .value("artist", placeholder: "ARTIST", help: "album artist (with --title)"),
                                  ],
                                  arguments: [CommandArgument("ID", help: "the feed item's id (tag:…), the catalog id or the release URL",
                                                              isRequired: false)])

    static func run(_ context: CommandContext) async throws -> ExitCode {
        let config = try context.loadConfig()
        let target = try DismissalTarget(context, command: spec)
        if case .key = target {
            throw UsageError(problem: "deepcut dismiss: --key is for restore", usage: spec.usage(program: "deepcut"))
        }
        let done = try StateChange(config: config, command: "dismiss").perform { store, snapshot in
            let dismissal: Dismissal
            switch target {
            case .id(let reference):
                guard let (entry, releaseID) = snapshot?.entry(named: reference) else {
                    throw CommandFailure(exitCode: .dataError,
                                         message: "dismiss: no release with id or link \(reference) in the current feed; use --title and --artist")
                }
                dismissal = Dismissal(entry, releaseID: releaseID, at: Date())
            case .album(let title, let artist):
                let key = AlbumKey(title: title, artist: artist)
                if let entry = snapshot.flatMap({ $0.entries.first { $0.key == key } }) {
                    dismissal = Dismissal(entry, releaseID: entry.id, at: Date())
                } else {
                    dismissal = Dismissal(releaseID: "", albumKey: key, dismissedAt: Date().timeIntervalSince1970,
                                          title: title, artistName: artist)
                }
            case .key:
                preconditionFailure("refused above")
            }
            try store.dismissals.save(dismissal)
            return dismissal
        }
        // The label is catalog text: cleaned like every table, so it cannot drive the terminal.
        context.console.out("dismissed: \(TextTable.clean(done.value.label))")
        if let line = done.republishedLine { context.console.out(line) }
        return .success
    }
}
