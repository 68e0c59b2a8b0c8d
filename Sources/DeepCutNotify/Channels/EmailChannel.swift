import DeepCutConfig
import DeepCutHTTP
import Foundation

/// `email`: the digest as a `MailMessage` (plain text and HTML), sent through a `MailSender` to
/// the configured relay over TLS.
struct EmailChannel: NotificationChannel, CustomStringConvertible {
    let name: String
    let settings: ChannelConfig.EmailSettings
    let password: Secret?
    let timeoutSeconds: Int
    let mailer: any MailSender
    let now: @Sendable () -> Date

    var description: String { "email channel '\(name)' via \(MailEnvelope.origin(of: server))" }

    /// The relay, or for sendmail the program's path (what messages name).
    var server: URL {
        switch settings.transport {
        case .smtp: settings.server ?? URL(fileURLWithPath: "/")
        case .sendmail(let path): path
        }
    }

    /// The Subject's text, at most: RFC 5322 folds longer lines, but clients and relays show or keep little more.
    static let subjectLimit = 250

    func message(_ message: DigestMessage) -> MailMessage {
        let text = DigestText(message)
        return MailMessage(
            from: settings.from, to: settings.to, displayNames: settings.displayNames,
            subject: TextCut.characters(text.title, Self.subjectLimit), date: now(),
            dedupeKey: message.dedupeKey, plain: text.plain,
            html: text.html)
    }

    func envelope(_ message: DigestMessage) -> MailEnvelope {
        MailEnvelope(
            server: server, username: settings.username, password: password?.value, from: settings.from, recipients: settings.to,
            message: self.message(message).rendered, timeoutMilliseconds: timeoutSeconds * 1000, caFile: settings.caFile,
            requireTLS: settings.transport != .smtp(requireTLS: false))
    }

    func deliver(_ message: DigestMessage) async throws(DeliveryError) {
        do {
            try await mailer.send(envelope(message))
        } catch {
            throw Self.failure(error)
        }
    }

    /// The mailer's message already names the relay's origin and the reply code, nothing else.
    static func failure(_ error: MailError) -> DeliveryError {
        let kind: DeliveryError.Kind =
            switch error.kind {
            case .refused, .hostNotFound: .unreachable
            case .tls: .tls
            case .unauthorized: .unauthorized
            case .rejected: .rejected
            case .timeout: .timeout
            case .cancelled, .transport: .transport
            }
        return DeliveryError(kind, status: error.replyCode, "email via \(error.message)")
    }
}
