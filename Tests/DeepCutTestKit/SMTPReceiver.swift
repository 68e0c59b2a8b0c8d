import Foundation

/// A loopback SMTP relay (Tests/Servers/smtp_server.py): STARTTLS or implicit TLS with a fresh
/// self-signed certificate (`caFile`, for the client's CA option), AUTH PLAIN/LOGIN against one
/// username and password, every accepted message recorded.
///
///     let relay = try await SMTPReceiver(username: "me", password: "pw")  // smtp:// + STARTTLS
///     relay.url, relay.caFile
///     ... send ...
///     let message = try #require(relay.messages().first)  // .mailFrom, .recipients, .data, .tls
///     try relay.setMode(.rejectRecipient)                // 550 to RCPT from the next session
///     try await SMTPReceiver(security: .plain)                   // offers no STARTTLS: "TLS refused"
package final class SMTPReceiver: Sendable {
    package enum Security: String, Sendable {
        /// `smtp://`, offers STARTTLS and AUTH only after it.
        case startTLS = "starttls"
        /// `smtps://`, TLS from the first byte.
        case implicitTLS = "implicit"
        /// `smtp://` without STARTTLS (and AUTH in the clear): a client that requires TLS must refuse.
        case plain
    }

    package enum Mode: Sendable {
        case accept
        case rejectRecipient
        case rejectMessage
        /// Waits this long before the greeting.
        case slow(seconds: Int)
        /// Records the message, then never answers again (not DATA's end, not QUIT).
        case stallAfterData

        var text: String {
            switch self {
            case .accept: "accept"
            case .rejectRecipient: "reject-recipient"
            case .rejectMessage: "reject-message"
            case .slow(let seconds): "slow \(seconds)"
            case .stallAfterData: "stall-after-data"
            }
        }
    }

    /// One accepted message.
    package struct Message: Sendable, Decodable {
        package var mailFrom: String
        package var recipients: [String]
        /// The message as uploaded (dot-stuffing undone).
        package var data: String
        /// Who logged in, if anyone.
        package var user: String?
        /// Whether the session was encrypted when the message came.
        package var tls: Bool
    }

    package let security: Security
    private let server: LoopbackServerProcess

    package init(security: Security = .startTLS, username: String? = nil, password: String? = nil, mode: Mode = .accept) async throws {
        self.security = security
        var arguments = ["--security", security.rawValue]
        if let username, let password { arguments += ["--user", username, "--password", password] }
        server = try await LoopbackServerProcess(script: "smtp_server.py", arguments: arguments)
        if case .accept = mode {} else { try setMode(mode) }
    }

    package var port: Int { server.port }
    /// `smtp://localhost:PORT` or `smtps://localhost:PORT` (the certificate names localhost).
    package var url: URL { URL(string: "\(security == .implicitTLS ? "smtps" : "smtp")://localhost:\(server.port)")! }
    /// The server's self-signed certificate, to verify it against.
    package var caFile: URL { server.folder.url.appendingPathComponent("cert.pem") }

    package func setMode(_ mode: Mode) throws { try server.setMode(mode.text) }

    package func messages() throws -> [Message] { try server.records("messages.jsonl", as: Message.self) }
}
