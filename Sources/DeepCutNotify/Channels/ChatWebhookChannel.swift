import DeepCutCore
import Foundation

/// `discord` and `slack`: their incoming webhooks' JSON, the digest as one chat message.
struct ChatWebhookChannel: NotificationChannel, CustomStringConvertible {
    enum Style: Sendable {
        case discord
        case slack
    }

    /// Discord refuses `content` past 2,000 characters.
    static let discordLimit = 2_000

    let name: String
    let style: Style
    /// Holds the webhook's token: never in a message (`HTTPDelivery` names its origin only).
    let url: URL
    let delivery: HTTPDelivery

    var description: String { "\(delivery.service) channel '\(name)' at \(url.deliveryOrigin)" }

    struct DiscordPayload: Encodable {
        struct AllowedMentions: Encodable {
            var parse: [String] = []
        }

        var username = "deepcut"
        var content: String
        /// No `@everyone` or role ping, whatever a release title says.
        var allowedMentions = AllowedMentions()

        enum CodingKeys: String, CodingKey {
            case username, content
            case allowedMentions = "allowed_mentions"
        }
    }

    struct SlackPayload: Encodable {
        var text: String
    }

    /// Slack truncates `text` past 40,000 characters and advises at most 4,000 per message.
    static let slackLimit = 4_000

    /// Discord: Markdown, shortened until it fits the limit.
    static func discordContent(_ message: DigestMessage) -> String {
        DigestText.fitting(message, limit: discordLimit, measure: .characters) { text in
            "**\(DigestText.markdownEscaped(text.title))**\n" + text.markdown
        }.body
    }

    /// Slack's mrkdwn, shortened until it fits `slackLimit`.
    static func slackText(_ message: DigestMessage) -> String {
        DigestText.fitting(message, limit: slackLimit, measure: .characters, render: slackText).body
    }

    /// Slack's mrkdwn: `&`, `<` and `>` escaped, links as `<url|text>`.
    static func slackText(_ text: DigestText) -> String {
        let message = text.message
        var lines = ["*\(slackEscaped(text.title))*"]
        for item in text.shown.items {
            let title =
                DigestText.link(item).map { "<\($0.absoluteString)|\(slackEscaped(item.entry.title))>" } ?? slackEscaped(item.entry.title)
            lines.append(
                "• \(slackEscaped(DigestText.eventLabel(item))): *\(slackEscaped(item.entry.artist))* — \(title)"
                    + " (\(item.entry.typeText), \(item.entry.releaseDate))")
        }
        let page = message.pageURL.map { "<\($0.absoluteString)|all releases>" }
        if text.shown.omitted > 0 {
            lines.append("and \(text.shown.omitted) more" + (page.map { ": \($0)" } ?? ""))
        } else if let page {
            lines.append(page)
        }
        return lines.joined(separator: "\n")
    }

    static func slackEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(
            of: ">", with: "&gt;")
    }

    func deliver(_ message: DigestMessage) async throws(DeliveryError) {
        let body: Data
        switch style {
        case .discord: body = try JSONEncoder.payload(DiscordPayload(content: Self.discordContent(message)), service: "discord")
        case .slack: body = try JSONEncoder.payload(SlackPayload(text: Self.slackText(message)), service: "slack")
        }
        try await delivery.post(url, headers: ["Content-Type": "application/json"], body: body)
    }
}
