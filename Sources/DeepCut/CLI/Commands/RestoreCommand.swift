import DeepCutCore

/// `deepcut restore ID | --key K | --title T --artist A`: undo a dismissal, legacy rows included.
enum RestoreCommand: DeepCutCommand {
    static let spec = CommandSpec(["restore"], abstract: "Undo a dismissal, by release id, stored key, or title and artist.",
                                  options: [
                                      configOption,
                                      .value("key", placeholder: "KEY", help: "the stored album key (title U+001F artist)"),
                                      .value("title", placeholder: "TITLE", help: "album title (with --artist); a legacy row's rebuilt label works too"),
                                      .value("artist", placeholder: "ARTIST", help: "album artist (with --title)"),
                                  ],
                                  arguments: [CommandArgument("ID", help: "the dismissed release's id", isRequired: false)])

    static func run(_ context: CommandContext) async throws -> ExitCode {
        let config = try context.loadConfig()
        let target = try DismissalTarget(context, command: spec, allowKey: true)
        let store = try StateStore(url: config.stateDatabase)
        let restored: Int
        switch target {
        case .id(let id):
            restored = try store.dismissals.delete(releaseID: id)
        case .key(let key):
            restored = try store.dismissals.delete(key: key) ? 1 : 0
        case .album(let title, let artist):
            restored = try store.dismissals.delete(key: AlbumKey(title: title, artist: artist)) ? 1 : 0
        }
        guard restored > 0 else {
            throw CommandFailure(exitCode: .dataError, message: "restore: no dismissal matches \(target)")
        }
        context.console.out("restored \(restored) dismissal\(restored == 1 ? "" : "s")")
        return .success
    }
}
