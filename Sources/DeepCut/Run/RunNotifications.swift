import DeepCutCore
import DeepCutNotify
import DeepCutPublish
import DeepCutState
import Foundation

/// The notify step of a run, after the snapshot is published: the digest of what this run learned,
/// delivered to every configured channel through the ledger. Never from a failed run; a partial
/// run tells only what it definitely learned (the digest leaves stale entries and unchecked
/// artists out). Whatever a channel does, the run's status and exit code stay the sweep's.
struct RunNotifications: Sendable {
    let routes: [Notifier.Route]
    let store: StateStore
    let pageURL: URL?
    let now: @Sendable () -> Date
    let log: EventLog

    /// The page's address when the output folder is served (`publish.baseURL`).
    static func pageURL(baseURL: URL?) -> URL? {
        baseURL?.appendingPathComponent(OutputFolder.pageName)
    }

    /// - Parameter snapshot: the published snapshot, whose sources tell each item where it can be heard.
    func notifier(for snapshot: Snapshot) -> Notifier {
        Notifier(routes: routes, store: store, pageURL: pageURL, now: now, answers: snapshot.answers)
    }

    /// The digest of a published snapshot against the baseline it was measured from.
    static func digest(of snapshot: Snapshot, baseline: Snapshot?, today: Int) -> Digest {
        Digest.of(
            runID: snapshot.runID.rawValue, provider: snapshot.provider, changes: snapshot.changes, upcoming: snapshot.upcoming ?? [],
            baseline: baseline.map { $0.entries + ($0.upcoming ?? []) }, today: today)
    }

    /// Delivers the snapshot's news; nil when no channel is configured.
    /// - Parameter startedAt: the run's start: what the state saw before it is not news (`NewsHistory`).
    func deliver(_ snapshot: Snapshot, baseline: Snapshot?, today: Int, startedAt: Date) async -> [ChannelDelivery]? {
        guard !routes.isEmpty else { return nil }
        let shown = Set(snapshot.entries.map(\.id) + (snapshot.upcoming ?? []).map(\.id))
        var digest = Self.digest(of: snapshot, baseline: baseline, today: today)
        do {
            let (items, provider) = (digest.items, snapshot.provider)
            digest.items = try await store.perform { store in
                try items.filter { try store.news.isNews($0, provider: provider, runStartedAt: startedAt) }
            }
        } catch {
            // Without the history nothing can be told honestly: tell nothing new in this run; what is owed still goes.
            log.warning("notify.historyUnreadable", ["held_back": digest.items.count, "message": "\(error)"])
            digest.items = []
        }
        return await notifier(for: snapshot).deliver(digest, shown: shown)
    }

    /// An `--if-stale` skip has no news, but what a channel is owed (a refused delivery) goes out:
    /// nil when no channel is configured or nothing is owed anywhere, so the last run's report stands.
    func retryOwed(shown snapshot: Snapshot) async -> [ChannelDelivery]? {
        guard !routes.isEmpty else { return nil }
        let names = routes.map(\.channel.name)
        let owed = await store.perform { store in
            names.contains { name in
                // An unreadable ledger is the notifier's to report, so it runs then.
                (try? store.deliveries.isOwed(channel: name)) ?? true
            }
        }
        guard owed else { return nil }
        let shown = Set(snapshot.entries.map(\.id) + (snapshot.upcoming ?? []).map(\.id))
        return await notifier(for: snapshot).deliver(Digest(runID: snapshot.runID.rawValue, items: []), shown: shown)
    }

    /// A run that published nothing sends nothing: each channel's standing as the ledger has it.
    func notAttempted() async -> [ChannelDelivery]? {
        guard !routes.isEmpty else { return nil }
        let routes = routes
        return await store.perform { store in
            routes.map { route in
                do {
                    return try store.deliveries.standing(channel: route.channel.name, type: route.type, outcome: .notAttempted, sent: 0)
                } catch {
                    return ChannelDelivery(
                        channel: route.channel.name, type: route.type, outcome: .notAttempted, lastErrorKind: "ledger",
                        lastError: "cannot read deliveries: \(error)")
                }
            }
        }
    }
}
