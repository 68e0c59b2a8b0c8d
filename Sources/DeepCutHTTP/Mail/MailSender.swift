import Foundation

/// The mail edge, as `HTTPClient` is the web's: the email channel hands a finished message to it,
/// tests can replace it, production uses `CurlMailer`.
package protocol MailSender: Sendable {
    /// Returns once the relay accepted the message for every recipient; throws when it did not.
    func send(_ mail: MailEnvelope) async throws(MailError)
}

/// One message for one SMTP relay: where, as whom, to whom, and the RFC 5322 text itself.
///
/// Prints without the password (and without the message), so no interpolation leaks either.
package struct MailEnvelope: Sendable, CustomStringConvertible {
    /// `smtp://host:587` (STARTTLS required) or `smtps://host:465` (TLS from the first byte).
    package var server: URL
    package var username: String?
    /// Only libcurl's `CURLOPT_PASSWORD` reads it.
    package var password: String?
    /// The envelope sender (`MAIL FROM`), a bare address.
    package var from: String
    /// The envelope recipients (`RCPT TO`), bare addresses.
    package var recipients: [String]
    /// The whole message, headers and body, lines ended by CRLF.
    package var message: Data
    /// The total deadline: connect, TLS, AUTH and upload.
    package var timeoutMilliseconds: Int
    /// A CA bundle to verify the relay against instead of the system's (a private relay, a test).
    package var caFile: URL?
    /// False only for a loopback relay without credentials (`tls: "none"`): no STARTTLS is asked.
    package var requireTLS: Bool

    package init(
        server: URL, username: String? = nil, password: String? = nil, from: String, recipients: [String], message: Data,
        timeoutMilliseconds: Int, caFile: URL? = nil, requireTLS: Bool = true
    ) {
        self.requireTLS = requireTLS
        self.server = server
        self.username = username
        self.password = password
        self.from = from
        self.recipients = recipients
        self.message = message
        self.timeoutMilliseconds = max(1, timeoutMilliseconds)
        self.caFile = caFile
    }

    /// `smtp://host:port`, never a user, a password or a recipient.
    package var origin: String { Self.origin(of: server) }

    /// A relay URL's `smtp://host:port`, the scheme's default port made explicit.
    package static func origin(of server: URL) -> String {
        if server.isFileURL { return "sendmail at \(server.path)" }
        let scheme = server.scheme?.lowercased() ?? "?"
        let port = server.port ?? (scheme == "smtps" ? 465 : 587)
        return "\(scheme)://\(server.host?.lowercased() ?? "?"):\(port)"
    }

    package var description: String { "mail to \(recipients.count) recipient(s) via \(origin)" }
}

/// Why a relay did not take a message. The message names the relay's origin and the SMTP reply
/// code where there was one, never a credential or an address.
package struct MailError: Error, Sendable, Hashable, CustomStringConvertible {
    package enum Kind: Sendable, Hashable {
        /// Nothing listened at the relay's port.
        case refused
        case hostNotFound
        /// TLS failed, or the relay did not offer the required STARTTLS.
        case tls
        /// AUTH refused (535) or no mechanism in common.
        case unauthorized
        /// The relay refused the sender, a recipient or the message (`replyCode` set).
        case rejected
        case timeout
        case cancelled
        /// Anything else: reset, a reply the client could not read.
        case transport
    }

    package var kind: Kind
    package var replyCode: Int?
    package var message: String

    package init(_ kind: Kind, replyCode: Int? = nil, _ message: String) {
        self.kind = kind
        self.replyCode = replyCode
        self.message = message
    }

    package var description: String { message }
}
