import Foundation

/// How one notification channel stands after a run: what this run did there and the last delivery
/// the ledger remembers. Health, the page and the metrics show it; it never changes an exit code.
package struct ChannelDelivery: Sendable, Hashable, Codable {
    /// What this run did on the channel.
    package enum Outcome: String, Sendable, Hashable, Codable {
        /// A message with `sent` items was accepted.
        case delivered
        /// The message was not accepted; its items stay pending for the next run.
        case failed
        /// Nothing new for this channel.
        case nothingToSend
        /// The run published nothing (failed) or did not get to the channel.
        case notAttempted
    }

    package var channel: String
    /// `webhook`, `ntfy`, `apprise`, `email`, …
    package var type: String
    package var outcome: Outcome
    /// Items accepted by the channel in this run.
    package var sent: Int
    /// Items still owed to the channel after this run (failed deliveries are retried next run).
    package var pending: Int
    /// Items left `sending` by an interrupted run: maybe delivered, never sent again (no duplicates).
    package var unconfirmed: Int
    /// Items the channel refused even sent alone (too large for it: 400, 413, 414, 431), given up
    /// for this channel so they never hold back the rest; absent when none ever was.
    package var refused: Int?
    package var lastAttemptAt: Date?
    package var lastSuccessAt: Date?
    /// The last attempt's failure, when it failed: a kind (`rejected`, `timeout`, …) and a message
    /// naming the host and status, never a credential.
    package var lastErrorKind: String?
    package var lastError: String?
    package var consecutiveFailures: Int

    package init(
        channel: String, type: String, outcome: Outcome, sent: Int = 0, pending: Int = 0, unconfirmed: Int = 0,
        lastAttemptAt: Date? = nil, lastSuccessAt: Date? = nil, lastErrorKind: String? = nil, lastError: String? = nil,
        consecutiveFailures: Int = 0
    ) {
        self.channel = channel
        self.type = type
        self.outcome = outcome
        self.sent = sent
        self.pending = pending
        self.unconfirmed = unconfirmed
        self.lastAttemptAt = lastAttemptAt
        self.lastSuccessAt = lastSuccessAt
        self.lastErrorKind = lastErrorKind
        self.lastError = lastError
        self.consecutiveFailures = consecutiveFailures
    }
}
