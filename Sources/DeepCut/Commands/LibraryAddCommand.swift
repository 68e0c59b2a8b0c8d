import DeepCutCore
import Foundation

/// `deepcut library add --title T --artist A`: record an album as owned (the feeds and the page
/// follow at once, `StateChange`), then show more from its artist — after the lock is let go,
/// since that asks the catalog.
enum LibraryAddCommand: DeepCutCommand {
    static let spec = CommandSpec(
        ["library", "add"], abstract: "Record an album as owned, then show more from its artist.",
        options: [
            configOption, profileOption,
            .value("title", placeholder: "TITLE", help: "album title", required: true),
            .value("artist", placeholder: "ARTIST", help: "album artist", required: true),
            .flag("json", help: "print the artist's releases as JSON")
        ])

    static func run(_ context: CommandContext) async throws -> ExitCode {
        let config = try context.loadProfileConfig()
        let title = context.arguments.value("title") ?? ""
        let artist = context.arguments.value("artist") ?? ""
        guard !title.trimmingCharacters(in: .whitespaces).isEmpty, !artist.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw UsageError(problem: "deepcut library add: --title and --artist must not be empty", usage: spec.usage(program: "deepcut"))
        }
        let done = try await StateChange(config: config, command: "library add", now: context.now).perform { store, _ in
            try store.owned.add(title: title, artist: artist)
        }
        if !context.arguments.flag("json") {
            context.console.out("recorded as owned: \(artist) — \(title)")
            if let line = done.republishedLine { context.console.out(line) }
        }
        let moreFrom = MoreFrom(config: config, client: context.httpClient, now: context.now)
        let releases = try await moreFrom.releases(of: artist)
        try MoreFromCommand.print(releases, artist: artist, muted: try await moreFrom.mute(of: artist), context: context)
        return .success
    }
}
