import DeepCutCore
import DeepCutPublish
import DeepCutState
import Foundation

/// `deepcut dismiss ID | --title T --artist A`: mark a release "Not interested".
///
/// Display data (title, artist, artwork, type, date) is captured from the current snapshot now:
/// it is free at this moment and expensive forever after. The feeds and the page follow at once
/// (`StateChange`).
enum DismissCommand: DeepCutCommand {
    static let spec = CommandSpec(
        ["dismiss"], abstract: "Dismiss a release (\"Not interested\"), by feed id or by title and artist.",
        options: [
            configOption, profileOption,
            .value("title", placeholder: "TITLE", help: "album title (with --artist), works without a snapshot"),
            .value("artist", placeholder: "ARTIST", help: "album artist (with --title)")
        ],
        arguments: [
            CommandArgument(
                "ID", help: "the feed item's id (tag:…), the catalog id or the release URL",
                isRequired: false)
        ])

    static func run(_ context: CommandContext) async throws -> ExitCode {
        let config = try context.loadProfileConfig()
        let target = try DismissalTarget(context, command: spec)
        if case .key = target {
            throw UsageError(problem: "deepcut dismiss: --key is for restore", usage: spec.usage(program: "deepcut"))
        }
        let done = try await StateChange(config: config, command: "dismiss", now: context.now).perform { store, snapshot in
            let dismissal: Dismissal
            switch target {
            case .id(let reference):
                guard let (entry, releaseID) = snapshot?.entry(named: reference) else {
                    throw CommandFailure(
                        exitCode: .dataError,
                        message: "dismiss: no release with id or link \(reference) in the current feed; use --title and --artist")
                }
                dismissal = Dismissal(entry, releaseID: releaseID, at: context.now())
            case .album(let title, let artist):
                let key = AlbumKey(title: title, artist: artist)
                if let entry = snapshot.flatMap({ $0.entries.first { $0.key == key } }) {
                    dismissal = Dismissal(entry, releaseID: entry.id, at: context.now())
                } else {
                    dismissal = Dismissal(
                        releaseID: "", albumKey: key, dismissedAt: context.now().timeIntervalSince1970,
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

/// Which release a `dismiss` or `restore` names: a feed id, a stored album key, or a title and artist.
enum DismissalTarget {
    case id(String)
    case key(AlbumKey)
    case album(title: String, artist: String)

    init(_ context: CommandContext, command: CommandSpec, allowKey: Bool = false) throws {
        let arguments = context.arguments
        let id = arguments.argument("ID")
        let key = allowKey ? arguments.value("key") : nil
        let title = arguments.value("title")
        let artist = arguments.value("artist")
        let given = [id != nil, key != nil, title != nil || artist != nil].filter { $0 }.count
        let usage = command.usage(program: "deepcut")
        let name = "deepcut " + command.names.joined(separator: " ")
        guard given == 1 else {
            throw UsageError(
                problem: "\(name): give exactly one of ID\(allowKey ? ", --key K" : ""), or --title T --artist A", usage: usage)
        }
        if let id {
            self = .id(id)
        } else if let key {
            guard key.contains(AlbumKey.separator) else {
                throw UsageError(
                    problem: "\(name): --key must be title, U+001F, artist (as `deepcut dismissed --json` shows it)", usage: usage)
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

/// `deepcut restore ID | --key K | --title T --artist A`: undo a dismissal, legacy rows included;
/// the feeds and the page follow at once (`StateChange`).
enum RestoreCommand: DeepCutCommand {
    static let spec = CommandSpec(
        ["restore"], abstract: "Undo a dismissal, by release id, stored key, or title and artist.",
        options: [
            configOption, profileOption,
            .value("key", placeholder: "KEY", help: "the stored album key (title U+001F artist)"),
            .value("title", placeholder: "TITLE", help: "album title (with --artist); a legacy row's rebuilt label works too"),
            .value("artist", placeholder: "ARTIST", help: "album artist (with --title)")
        ],
        arguments: [
            CommandArgument(
                "ID", help: "the feed item's id (tag:…), the catalog id or the release URL",
                isRequired: false)
        ])

    static func run(_ context: CommandContext) async throws -> ExitCode {
        let config = try context.loadProfileConfig()
        let target = try DismissalTarget(context, command: spec, allowKey: true)
        let done = try await StateChange(config: config, command: "restore", now: context.now).perform { store, snapshot -> Int in
            let restored: Int
            switch target {
            case .id(let reference):
                // current.json keeps dismissed entries (only the feeds hide them), so a feed id or link still resolves.
                let named = snapshot?.entry(named: reference)
                let releaseID =
                    named?.releaseID ?? snapshot.flatMap { FeedIdentity.releaseID(fromEntryID: reference, provider: $0.provider) }
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

/// `deepcut dismissed [--json]`: what the user dismissed, newest first.
enum DismissedCommand: DeepCutCommand {
    static let spec = CommandSpec(
        ["dismissed"], abstract: "List dismissals (legacy rows show a label rebuilt from the key).",
        options: [configOption, profileOption, .flag("json", help: "print the dismissals JSON exchange format")])

    static func run(_ context: CommandContext) async throws -> ExitCode {
        let config = try context.loadProfileConfig()
        let dismissals = try await StateStore(url: config.stateDatabase, catalog: config.catalogDatabase).perform {
            try $0.dismissals.all()
        }
        if context.arguments.flag("json") {
            context.console.out(String(decoding: DismissalsFile.encode(dismissals), as: UTF8.self))
            return .success
        }
        guard !dismissals.isEmpty else {
            context.console.out("no dismissals")
            return .success
        }
        let rows = dismissals.map { dismissal -> [String] in
            let when = Date(timeIntervalSince1970: dismissal.dismissedAt).formatted(.iso8601.year().month().day())
            return [
                when, dismissal.label, dismissal.recordingType?.rawValue ?? "-", dismissal.releaseDate?.description ?? "-",
                dismissal.releaseID.isEmpty ? "-" : dismissal.releaseID, dismissal.artworkURL ?? "-"
            ]
        }
        context.console.out(TextTable(header: ["dismissed", "release", "type", "date", "id", "artwork"], rows: rows).rendered)
        return .success
    }
}

/// `deepcut dismissals export`: every dismissal, then every muted artist, in the JSON exchange format, on stdout.
enum DismissalsExportCommand: DeepCutCommand {
    static let spec = CommandSpec(
        ["dismissals", "export"], abstract: "Export dismissals and muted artists as JSON to stdout.", options: [configOption, profileOption]
    )

    static func run(_ context: CommandContext) async throws -> ExitCode {
        let config = try context.loadProfileConfig()
        let (dismissals, mutes, rejected) = try await StateStore(url: config.stateDatabase, catalog: config.catalogDatabase).perform {
            store in
            (try store.dismissals.all(), try store.mutes.all(), try store.listened.all(.rejected))
        }
        context.console.out(String(decoding: DismissalsFile.encode(dismissals, mutes: mutes, rejectedArtists: rejected), as: UTF8.self))
        return .success
    }
}

/// `deepcut dismissals import FILE`: merge dismissals and muted artists from the JSON exchange format. Idempotent;
/// the feeds and the page follow at once (`StateChange`).
enum DismissalsImportCommand: DeepCutCommand {
    static let spec = CommandSpec(
        ["dismissals", "import"], abstract: "Import dismissals and muted artists from a JSON file (legacy key-only rows included).",
        options: [configOption, profileOption],
        arguments: [CommandArgument("FILE", help: "dismissals JSON")])

    static func run(_ context: CommandContext) async throws -> ExitCode {
        let config = try context.loadProfileConfig()
        // Read and validate the whole file before touching state: a bad file changes nothing.
        let file = context.fileArgument("FILE")
        let rows = try await BlockingQueue.files.run { try DismissalsFile.read(from: file) }
        let done = try await StateChange(config: config, command: "dismissals import", now: context.now).perform { store, _ in
            (try store.dismissals.importRows(rows.dismissals, mutes: rows.mutes), try store.listened.importRejections(rows.rejectedArtists))
        }
        let (counts, rejected) = done.value
        let artists = rows.rejectedArtists.isEmpty ? "" : "; \(rows.rejectedArtists.count) rejected artists (\(rejected) newly rejected)"
        context.console.out(
            "imported \(rows.count) rows: \(counts.inserted) new, \(counts.updated) updated, \(counts.unchanged) unchanged\(artists)")
        if let line = done.republishedLine { context.console.out(line) }
        return .success
    }
}
