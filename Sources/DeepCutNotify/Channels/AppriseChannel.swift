import DeepCutConfig
import Foundation

/// `apprise`: the Apprise API server's JSON notify call, so every service Apprise knows is
/// reachable: `POST {url}/notify/{key}` for a configuration saved on the server, or the stateless
/// `POST {url}/notify` with the Apprise URLs (which hold the services' tokens) in `urls`.
struct AppriseChannel: NotificationChannel, CustomStringConvertible {
    struct Payload: Encodable {
        /// Stateless only: the Apprise URLs, space-separated.
        var urls: String?
        var title: String
        var body: String
        /// Apprise's notification type: `info` for news.
        var type = "info"
        var format = "markdown"
    }

    enum Target: Sendable {
        case key(String)
        case urls(Secret)
    }

    let name: String
    /// The Apprise API server's base URL.
    let url: URL
    let target: Target
    let delivery: HTTPDelivery

    var description: String { "apprise channel '\(name)' at \(url.deliveryOrigin)" }

    var endpoint: URL {
        switch target {
        case .key(let key): url.appendingPathComponent("notify").appendingPathComponent(key)
        case .urls: url.appendingPathComponent("notify")
        }
    }

    /// Apprise relays to services with their own limits (it splits or cuts past them); the digest
    /// keeps to ntfy's 4,096 bytes and a short title, which every common service takes.
    static let bodyLimit = 4_096
    static let titleLimit = 250

    func payload(_ message: DigestMessage) -> Payload {
        let (text, body) = DigestText.fitting(message, limit: Self.bodyLimit) { $0.markdown }
        var payload = Payload(title: TextCut.characters(text.title, Self.titleLimit), body: body)
        if case .urls(let urls) = target { payload.urls = urls.value }
        return payload
    }

    func deliver(_ message: DigestMessage) async throws(DeliveryError) {
        let body = try JSONEncoder.payload(payload(message), service: "apprise")
        try await delivery.post(endpoint, headers: ["Content-Type": "application/json"], body: body)
    }
}
