import DeepCutCore
import DeepCutPublish
import Foundation

/// `deepcut changes [--since RUNID] [--json]`: what changed in the feed.
///
/// Without `--since`: the current snapshot's change set. With it: the change sets of every
/// published snapshot after RUNID, oldest first, so nothing between two looks is missed.
enum ChangesCommand: DeepCutCommand {
    static let spec = CommandSpec(
        ["changes"], abstract: "Show what changed in the feed (added, removed with reason, updated).",
        options: [
            configOption, profileOption,
            .value("since", placeholder: "RUNID", help: "every change after this run (e.g. 20261129T120000Z)"),
            .flag("json", help: "print JSON for scripts")
        ])

    static func run(_ context: CommandContext) async throws -> ExitCode {
        let config = try context.loadProfileConfig()
        let folder = OutputFolder(config.outputDirectory)
        let snapshots: [Snapshot]
        if let since = context.arguments.value("since") {
            guard let runID = RunID(rawValue: since) else {
                throw UsageError(
                    problem: "deepcut changes: --since: not a run id: '\(since)' (like 20261129T120000Z)",
                    usage: spec.usage(program: "deepcut"))
            }
            snapshots = try await BlockingQueue.files.run { try publishedSnapshots(in: folder).filter { $0.runID > runID } }
        } else {
            snapshots = try await BlockingQueue.files.run { try Snapshot.load(from: folder.current).map { [$0] } ?? [] }
        }
        let sets = snapshots.compactMap { snapshot in snapshot.changes.map { (snapshot.runID, $0) } }
        if context.arguments.flag("json") {
            let document = snapshots.compactMap { snapshot in
                snapshot.changes.map { RunChanges(runID: snapshot.runID.rawValue, complete: snapshot.complete, changes: $0) }
            }
            context.console.out(String(decoding: try OutputJSON.encode(document), as: UTF8.self))
            return .success
        }
        guard sets.contains(where: { !$0.1.isEmpty }) else {
            context.console.out(snapshots.isEmpty ? "no published snapshot yet" : "no changes")
            return .success
        }
        for (runID, changes) in sets where !changes.isEmpty {
            context.console.out("run \(runID) (since \(changes.since ?? "-")):")
            for entry in changes.added { context.console.out("  + \(line(entry))") }
            for update in changes.updated {
                context.console.out("  ~ \(line(update.entry))  [\(update.fields.joined(separator: ", ")) changed]")
            }
            for removal in changes.removed { context.console.out("  - \(line(removal.entry))  [\(removal.reason.rawValue)]") }
        }
        return .success
    }

    private struct RunChanges: Encodable {
        var runID: String
        var complete: Bool
        var changes: ChangeSet
    }

    private static func line(_ entry: FeedEntry) -> String {
        TextTable.clean("\(entry.releaseDate)  \(entry.typeText)  \(entry.artist) — \(entry.title)")
    }

    /// Every snapshot in `snapshots/`, oldest first.
    private static func publishedSnapshots(in folder: OutputFolder) throws -> [Snapshot] {
        guard FileManager.default.fileExists(atPath: folder.snapshots.path) else { return [] }
        let runIDs: [RunID]
        do {
            runIDs = try folder.snapshotRunIDs()
        } catch {
            throw OutputReadError(path: folder.snapshots.path, reason: "\(error.localizedDescription)")
        }
        return try runIDs.compactMap { try Snapshot.load(from: folder.snapshot($0)) }.sorted { $0.runID < $1.runID }
    }
}
