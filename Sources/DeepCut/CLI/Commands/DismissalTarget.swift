import DeepCutCore

/// Which release a `dismiss` or `restore` names: a feed id, a stored album key, or a title and artist.
enum DismissalTarget {
    case id(String)
    case key(AlbumKey)
    case album(title: String, artist: String)

    init(_ context: CommandContext, command: CommandSpec, allowKey: Bool = false) throws {
        let arguments = context.arguments
        let id = arguments.argument("ID")
        let key = allowKey ? arguments.value("key") : nil
        let title = arguments.value("title"), artist = arguments.value("artist")
        let given = [id != nil, key != nil, title != nil || artist != nil].filter { $0 }.count
        let usage = command.usage(program: "deepcut")
        let name = "deepcut " + command.names.joined(separator: " ")
        guard given == 1 else {
            throw UsageError(problem: "\(name): give exactly one of ID\(allowKey ? ", --key K" : ""), or --title T --artist A", usage: usage)
        }
        if let id {
            self = .id(id)
        } else if let key {
            guard key.contains(AlbumKey.separator) else {
                throw UsageError(problem: "\(name): --key must be title, U+001F, artist (as `deepcut dismissed --json` shows it)", usage: usage)
            }
            self = .key(AlbumKey(rawValue: key))
        } else {
            guard let title, let artist, !title.isEmpty, !artist.isEmpty else {
                throw UsageError(problem: "\(name): --title and --artist go together", usage: usage)
            }
            self = .album(title: title, artist: artist)
        }
    }
}
