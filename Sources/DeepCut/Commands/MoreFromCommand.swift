import DeepCutCore
import DeepCutPublish
import Foundation

/// `deepcut more-from ARTIST [--json]`: the artist's releases, newest first, wanted types only,
/// minus owned and dismissed (by match key: catalog and library ids of one album differ); a muted
/// artist's too, with a line saying it is muted.
enum MoreFromCommand: DeepCutCommand {
    static let spec = CommandSpec(
        ["more-from"], abstract: "Show an artist's releases you do not own and have not dismissed.",
        options: [configOption, profileOption, .flag("json", help: "print JSON for scripts")],
        arguments: [CommandArgument("ARTIST", help: "artist name as in your library")])

    static func run(_ context: CommandContext) async throws -> ExitCode {
        let config = try context.loadProfileConfig()
        let artist = context.arguments.argument("ARTIST") ?? ""
        let moreFrom = MoreFrom(config: config, client: context.httpClient, now: context.now)
        let listing = try await moreFrom.listing(of: artist)
        try print(listing.entries, artist: artist, muted: try await moreFrom.mute(of: artist), context: context)
        if !context.arguments.flag("json") {
            for line in ruleLines(listing) { context.console.out(line) }
        }
        return .success
    }

    /// The artist's own rule, then one line per reason the config's rules hide releases for,
    /// naming them: "hidden by feed.hideVariants (2): Daylight (Sped Up), Daylight (Slowed)".
    static func ruleLines(_ listing: MoreFrom.Listing) -> [String] {
        var lines = listing.rules.map { rule in
            let types = rule.types.map { "types " + $0.names.joined(separator: ", ") }
            let newBy = rule.newBy.map { "newBy \($0.rawValue)" }
            return "artistRules[\(TextTable.clean(rule.name))]: " + [types, newBy].compactMap { $0 }.joined(separator: "; ")
        }
        let reasons: [(DropReason, String)] = [
            (.artistRule, "artistRules"), (.variant, "feed.hideVariants"), (.excludedGenre, "feed.excludeGenres"),
            (.excludedLabel, "feed.excludeLabels")
        ]
        for (reason, key) in reasons {
            let titles = listing.hidden.filter { $0.reason == reason }.map { TextTable.clean($0.title) }
            guard !titles.isEmpty else { continue }
            lines.append("hidden by \(key) (\(titles.count)): \(titles.joined(separator: ", "))")
        }
        return lines
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
