import DeepCutConfig
import DeepCutCore
import DeepCutPublish
import DeepCutState
import Foundation

/// A change a person makes to the state (`dismiss`, `restore`, `dismissals import`, `library add`,
/// `mute`, `unmute`), made under the sweep lock and followed at once by `feed.json`, `feed.atom` and
/// `index.html` republished from `current.json` with the dismissals, owned albums and muted artists applied — without the
/// network, each file atomically.
///
/// `current.json`, the snapshots and `latest.json` are never rewritten: they stay what the sweep
/// found, so a `restore` brings an entry straight back and the next sweep's change set still says
/// `dismissed` or `nowOwned`. The page keeps the last run's health panel and history.
struct StateChange {
    /// How long a person's command waits for the lock: long enough for another such command,
    /// far shorter than a sweep.
    static let lockWait = 5.0

    let config: Config
    let command: String
    let now: @Sendable () -> Date

    /// What the change did, and the files republished (none without a `current.json`).
    struct Done<Value: Sendable>: Sendable {
        var value: Value
        var republished: [String]
    }

    /// Takes the lock, reads `current.json` (an unreadable one changes nothing: exit 74), makes
    /// `change` in the state database, then republishes: all of it after the lock in one hop onto
    /// the store's thread (`apply`), so the change and what is published from it see the same rows.
    /// - Throws: exit 75 naming the holder when a sweep keeps the lock past `lockWait`; nothing changes then.
    func perform<Value: Sendable>(_ change: @Sendable (isolated StateStore, Snapshot?) throws -> Value) async throws -> Done<Value> {
        let lock: RunLock
        do {
            lock = try await RunLock.acquire(path: Pipeline.lockFile(config), waitingUpTo: Self.lockWait)
        } catch let busy as RunLock.Busy {
            throw CommandFailure(
                exitCode: busy.exitCode, message: "\(command): \(busy.message); nothing changed: try again when it has finished")
        }
        defer { withExtendedLifetime(lock) {} }
        let folder = OutputFolder(config.outputDirectory)
        // `current.json` is read on `BlockingQueue.files`; the change and the republish then run in
        // one hop on the store's own thread, off the cooperative threads too.
        let current = try await BlockingQueue.files.run { try Snapshot.load(from: folder.current) }
        let store = try await StateStore(url: config.stateDatabase, catalog: config.catalogDatabase)
        return try await apply(change, to: store, current: current)
    }

    private func apply<Value: Sendable>(
        _ change: @Sendable (isolated StateStore, Snapshot?) throws -> Value, to store: isolated StateStore, current: Snapshot?
    ) throws -> Done<Value> {
        let value = try change(store, current)
        guard var snapshot = current else { return Done(value: value, republished: []) }
        let owned = try store.owned.keys()
        let dismissed = try store.dismissals.keys()
        let muted = try store.mutes.matcher()
        let upcoming = Set((snapshot.upcoming ?? []).map(\.id))
        snapshot.entries = Diff.hiding(snapshot.entries, owned: owned, dismissed: dismissed, muted: muted)
        snapshot.upcoming = snapshot.upcoming.map { Diff.hiding($0, owned: owned, dismissed: dismissed, muted: muted) }
        let hidden = upcoming.subtracting((snapshot.upcoming ?? []).map(\.id))
        let installID = try store.installID()
        let context = PublishContext(
            health: try readable { try HealthReport.load(outputDirectory: config.outputDirectory) },
            history: try store.runs.recent(limit: HistoryChart.runLimit), baseURL: config.publish.baseURL,
            installID: installID,
            calendar: try UpcomingCalendarUpdate(installID: installID).apply(snapshot, hidden: hidden, at: now(), store: store),
            feedEntries: config.publish.feedEntries)
        let baseline = try readable { try Baseline.read(outputDirectory: config.outputDirectory) }
        let written = try Publish(outputDirectory: config.outputDirectory, keepSnapshots: config.keepSnapshots, now: now)
            .republish(snapshot, context: context, baseline: baseline)
        return Done(value: value, republished: written)
    }

    /// An unreadable `health.json` or `latest.json` only leaves the page without that panel or the
    /// banner's "last complete sweep": the sweep reports and replaces them, this command does not.
    private func readable<T>(_ read: () throws -> T?) throws -> T? {
        do {
            return try read()
        } catch is OutputReadError {
            return nil
        }
    }
}

extension StateChange.Done {
    /// The line saying the feeds follow the change, or nil when there was nothing to republish.
    var republishedLine: String? {
        republished.isEmpty ? nil : "republished " + republished.joined(separator: ", ")
    }
}

extension Dismissal {
    /// A dismissal with the entry's display data captured now.
    init(_ entry: FeedEntry, releaseID: String, at date: Date) {
        self.init(
            releaseID: releaseID, albumKey: entry.key, dismissedAt: date.timeIntervalSince1970, title: entry.title,
            artistName: entry.artist, artworkURL: entry.artworkURL, recordingType: entry.type, releaseDate: entry.releaseDate)
    }

    /// "Artist — Title", or for a legacy row the label rebuilt by splitting its key.
    var label: String {
        if let title, let artistName { return "\(artistName) — \(title)" }
        return "\(albumKey.artist) — \(albumKey.title) (rebuilt from key)"
    }
}
