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

    /// The headers stay within 1 KB with room for `Tags` and the token (servers and proxies refuse
    /// large header blocks with 431): the title's text is cut to `titleBytes` of UTF-8 (at most
    /// about 260 bytes once encoded), a `Click` link longer than `clickBytes` is left out.
    static let titleBytes = 150
    static let clickBytes = 400

    /// The Markdown body, with as many items as fit in `bodyLimit` bytes, cut when one alone does not.
    static func body(_ message: DigestMessage) -> (text: DigestText, body: String) {
        DigestText.fitting(message, limit: bodyLimit) { $0.markdown }
    }

    /// Where a tap on the notification goes: the release for a single item, else the page, else
    /// the first release; none that is longer than `clickBytes`.
    static func click(_ message: DigestMessage) -> URL? {
        let short = { (url: URL) in url.absoluteString.utf8.count <= clickBytes }
        if message.items.count == 1, let link = message.items.first.flatMap(DigestText.link) { return short(link) ? link : nil }
        return (message.pageURL.flatMap { short($0) ? $0 : nil }) ?? message.items.lazy.compactMap(DigestText.link).first(where: short)
    }

    func headers(_ message: DigestMessage, title: String) -> [String: String] {
        var headers = [
            "Content-Type": "text/markdown; charset=utf-8", "Markdown": "yes",
            "Title": EncodedWord.encode(TextCut.utf8(title, Self.titleBytes))
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
