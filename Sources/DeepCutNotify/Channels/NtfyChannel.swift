import DeepCutConfig
import Foundation

/// `ntfy`: the digest POSTed to the topic's URL as a Markdown body, with `Title`, `Tags`, `Click`,
/// `Priority` and `Markdown: yes` headers (ntfy's publish API) and a Bearer token when configured.
struct NtfyChannel: NotificationChannel, CustomStringConvertible {
    /// ntfy turns a longer body into an attachment: the digest is shortened to fit.
    static let bodyLimit = 4_096

    let name: String
    /// The topic's URL; the topic is a secret on a public server, so no message names its path.
    let url: URL
    let token: Secret?
    let tags: [String]
    let priority: Int?
    let delivery: HTTPDelivery

    var description: String { "ntfy channel '\(name)' at \(url.deliveryOrigin)" }

    /// The Markdown body, with as many items as fit in `bodyLimit` bytes.
    static func body(_ message: DigestMessage) -> (text: DigestText, body: String) {
        var lines = DigestText.defaultMaximumLines
        while true {
            let text = DigestText(message, maximumLines: lines)
            let body = text.markdown
            if body.utf8.count <= bodyLimit || lines == 1 { return (text, body) }
            lines = max(1, lines / 2)
        }
    }

    /// Where a tap on the notification goes: the release for a single item, else the page, else
    /// the first release.
    static func click(_ message: DigestMessage) -> URL? {
        if message.items.count == 1, let link = message.items.first.flatMap(DigestText.link) { return link }
        return message.pageURL ?? message.items.lazy.compactMap(DigestText.link).first
    }

    func headers(_ message: DigestMessage, title: String) -> [String: String] {
        var headers = [
            "Content-Type": "text/markdown; charset=utf-8", "Markdown": "yes", "Title": EncodedWord.encode(title)
        ]
        if !tags.isEmpty { headers["Tags"] = EncodedWord.encode(tags.joined(separator: ",")) }
        if let priority { headers["Priority"] = String(priority) }
        if let click = Self.click(message) { headers["Click"] = click.absoluteString }
        if let token { headers["Authorization"] = "Bearer \(token.value)" }
        return headers
    }

    func deliver(_ message: DigestMessage) async throws(DeliveryError) {
        let (text, body) = Self.body(message)
        try await delivery.post(url, headers: headers(message, title: text.title), body: Data(body.utf8))
    }
}
