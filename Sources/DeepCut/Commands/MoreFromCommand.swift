import DeepCutCore
import DeepCutPublish
import Foundation

/// `deepcut more-from ARTIST [--json]`: the artist's releases, newest first, wanted types only,
/// minus owned and dismissed (by match key: catalog and library ids of one album differ); a muted
/// artist's too, with a line saying it is muted.
enum MoreFromCommand: DeepCutCommand {
    static let spec = CommandSpec(
        ["more-from"], abstract: "Show an artist's releases you do not own and have not dismissed.",
        options: [configOption, .flag("json", help: "print JSON for scripts")],
        arguments: [CommandArgument("ARTIST", help: "artist name as in your library")])

    static func run(_ context: CommandContext) async throws -> ExitCode {
        let config = try context.loadConfig()
        let artist = context.arguments.argument("ARTIST") ?? ""
        let moreFrom = MoreFrom(config: config, client: context.httpClient, now: context.now)
        let releases = try await moreFrom.releases(of: artist)
        try print(releases, artist: artist, muted: try await moreFrom.mute(of: artist), context: context)
        return .success
    }

    /// - Parameter muted: the artist's mute: the text says the releases stay out of the feed; JSON,
    ///   an array for scripts, is unchanged.
    static func print(_ entries: [FeedEntry], artist: String, muted: MutedArtist?, context: CommandContext) throws {
        if context.arguments.flag("json") {
            context.console.out(String(decoding: try OutputJSON.encode(entries), as: UTF8.self))
            return
        }
        if let muted {
            context.console.out(
                "\(TextTable.clean(muted.name)) is muted (since \(muted.mutedDay)): kept out of the feed and notifications; `deepcut unmute` brings it back"
            )
        }
        guard !entries.isEmpty else {
            context.console.out("nothing more from \(artist): you own or dismissed everything the catalog lists")
            return
        }
        let rows = entries.map { [$0.releaseDate.description, $0.typeText, $0.title, $0.id, $0.url ?? "-"] }
        context.console.out(TextTable(header: ["date", "type", "title", "id", "link"], rows: rows).rendered)
    }
}
