import DeepCutConfig
import DeepCutCore
import DeepCutHTTP
import Foundation

/// `webhook`: the digest as JSON (`WebhookChannel.Payload`, schema in the README), POSTed with
/// `Idempotency-Key: <dedupeKey>` and, when a secret is configured,
/// `X-Deepcut-Signature: sha256=<hex HMAC-SHA256 of the exact body>`.
struct WebhookChannel: NotificationChannel, CustomStringConvertible {
    /// The body's stable schema: fields are only ever added.
    struct Payload: Encodable {
        struct Item: Encodable {
            var event: String
            var dedupeKey: String
            var title: String
            var artist: String
            var type: String
            /// `live`, `remix`, `soundtrack`, `demo`, `appearance`; absent when none.
            var secondaryTypes: [String]?
            var releaseDate: String
            var url: String?
            var artworkURL: String?
        }

        var schema = "deepcut.digest/1"
        var runID: String
        var dedupeKey: String
        var test: Bool
        var title: String
        var pageURL: String?
        var items: [Item]
    }

    let name: String
    let url: URL
    let secret: Secret?
    let delivery: HTTPDelivery

    var description: String { "webhook channel '\(name)' at \(url.deliveryOrigin)" }

    static func payload(_ message: DigestMessage) -> Payload {
        Payload(
            runID: message.runID, dedupeKey: message.dedupeKey, test: message.isTest,
            title: TextCut.characters(DigestText(message).title, TextCut.fieldCharacters * 2),
            pageURL: message.pageURL?.absoluteString,
            items: message.items.map { item in
                Payload.Item(
                    event: item.event.rawValue, dedupeKey: item.dedupeKey, title: item.entry.title, artist: item.entry.artist,
                    type: item.entry.type.rawValue,
                    secondaryTypes: item.entry.secondaryTypes.isEmpty ? nil : item.entry.secondaryTypes.map(\.rawValue),
                    releaseDate: item.entry.releaseDate.description, url: item.entry.url,
                    artworkURL: item.entry.artworkURL)
            })
    }

    func deliver(_ message: DigestMessage) async throws(DeliveryError) {
        let body = try JSONEncoder.payload(Self.payload(message), service: "webhook")
        var headers = ["Content-Type": "application/json", "Idempotency-Key": message.dedupeKey]
        if let secret {
            headers["X-Deepcut-Signature"] = "sha256=" + SHA256.hex(SHA256.hmac(key: Array(secret.value.utf8), message: Array(body)))
        }
        try await delivery.post(url, headers: headers, body: body)
    }
}
