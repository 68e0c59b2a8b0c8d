import DeepCutCore
import DeepCutPublish

/// `deepcut restore ID | --key K | --title T --artist A`: undo a dismissal, legacy rows included;
/// the feeds and the page follow at once (`StateChange`).
enum RestoreCommand: DeepCutCommand {
    static let spec = CommandSpec(["restore"], abstract: "Undo a dismissal, by release id, stored key, or title and artist.",
                                  options: [
                                      configOption,
                                      .value("key", placeholder: "KEY", help: "the stored album key (title U+001F artist)"),
                                      .value("title", placeholder: "TITLE", help: "album title (with --artist); a legacy row's rebuilt label works too"),
                                      .value("artist", placeholder: "ARTIST", help: "album artist (with --title)"),
                                  ],
                                  arguments: [CommandArgument("ID", help: "the feed item's id (tag:…), the catalog id or the release URL",
                                                              isRequired: false)])

    static func run(_ context: CommandContext) async throws -> ExitCode {
        let config = try context.loadConfig()
        let target = try DismissalTarget(context, command: spec, allowKey: true)
        let done = try StateChange(config: config, command: "restore").perform { store, snapshot -> Int in
            let restored: Int
            switch target {
            case .id(let reference):
                // current.json keeps dismissed entries (only the feeds hide them), so a feed id or link still resolves.
                let named = snapshot?.entry(named: reference)
                let releaseID = named?.releaseID ?? snapshot.flatMap { FeedIdentity.releaseID(fromEntryID: reference, provider: $0.provider) }
                    ?? reference
                var count = try store.dismissals.delete(releaseID: releaseID)
                // A dismissal made by title and artist may carry no id: the entry's key still names it.
                if count == 0, let entry = named?.entry, try store.dismissals.delete(key: entry.key) { count = 1 }
                restored = count
            case .key(let key):
                restored = try store.dismissals.delete(key: key) ? 1 : 0
            case .album(let title, let artist):
                restored = try store.dismissals.delete(key: AlbumKey(title: title, artist: artist)) ? 1 : 0
            }
            guard restored > 0 else {
                throw CommandFailure(exitCode: .dataError, message: "restore: no dismissal matches \(target)")
            }
            return restored
        }
        context.console.out("restored \(done.value) dismissal\(done.value == 1 ? "" : "s")")
        if let line = done.republishedLine { context.console.out(line) }
        return .success
    }
}
