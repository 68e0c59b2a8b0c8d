import DeepCutCore
import DeepCutState
import Foundation

/// `deepcut mute ARTIST`: keep an artist out of the feed, the upcoming list and notifications; it
/// is still swept, so `more-from` shows its releases. The feeds and the page follow at once.
enum MuteCommand: DeepCutCommand {
    static let spec = CommandSpec(
        ["mute"], abstract: "Keep an artist out of the feed and notifications (still swept; more-from still shows it).",
        options: [configOption, profileOption],
        arguments: [CommandArgument("ARTIST", help: "artist name (any case or spacing); need not be in your library")])

    static func run(_ context: CommandContext) async throws -> ExitCode {
        let config = try context.loadProfileConfig()
        let name = try artistArgument(context, spec: spec)
        let done = try await ArtistMute(config: config).mute(name, at: context.now())
        let muted = done.value
        if muted.wasMuted {
            context.console.out("already muted since \(muted.artist.mutedDay): \(TextTable.clean(muted.artist.label))")
        } else {
            let hidden = muted.hidden == 1 ? "1 entry" : "\(muted.hidden) entries"
            context.console.out("muted: \(TextTable.clean(muted.artist.label)); \(hidden) left out of the feed, still swept")
        }
        if let line = done.republishedLine { context.console.out(line) }
        return .success
    }

    /// The ARTIST argument, refused when it names no one (empty or only spaces).
    static func artistArgument(_ context: CommandContext, spec: CommandSpec) throws -> String {
        let name = context.arguments.argument("ARTIST") ?? ""
        guard !ArtistName.normalize(name).isEmpty else {
            throw UsageError(problem: "deepcut \(spec.names[0]): ARTIST must not be empty", usage: spec.usage(program: "deepcut"))
        }
        return name.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// `deepcut unmute ARTIST`: lift a mute. The feeds are republished at once; releases the last sweep
/// left out because of the mute return with the next sweep (`sweep --if-stale` does not skip it).
enum UnmuteCommand: DeepCutCommand {
    static let spec = CommandSpec(
        ["unmute"], abstract: "Bring a muted artist back into the feed (fully with the next sweep).",
        options: [configOption, profileOption],
        arguments: [CommandArgument("ARTIST", help: "artist name as muted (any case or spacing)")])

    static func run(_ context: CommandContext) async throws -> ExitCode {
        let config = try context.loadProfileConfig()
        let name = try MuteCommand.artistArgument(context, spec: spec)
        let done = try await ArtistMute(config: config).unmute(name, at: context.now())
        context.console.out(
            "unmuted: \(TextTable.clean(done.value.label)); its releases return with the next sweep (the next `sweep --if-stale` runs)")
        if let line = done.republishedLine { context.console.out(line) }
        return .success
    }
}

/// `deepcut muted [--json]`: the muted artists, most recently muted first.
enum MutedCommand: DeepCutCommand {
    static let spec = CommandSpec(
        ["muted"], abstract: "List muted artists.",
        options: [
            configOption, profileOption, .flag("json", help: "print the muted artists as rows of the dismissals JSON exchange format")
        ])

    static func run(_ context: CommandContext) async throws -> ExitCode {
        let config = try context.loadProfileConfig()
        let muted = try await StateStore(url: config.stateDatabase, catalog: config.catalogDatabase).perform { try $0.mutes.all() }
        if context.arguments.flag("json") {
            context.console.out(String(decoding: DismissalsFile.encode([], mutes: muted), as: UTF8.self))
            return .success
        }
        guard !muted.isEmpty else {
            context.console.out("no muted artists")
            return .success
        }
        let rows = muted.map { [$0.mutedDay, $0.name, $0.catalogName ?? "-", $0.catalogID ?? "-", $0.artworkURL ?? "-"] }
        context.console.out(TextTable(header: ["muted", "artist", "catalog name", "catalog id", "artwork"], rows: rows).rendered)
        return .success
    }
}
