import DeepCutHTTP
import Foundation

/// One POST to a notification service through the real client, and what its failure means as a
/// `DeliveryError`. Shared by every HTTP channel; messages name the service and the URL's origin
/// only (an ntfy topic, a Discord or Slack webhook's path are secrets), never a header.
struct HTTPDelivery: Sendable {
    let client: any HTTPClient
    let timeoutSeconds: Int
    /// "ntfy", "webhook": who the messages say answered.
    let service: String

    /// Sends `body` to `url`; returns the answer when it is 2xx, throws otherwise.
    @discardableResult
    func post(_ url: URL, headers: [String: String], body: Data) async throws(DeliveryError) -> HTTPResponse {
        var headers = headers
        headers["User-Agent"] = "deepcut/\(ClientVersion.current)"
        let origin = url.deliveryOrigin
        let response: HTTPResponse
        do {
            response = try await client.send(
                HTTPRequest(url: url, method: "POST", headers: headers, body: body, timeoutSeconds: timeoutSeconds))
        } catch {
            throw Self.failure(error, service: service, origin: origin, timeoutSeconds: timeoutSeconds)
        }
        switch response.status {
        case 200..<300:
            return response
        case 401, 403:
            throw DeliveryError(
                .unauthorized, status: response.status, "\(service) at \(origin) refused the credentials (HTTP \(response.status))")
        default:
            throw DeliveryError(.rejected, status: response.status, "\(service) at \(origin) answered HTTP \(response.status)")
        }
    }

    static func failure(_ error: TransportError, service: String, origin: String, timeoutSeconds: Int) -> DeliveryError {
        let prefix = "\(service) at \(origin)"
        switch (error.kind, error.cause) {
        case (.timeout, _):
            return DeliveryError(.timeout, "\(prefix): no answer within \(timeoutSeconds) s")
        case (_, .refused):
            return DeliveryError(.unreachable, "\(prefix): connection refused")
        case (_, .hostNotFound):
            return DeliveryError(.unreachable, "\(prefix): host not found")
        case (_, .tls):
            return DeliveryError(.tls, "\(prefix): TLS failed")
        case (.redirectRefused, _):
            return DeliveryError(.rejected, "\(prefix): redirected elsewhere, not followed")
        default:
            // The transport's message names a curl code or a reason, never a URL or header.
            return DeliveryError(.transport, "\(prefix): \(error.message)")
        }
    }
}

extension URL {
    /// `https://host:port`, the scheme's default port made explicit: what a delivery message may name.
    var deliveryOrigin: String {
        let scheme = scheme?.lowercased() ?? "?"
        let port = port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : nil)
        return "\(scheme)://\(host?.lowercased() ?? "?")\(port.map { ":\($0)" } ?? "")"
    }
}

extension JSONEncoder {
    /// Keys sorted and slashes plain, so a body is the same bytes for the same digest (a signature
    /// and a receiver's dedupe can rely on it).
    static let stable: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// Encodes a channel's payload. The payloads hold only strings, booleans and arrays, which
    /// always encode; a failure would still be a failed delivery, never an empty body.
    static func payload(_ value: some Encodable, service: String) throws(DeliveryError) -> Data {
        do {
            return try stable.encode(value)
        } catch {
            throw DeliveryError(.transport, "\(service): the message could not be encoded")
        }
    }
}
