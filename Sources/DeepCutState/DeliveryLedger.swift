import DeepCutCore
import DeepCutSQLite
import Foundation

/// What was told to whom: one row per digest item and channel, keyed by the item's dedupe key, so
/// every item reaches every channel once, as far as the network allows.
///
/// An item's life: `pending` (queued, owed) → `sending` (recorded before the message goes out) →
/// `sent`; a failed delivery puts it back to `pending` for the next run. A row still `sending` when
/// a run starts was left by a run that stopped between sending and recording: it may have arrived,
/// so it becomes `unconfirmed` and is never sent again; a run stopped by SIGTERM or SIGINT while a
/// message was out records its items `unconfirmed` itself. `deepcut notify --resend` puts
/// unconfirmed items back to `pending`, the operator's choice. A pending item owed for longer than
/// `expiry`, or whose release left the published lists, is given up (`expired`, `dropped`); one
/// the channel refused even alone (too large for it) is `refused`, so it never holds back the rest.
package struct DeliveryLedger {
    package enum State: String, Sendable, CaseIterable, DatabaseValueConvertible {
        case pending, sending, sent, unconfirmed, expired, dropped, refused
    }

    let database: Database

    /// Queues items not yet known for `channel`; items already queued, sent or given up keep their row.
    /// - Returns: how many were new.
    @discardableResult
    package func enqueue(_ items: [Digest.Item], channel: String, runID: String, at date: Date) throws -> Int {
        guard !items.isEmpty else { return 0 }
        let encoder = JSONEncoder()
        return try database.transaction { connection in
            var queued = 0
            for (position, item) in items.enumerated() {
                queued += try connection.execute(
                    """
                    INSERT OR IGNORE INTO deliveries
                        (channel, dedupe_key, event, entry, state, queued_at, position, run_id, updated_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                    [
                        channel, item.dedupeKey, item.event.rawValue, try encoder.encode(item.entry), State.pending, date, position,
                        runID, date
                    ])
            }
            return queued
        }
    }

    /// Rows an earlier run left `sending` become `unconfirmed`: that run stopped after the message
    /// may have gone out and before its answer was recorded, and sending it again could tell it twice.
    /// - Returns: how many.
    @discardableResult
    package func reconcileInterrupted(channel: String, at date: Date) throws -> Int {
        try database.withConnection { connection in
            try connection.execute(
                "UPDATE deliveries SET state = ?, updated_at = ? WHERE channel = ? AND state = ?",
                [State.unconfirmed, date, channel, State.sending])
        }
    }

    /// Gives up pending items queued before `cutoff` (`expired`) and those `stillShown` rejects (`dropped`:
    /// dismissed, owned or withdrawn since), then returns what is still owed in the order it was
    /// queued: by run, then as the digest listed it.
    package func owed(
        channel: String, queuedAfter cutoff: Date, stillShown: (Digest.Item) -> Bool, at date: Date
    ) throws -> [Digest.Item] {
        try database.transaction { connection in
            try connection.execute(
                "UPDATE deliveries SET state = ?, updated_at = ? WHERE channel = ? AND state = ? AND queued_at < ?",
                [State.expired, date, channel, State.pending, cutoff])
            var owed: [Digest.Item] = []
            for item in try Self.pending(channel: channel, in: connection) {
                if stillShown(item) {
                    owed.append(item)
                } else {
                    try connection.execute(
                        "UPDATE deliveries SET state = ?, updated_at = ? WHERE channel = ? AND dedupe_key = ?",
                        [State.dropped, date, channel, item.dedupeKey])
                }
            }
            return owed
        }
    }

    /// What is pending for `channel`, in the order it was queued, changing nothing (`notify --dry-run`).
    package func pending(channel: String) throws -> [Digest.Item] {
        try database.withConnection { connection in try Self.pending(channel: channel, in: connection) }
    }

    private static func pending(channel: String, in connection: Connection) throws -> [Digest.Item] {
        let decoder = JSONDecoder()
        return try connection.query(
            "SELECT dedupe_key, event, entry FROM deliveries WHERE channel = ? AND state = ? ORDER BY queued_at, position",
            [channel, State.pending]
        ) { row -> Digest.Item? in
            // A row this version cannot read (an event a newer deepcut wrote) is left for it.
            guard let event = Digest.Item.Event(rawValue: try row.get(1, as: String.self)) else { return nil }
            let entry = try decoder.decode(FeedEntry.self, from: try row.get(2, as: Data.self))
            return Digest.Item(event: event, dedupeKey: try row.get(0), entry: entry)
        }.compactMap { $0 }
    }

    /// Records that a message with these items is about to go out: done before sending, so a crash
    /// mid-send leaves them `sending`, never `pending` (which would send them again).
    package func markSending(_ keys: [String], channel: String, at date: Date) throws {
        try move(keys, channel: channel, to: .sending, at: date, countingAttempt: true)
    }

    /// The message was out when the run was stopped (SIGTERM, SIGINT): it may have arrived, so,
    /// as after a crash, its items are never sent again on their own.
    package func markUnconfirmed(_ keys: [String], channel: String, at date: Date) throws {
        try move(keys, channel: channel, to: .unconfirmed, at: date, countingAttempt: false)
    }

    /// Items of a message too large for the channel go back to `pending`, to be sent in smaller
    /// messages in the same run; no failure is recorded for the channel.
    package func markRequeued(_ keys: [String], channel: String, at date: Date) throws {
        try move(keys, channel: channel, to: .pending, at: date, countingAttempt: false)
    }

    /// The channel refused an item sent alone with a status that names the request (too large):
    /// it is given up for this channel and the refusal kept as the channel's last error.
    package func markRefused(_ key: String, channel: String, errorKind: String, error: String, at date: Date) throws {
        try database.transaction { connection in
            try Self.move([key], channel: channel, to: .refused, at: date, countingAttempt: false, in: connection)
            try connection.execute(
                """
                INSERT INTO channel_status (channel, last_attempt_at, last_error_kind, last_error) VALUES (?, ?, ?, ?)
                ON CONFLICT (channel) DO UPDATE SET last_attempt_at = excluded.last_attempt_at,
                    last_error_kind = excluded.last_error_kind, last_error = excluded.last_error
                """, [channel, date, errorKind, error])
        }
    }

    /// `deepcut notify --resend`: unconfirmed items (a run stopped while they were out) are owed
    /// again, requeued now so the week's expiry counts from the operator's choice.
    /// - Parameter channel: one channel, or every channel when nil.
    /// - Returns: how many items, per channel.
    package func requeueUnconfirmed(channel: String?, at date: Date) throws -> [String: Int] {
        try database.transaction { connection in
            let rows = try connection.query(
                "SELECT channel, COUNT(*) FROM deliveries WHERE state = ? AND (? IS NULL OR channel = ?) GROUP BY channel",
                [State.unconfirmed, channel, channel]
            ) { (try $0.get(0, as: String.self), try $0.get(1, as: Int.self)) }
            try connection.execute(
                "UPDATE deliveries SET state = ?, queued_at = ?, updated_at = ? WHERE state = ? AND (? IS NULL OR channel = ?)",
                [State.pending, date, date, State.unconfirmed, channel, channel])
            return Dictionary(uniqueKeysWithValues: rows)
        }
    }

    /// The channel accepted the message.
    package func markSent(_ keys: [String], channel: String, at date: Date) throws {
        try database.transaction { connection in
            try Self.move(keys, channel: channel, to: .sent, at: date, countingAttempt: false, in: connection)
            try connection.execute(
                """
                INSERT INTO channel_status (channel, last_attempt_at, last_success_at, consecutive_failures) VALUES (?, ?, ?, 0)
                ON CONFLICT (channel) DO UPDATE SET last_attempt_at = excluded.last_attempt_at,
                    last_success_at = excluded.last_success_at, last_error_kind = NULL, last_error = NULL, consecutive_failures = 0
                """, [channel, date, date])
        }
    }

    /// The channel did not accept the message: its items are owed again, and the error is kept.
    package func markFailed(_ keys: [String], channel: String, errorKind: String, error: String, at date: Date) throws {
        try database.transaction { connection in
            try Self.move(keys, channel: channel, to: .pending, at: date, countingAttempt: false, in: connection)
            try connection.execute(
                """
                INSERT INTO channel_status (channel, last_attempt_at, last_error_kind, last_error, consecutive_failures)
                VALUES (?, ?, ?, ?, 1)
                ON CONFLICT (channel) DO UPDATE SET last_attempt_at = excluded.last_attempt_at,
                    last_error_kind = excluded.last_error_kind, last_error = excluded.last_error,
                    consecutive_failures = consecutive_failures + 1
                """, [channel, date, errorKind, error])
        }
    }

    /// The channel's standing: counts by state and its last attempt, for health, page and metrics.
    package func standing(channel: String, type: String, outcome: ChannelDelivery.Outcome, sent: Int) throws -> ChannelDelivery {
        try database.withConnection { connection in
            let counts = Dictionary(
                uniqueKeysWithValues: try connection.query(
                    "SELECT state, COUNT(*) FROM deliveries WHERE channel = ? GROUP BY state", [channel]
                ) { (try $0.get(0, as: String.self), try $0.get(1, as: Int.self)) })
            var standing = ChannelDelivery(
                channel: channel, type: type, outcome: outcome, sent: sent,
                pending: counts[State.pending.rawValue, default: 0] + counts[State.sending.rawValue, default: 0],
                unconfirmed: counts[State.unconfirmed.rawValue, default: 0])
            standing.refused = counts[State.refused.rawValue]
            let last = try connection.query(
                """
                SELECT last_attempt_at, last_success_at, last_error_kind, last_error, consecutive_failures
                FROM channel_status WHERE channel = ?
                """, [channel]
            ) { row in
                (
                    attempt: try row.get(0, as: Date?.self), success: try row.get(1, as: Date?.self),
                    kind: try row.get(2, as: String?.self), error: try row.get(3, as: String?.self),
                    failures: try row.get(4, as: Int.self)
                )
            }.first
            if let last {
                standing.lastAttemptAt = last.attempt
                standing.lastSuccessAt = last.success
                standing.lastErrorKind = last.kind
                standing.lastError = last.error
                standing.consecutiveFailures = last.failures
            }
            return standing
        }
    }

    /// Whether anything is still owed to `channel` (pending).
    package func isOwed(channel: String) throws -> Bool {
        try database.withConnection { connection in
            try !connection.query(
                "SELECT 1 FROM deliveries WHERE channel = ? AND state = ? LIMIT 1", [channel, State.pending]
            ) { _ in true }.isEmpty
        }
    }

    /// The state each of these items has on `channel` (absent: never queued there). For tests and `notify --dry-run`.
    package func states(channel: String) throws -> [String: State] {
        try database.withConnection { connection in
            Dictionary(
                uniqueKeysWithValues: try connection.query(
                    "SELECT dedupe_key, state FROM deliveries WHERE channel = ?", [channel]
                ) { (try $0.get(0, as: String.self), try $0.get(1, as: State.self)) })
        }
    }

    private func move(_ keys: [String], channel: String, to state: State, at date: Date, countingAttempt: Bool) throws {
        try database.transaction { connection in
            try Self.move(keys, channel: channel, to: state, at: date, countingAttempt: countingAttempt, in: connection)
        }
    }

    private static func move(
        _ keys: [String], channel: String, to state: State, at date: Date, countingAttempt: Bool, in connection: Connection
    ) throws {
        let statement = try connection.prepare(
            "UPDATE deliveries SET state = ?, updated_at = ?, attempts = attempts + ? WHERE channel = ? AND dedupe_key = ?")
        for key in keys {
            try statement.reset()
            try statement.bind([state, date, countingAttempt ? 1 : 0, channel, key])
            while try statement.step() {}
        }
    }
}
