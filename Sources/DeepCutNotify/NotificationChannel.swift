import DeepCutCore
import Foundation

/// One configured way to reach people (`notify[]` in the config): a webhook, ntfy, an Apprise API
/// server, email. It only sends; what to send and whether it was sent is the notifier's business.
package protocol NotificationChannel: Sendable {
    /// The channel's `name` in the config, as health, the page and `notify --test NAME` show it.
    var name: String { get }
    /// Sends one message. Returns once the server accepted it; throws when it did not or may not have.
    func deliver(_ message: DigestMessage) async throws(DeliveryError)
    /// Why this channel cannot deliver anything at all (its config is unusable); nil for a working one.
    var setupProblem: DeliveryError? { get }
}

extension NotificationChannel {
    package var setupProblem: DeliveryError? { nil }
}

/// One message to one channel: the digest items that pass its filters and are not yet delivered there.
package struct DigestMessage: Sendable, Hashable {
    package var runID: String
    package var items: [Digest.Item]
    /// Stable for this channel and these items: channels that take one send it (webhook
    /// `Idempotency-Key`, email `Message-ID`), so a receiver can drop a repeat.
    package var dedupeKey: String
    /// The page (`publish.baseURL` + `index.html`), when the output folder is served.
    package var pageURL: URL?
    /// `notify --test`: says it is a test, holds sample items.
    package var isTest: Bool
    /// Which sources answered in the run: an item's availability line reads its listings against them.
    package var answers: SourceAnswers

    package init(
        runID: String, items: [Digest.Item], dedupeKey: String, pageURL: URL? = nil, isTest: Bool = false,
        answers: SourceAnswers = .none
    ) {
        self.runID = runID
        self.items = items
        self.dedupeKey = dedupeKey
        self.pageURL = pageURL
        self.isTest = isTest
        self.answers = answers
    }

    /// Where the item's release can be heard; empty for a run with one catalog.
    package func availability(of item: Digest.Item) -> Availability {
        Availability(item.entry, answers: answers)
    }
}

/// Why a channel did not (or may not have) take a message. The message names the channel's host
/// and what happened, never a credential.
package struct DeliveryError: Error, Sendable, Hashable, CustomStringConvertible {
    package enum Kind: String, Sendable, Hashable, Codable {
        /// Nothing listened (connection refused, unknown host).
        case unreachable
        /// The server answered with a non-2xx status (`status` set), or the SMTP server refused.
        case rejected
        case timeout
        /// TLS could not be set up, or a required STARTTLS was not offered.
        case tls
        /// Credentials refused (401/403, SMTP 535).
        case unauthorized
        /// Anything else on the wire: reset, truncated.
        case transport
        /// The channel could not be built from the config (a secret missing or unreadable): nothing
        /// was sent; `deepcut check-config` names the problem, and owed items wait for the fix.
        case misconfigured
    }

    package var kind: Kind
    package var status: Int?
    package var message: String

    package init(_ kind: Kind, status: Int? = nil, _ message: String) {
        self.kind = kind
        self.status = status
        self.message = message
    }

    package var description: String { message }
}
