import DeepCutCore
import DeepCutState
import Foundation

/// `deepcut artists pending [--json]`: the artists from listening history and followed lists that
/// wait for a decision, most plays first.
enum ArtistsPendingCommand: DeepCutCommand {
    static let spec = CommandSpec(
        ["artists", "pending"], abstract: "List artists from listening history or followed lists that wait to be accepted.",
        options: [configOption, profileOption, .flag("json", help: "print the artists as a JSON array")])

    static func run(_ context: CommandContext) async throws -> ExitCode {
        let config = try context.loadProfileConfig()
        let pending = try await StateStore(url: config.stateDatabase, catalog: config.catalogDatabase).perform {
            try $0.listened.all(.pending)
        }
        if context.arguments.flag("json") {
            context.console.out(ArtistsJSON.encode(pending))
            return .success
        }
        guard !pending.isEmpty else {
            context.console.out("no pending artists")
            return .success
        }
        let rows = pending.map { artist in
            [
                TextTable.clean(artist.name), artist.plays.map(String.init) ?? "-", artist.sources.joined(separator: ", "),
                Date(timeIntervalSince1970: artist.firstSeenAt).formatted(.iso8601.year().month().day())
            ]
        }
        context.console.out(TextTable(header: ["artist", "plays", "sources", "since"], rows: rows).rendered)
        context.console.out("accept with `deepcut artists accept NAME`, reject with `deepcut artists reject NAME`")
        return .success
    }
}

/// `deepcut artists accept NAME`: sweep the artist like a library artist from the next sweep on;
/// its releases known at that first answer are history, not news.
enum ArtistsAcceptCommand: DeepCutCommand {
    static let spec = CommandSpec(
        ["artists", "accept"], abstract: "Sweep an artist from listening history like a library artist (from the next sweep).",
        options: [configOption, profileOption, .flag("json", help: "print the artist as a JSON object")],
        arguments: [CommandArgument("NAME", help: "artist name (any case or spacing); need not be pending")])

    static func run(_ context: CommandContext) async throws -> ExitCode {
        try await ArtistDecision.run(context, spec: spec, status: .accepted)
    }
}

/// `deepcut artists reject NAME`: never sweep the artist because of listening history; it stays
/// rejected across re-imports and travels with the dismissals file.
enum ArtistsRejectCommand: DeepCutCommand {
    static let spec = CommandSpec(
        ["artists", "reject"], abstract: "Keep an artist from listening history out for good (across re-imports).",
        options: [configOption, profileOption, .flag("json", help: "print the artist as a JSON object")],
        arguments: [CommandArgument("NAME", help: "artist name (any case or spacing); need not be pending")])

    static func run(_ context: CommandContext) async throws -> ExitCode {
        try await ArtistDecision.run(context, spec: spec, status: .rejected)
    }
}

/// What `accept` and `reject` share.
enum ArtistDecision {
    static func run(_ context: CommandContext, spec: CommandSpec, status: ListenedArtist.Status) async throws -> ExitCode {
        let config = try context.loadProfileConfig()
        let name = (context.arguments.argument("NAME") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !ArtistName.normalize(name).isEmpty else {
            throw UsageError(
                problem: "deepcut \(spec.names.joined(separator: " ")): NAME must not be empty", usage: spec.usage(program: "deepcut"))
        }
        let date = context.now()
        // Under the sweep lock, as every change a person makes: a sweep reading the accepted artists
        // never meets a decision half made.
        let lock: RunLock
        do {
            lock = try await RunLock.acquire(path: Pipeline.lockFile(config), waitingUpTo: StateChange.lockWait)
        } catch let busy as RunLock.Busy {
            throw CommandFailure(
                exitCode: busy.exitCode,
                message: "\(spec.names.joined(separator: " ")): \(busy.message); nothing changed: try again when it has finished")
        }
        defer { withExtendedLifetime(lock) {} }
        let (before, artist) = try await StateStore(url: config.stateDatabase, catalog: config.catalogDatabase).perform { store in
            let known = try store.listened.find(name: name)
            let before = try store.listened.decide(name: known?.name ?? name, status, at: date)
            return (before, try store.listened.find(name: name))
        }
        if context.arguments.flag("json") {
            context.console.out(ArtistsJSON.encode(artist.map { [$0] } ?? []))
            return .success
        }
        let label = TextTable.clean(artist?.name ?? name)
        switch (status, before) {
        case (.accepted, .accepted?): context.console.out("already accepted: \(label)")
        case (.rejected, .rejected?): context.console.out("already rejected: \(label)")
        case (.accepted, _):
            context.console.out("accepted: \(label); swept from the next sweep on, its releases known then are history, not news")
        default:
            context.console.out("rejected: \(label); stays out across re-imports (exported with `deepcut dismissals export`)")
        }
        return .success
    }
}

/// The `--json` form of the artists commands: an array of objects with `name`, `status`, `plays`
/// (null from a followed list), `sources`, `firstSeenAt` and `decidedAt` (ISO 8601, null while pending).
enum ArtistsJSON {
    struct Row: Encodable {
        var name: String
        var status: String
        var plays: Int?
        var sources: [String]
        var firstSeenAt: String
        var decidedAt: String?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(status, forKey: .status)
            try container.encode(plays, forKey: .plays)
            try container.encode(sources, forKey: .sources)
            try container.encode(firstSeenAt, forKey: .firstSeenAt)
            try container.encode(decidedAt, forKey: .decidedAt)
        }

        enum CodingKeys: String, CodingKey {
            case name, status, plays, sources, firstSeenAt, decidedAt
        }
    }

    static func encode(_ artists: [ListenedArtist]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let rows = artists.map { artist in
            Row(
                name: artist.name, status: artist.status.rawValue, plays: artist.plays, sources: artist.sources,
                firstSeenAt: Timestamp.string(Date(timeIntervalSince1970: artist.firstSeenAt)),
                decidedAt: artist.decidedAt.map { Timestamp.string(Date(timeIntervalSince1970: $0)) })
        }
        // Strings, integers and nulls only: encoding cannot fail.
        return String(decoding: try! encoder.encode(rows), as: UTF8.self)
    }
}
