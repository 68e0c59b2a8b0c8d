import DeepCutConfig
import DeepCutCore
import DeepCutHTTP
import DeepCutNotify
import DeepCutPublish
import DeepCutState
import Foundation

/// `deepcut notify --test [CHANNEL]` / `--dry-run` / `--resend [CHANNEL]`: try the channels, show
/// what they are owed, or owe them again what a stopped run left unconfirmed.
///
/// `--test` sends each channel (or the one named) a message marked as a test, with a sample item,
/// and records nothing: exit 0 when every channel took it, 75 when one did not (its line says
/// why). `--dry-run` prints, per channel, what the next run would send if the catalog answers as
/// it did last time: the items still owed (failed deliveries) and the current snapshot's news the
/// ledger has not recorded for it; nothing is sent or recorded. `--resend` puts the items a run
/// stopped while sending (crash, SIGTERM, SIGINT: `unconfirmed`, maybe delivered) back in the
/// queue of each channel (or the one named), for the next run (a sweep, or an `--if-stale` skip)
/// to send: the operator's choice, as deepcut never sends them again on its own.
enum NotifyCommand: DeepCutCommand {
    static let spec = CommandSpec(
        ["notify"], abstract: "Send a test message to the notification channels, or show the next digest.",
        options: [
            configOption, profileOption,
            .flag("test", help: "send a test message (to CHANNEL only, when given)"),
            .flag("dry-run", help: "print what the next digest would hold, per channel; send nothing"),
            .flag("resend", help: "owe again what a stopped run left unconfirmed (to CHANNEL only, when given); the next run sends it"),
            .flag("json", help: "with --dry-run, print JSON for scripts")
        ],
        arguments: [CommandArgument("CHANNEL", help: "a channel's name in notify[] (with --test or --resend)", isRequired: false)])

    static func run(_ context: CommandContext) async throws -> ExitCode {
        let test = context.arguments.flag("test")
        let dryRun = context.arguments.flag("dry-run")
        let resend = context.arguments.flag("resend")
        guard [test, dryRun, resend].filter({ $0 }).count == 1 else {
            throw UsageError(
                problem: "deepcut notify: give exactly one of --test, --dry-run and --resend", usage: spec.usage(program: "deepcut"))
        }
        let config = try context.loadProfileConfig()
        guard !config.notify.isEmpty else {
            throw ConfigError(message: "\(context.configFile.lastPathComponent): notify: no channel is configured")
        }
        let client = context.httpClient ?? CurlHTTPClient(maximumConnectionsPerHost: config.catalog.concurrency)
        var routes = NotificationChannels.routes(
            config.notify, windowDays: config.feed.windowDays, client: client, mailer: CurlMailer(),
            environment: context.environment, now: context.now)
        if let name = context.arguments.argument("CHANNEL") {
            guard !dryRun else {
                throw UsageError(problem: "deepcut notify: CHANNEL goes with --test or --resend", usage: spec.usage(program: "deepcut"))
            }
            routes = routes.filter { $0.channel.name == name }
            guard !routes.isEmpty else {
                let names = config.notify.map(\.name).joined(separator: ", ")
                throw ConfigError(
                    message: "\(context.configFile.lastPathComponent): notify: no channel named '\(name)' (configured: \(names))")
            }
        }
        if resend { return try await requeue(routes, config: config, console: context.console, at: context.now()) }
        return test
            ? await sendTest(routes, config: config, console: context.console, today: context.now().epochDay)
            : try await preview(routes, config: config, context)
    }

    private static func requeue(_ routes: [Notifier.Route], config: Config, console: Console, at now: Date) async throws -> ExitCode {
        let store = try await StateStore(url: config.stateDatabase, catalog: config.catalogDatabase)
        for route in routes {
            let name = route.channel.name
            let count = try await store.perform { try $0.deliveries.requeueUnconfirmed(channel: name, at: now)[name, default: 0] }
            let items = count == 1 ? "1 unconfirmed item" : "\(count) unconfirmed items"
            console.out(
                count == 0
                    ? "\(name) (\(route.type)): nothing unconfirmed"
                    : "\(name) (\(route.type)): \(items) owed again; the next run sends them")
        }
        return .success
    }

    private static func sendTest(_ routes: [Notifier.Route], config: Config, console: Console, today: Int) async -> ExitCode {
        let sample = FeedEntry(
            id: "deepcut-test", key: AlbumKey(title: "Test Pressing", artist: "deepcut"), title: "Test Pressing", artist: "deepcut",
            type: .album, releaseDate: ReleaseDate(epochDay: today), artworkURL: nil, url: nil)
        let item = Digest.Item(event: .newRelease, dedupeKey: "test:\(UUID().uuidString)", entry: sample)
        let pageURL = RunNotifications.pageURL(baseURL: config.publish.baseURL)
        var failed = false
        for route in routes {
            let message = DigestMessage(
                runID: "test", items: [item], dedupeKey: "deepcut-test-\(UUID().uuidString)", pageURL: pageURL, isTest: true)
            do {
                try await route.channel.deliver(message)
                console.out("\(route.channel.name) (\(route.type)): delivered")
            } catch {
                failed = true
                console.out("\(route.channel.name) (\(route.type)): failed: \(error.kind.rawValue): \(error.message)")
            }
        }
        return failed ? .tempFail : .success
    }

    private static func preview(_ routes: [Notifier.Route], config: Config, _ context: CommandContext) async throws -> ExitCode {
        let folder = OutputFolder(config.outputDirectory)
        let store = try await StateStore(url: config.stateDatabase, catalog: config.catalogDatabase)
        let notifier = Notifier(routes: routes, store: store, pageURL: nil, now: context.now)
        var digest = Digest(runID: "next", items: [])
        let snapshots = try await BlockingQueue.files.run { () -> (current: Snapshot, baseline: Snapshot?)? in
            guard let current = try Snapshot.load(from: folder.current) else { return nil }
            // The baseline the current change set was measured from: its snapshot, when still kept.
            let baseline = try current.changes?.since.flatMap(RunID.init(rawValue:)).flatMap {
                try Snapshot.load(from: folder.snapshot($0))
            }
            return (current, baseline)
        }
        if let (current, baseline) = snapshots {
            digest = RunNotifications.digest(of: current, baseline: baseline, today: context.now().epochDay)
        }
        let preview = try await notifier.preview(digest)
        if context.arguments.flag("json") {
            let document = preview.map { PreviewChannel(channel: $0.channel, items: $0.items) }
            context.console.out(String(decoding: try OutputJSON.encode(document), as: UTF8.self))
            return .success
        }
        for (channel, items) in preview {
            let type = routes.first { $0.channel.name == channel }?.type ?? ""
            guard !items.isEmpty else {
                context.console.out("\(channel) (\(type)): nothing to send")
                continue
            }
            let message = DigestMessage(runID: "next", items: items, dedupeKey: "dry-run")
            context.console.out("\(channel) (\(type)): \(DigestText(message).title)")
            for item in items { context.console.out("  " + TextTable.clean(DigestText.line(item))) }
        }
        return .success
    }

    private struct PreviewChannel: Encodable {
        var channel: String
        var items: [Digest.Item]
    }
}
