import DeepCutCore
import DeepCutState
import Foundation

/// Delivers a run's digest to every channel, once per item and channel, through the ledger.
///
/// Per channel: items left `sending` by an interrupted run become `unconfirmed` (never re-sent);
/// the digest's items that pass the channel's filter are queued; everything owed (this run's and
/// earlier failed ones still shown) goes out as one message, recorded `sending` first and `sent`
/// or owed again after; a message refused for its size is split (`send`). Channels run concurrently and a failing one affects only itself: it never
/// fails the sweep or changes its exit code.
package struct Notifier: Sendable {
    /// One channel with its filter.
    package struct Route: Sendable {
        package var channel: any NotificationChannel
        /// The channel's `type` as health shows it (`ntfy`).
        package var type: String
        /// Whether the channel wants this item (its `filter`).
        package var admits: @Sendable (Digest.Item) -> Bool

        package init(channel: any NotificationChannel, type: String, admits: @escaping @Sendable (Digest.Item) -> Bool) {
            self.channel = channel
            self.type = type
            self.admits = admits
        }
    }

    /// How long an item stays owed to a channel that keeps failing: after a week a "new release"
    /// is no longer news, and the page has shown it all along.
    package static let expiry: TimeInterval = 7 * 86_400

    let routes: [Route]
    /// Holds the delivery ledger (`deliveries`).
    let store: StateStore
    let pageURL: URL?
    let now: @Sendable () -> Date
    /// Which sources answered in the run, so each item can say where it can be heard (several catalogs).
    let answers: SourceAnswers

    package init(
        routes: [Route], store: StateStore, pageURL: URL?, now: @escaping @Sendable () -> Date, answers: SourceAnswers = .none
    ) {
        self.routes = routes
        self.store = store
        self.pageURL = pageURL
        self.now = now
        self.answers = answers
    }

    /// - Parameters:
    ///   - digest: this run's news.
    ///   - shown: release ids in this run's published lists (feed and upcoming, stale entries included):
    ///     an owed item whose release left them (dismissed, owned, muted, withdrawn) is not sent.
    /// - Returns: each channel's standing, in configuration order.
    package func deliver(_ digest: Digest, shown: Set<String>) async -> [ChannelDelivery] {
        await withTaskGroup(of: (Int, ChannelDelivery).self) { group in
            for (index, route) in routes.enumerated() {
                group.addTask { (index, await deliver(digest, shown: shown, to: route)) }
            }
            var standings: [(Int, ChannelDelivery)] = []
            for await standing in group { standings.append(standing) }
            return standings.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }

    /// What the next run would send each channel: what is owed, then this digest's items the channel
    /// has no record of. Reads the ledger only.
    package func preview(_ digest: Digest) async throws -> [(channel: String, items: [Digest.Item])] {
        let routes = routes
        return try await store.perform { store in
            try routes.map { route in
                let recorded = try store.deliveries.states(channel: route.channel.name)
                let new = digest.items.filter { route.admits($0) && recorded[$0.dedupeKey] == nil }
                return (route.channel.name, try store.deliveries.pending(channel: route.channel.name) + new)
            }
        }
    }

    private func deliver(_ digest: Digest, shown: Set<String>, to route: Route) async -> ChannelDelivery {
        let name = route.channel.name
        do {
            let started = now()
            let (items, runID, problem) = (digest.items.filter(route.admits), digest.runID, route.channel.setupProblem)
            // Either what is owed, or the channel's standing when nothing goes out.
            let owed = try await store.perform { store -> (items: [Digest.Item], standing: ChannelDelivery?) in
                try store.deliveries.reconcileInterrupted(channel: name, at: started)
                try store.deliveries.enqueue(items, channel: name, runID: runID, at: started)
                // A channel that cannot work shows failing every run, news or not; its items wait for the fix.
                if let problem {
                    try store.deliveries.markFailed(
                        [], channel: name, errorKind: problem.kind.rawValue, error: problem.message, at: started)
                    return ([], try store.deliveries.standing(channel: name, type: route.type, outcome: .failed, sent: 0))
                }
                let owed = try store.deliveries.owed(
                    channel: name, queuedAfter: started.addingTimeInterval(-Self.expiry),
                    stillShown: { shown.contains($0.entry.id) }, at: started)
                guard !owed.isEmpty else {
                    return ([], try store.deliveries.standing(channel: name, type: route.type, outcome: .nothingToSend, sent: 0))
                }
                return (owed, nil)
            }
            if let standing = owed.standing { return standing }
            return try await send(owed.items, digest: digest, to: route)
        } catch {
            // The ledger itself failed (disk full, locked past the timeout): nothing more is sent to
            // this channel in this run; the items stay as recorded and the report says why.
            return ChannelDelivery(
                channel: name, type: route.type, outcome: .failed, lastAttemptAt: now(), lastErrorKind: "ledger",
                lastError: "cannot record deliveries: \(error)")
        }
    }

    /// Statuses that name the request itself (malformed, too large, URI or headers too long): the
    /// same items in smaller messages may pass, so they are retried in halves, never as a whole.
    static let sizeRefusals: Set<Int> = [400, 413, 414, 431]

    /// Sends what is owed as one message, or, when the channel refuses it for its size, in halves
    /// until each part passes or holds one item the channel refuses alone (`refused`, given up for
    /// this channel). Each message is recorded `sending` before it goes out. Another failure stops
    /// the channel for this run: that message's items and the parts not yet sent stay owed. A run
    /// stopped (SIGTERM, SIGINT) while a message is out records it `unconfirmed`: it may have
    /// arrived, so it is never sent again on its own; parts not yet sent stay owed.
    private func send(_ owed: [Digest.Item], digest: Digest, to route: Route) async throws -> ChannelDelivery {
        let name = route.channel.name
        var parts = [owed[...]]
        var sent = 0
        var failed = false
        while let part = parts.first, !Task.isCancelled {
            parts.removeFirst()
            let keys = part.map(\.dedupeKey)
            let message = DigestMessage(
                runID: digest.runID, items: part.map(\.fitted), dedupeKey: Self.messageKey(channel: name, items: keys), pageURL: pageURL,
                answers: answers)
            try await store.perform { try $0.deliveries.markSending(keys, channel: name, at: now()) }
            do {
                try await route.channel.deliver(message)
            } catch {
                if Task.isCancelled {
                    try await store.perform { try $0.deliveries.markUnconfirmed(keys, channel: name, at: now()) }
                    break
                }
                if let status = error.status, Self.sizeRefusals.contains(status), error.kind == .rejected {
                    if part.count > 1 {
                        try await store.perform { try $0.deliveries.markRequeued(keys, channel: name, at: now()) }
                        let middle = part.startIndex + part.count / 2
                        parts.insert(contentsOf: [part[..<middle], part[middle...]], at: 0)
                    } else {
                        let (kind, message) = (error.kind.rawValue, error.message)
                        try await store.perform {
                            try $0.deliveries.markRefused(
                                keys[0], channel: name, errorKind: kind,
                                error: "\(message); one item refused even alone, given up for this channel", at: now())
                        }
                    }
                    continue
                }
                let (kind, message) = (error.kind.rawValue, error.message)
                try await store.perform { try $0.deliveries.markFailed(keys, channel: name, errorKind: kind, error: message, at: now()) }
                failed = true
                break
            }
            try await store.perform { try $0.deliveries.markSent(keys, channel: name, at: now()) }
            sent += keys.count
        }
        let outcome: ChannelDelivery.Outcome = failed ? .failed : sent > 0 ? .delivered : Task.isCancelled ? .notAttempted : .failed
        let type = route.type
        return try await store.perform { [sent] in try $0.deliveries.standing(channel: name, type: type, outcome: outcome, sent: sent) }
    }

    /// A message's stable id: the same channel and items give the same key, so a retried message
    /// carries the id of the first try and a receiver that saw it can drop the repeat.
    static func messageKey(channel: String, items: [String]) -> String {
        let digest = SHA256.hash(Array(([channel] + items.sorted()).joined(separator: "\n").utf8))
        return "deepcut-" + SHA256.hex(Array(digest.prefix(8)))
    }
}
