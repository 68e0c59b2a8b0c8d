import Foundation
import Synchronization

/// An `HTTPClient` that keeps every exchange it passes on, so `deepcut probe` can report what the
/// catalog answered and `--record` can save it for a bug report. Nothing secret is kept: request
/// headers (Authorization) never are, a URL loses its userinfo and the values of secret-looking
/// query parameters, and of the response headers only those about content and rate limits are kept.
package final class RecordingHTTPClient: HTTPClient {
    /// One request and what came back.
    package struct Exchange: Sendable, Hashable {
        package var method: String
        /// Redacted (see `redacted(_:)`).
        package var url: String
        /// nil when no answer came (the transport failed).
        package var status: Int?
        /// The kept response headers, names lowercased.
        package var headers: [String: String]
        package var body: Data
        /// The transport failure, when there was no answer.
        package var failure: String?
    }

    private let client: any HTTPClient
    private let exchanges = Mutex<[Exchange]>([])

    package init(_ client: any HTTPClient) {
        self.client = client
    }

    package var recorded: [Exchange] { exchanges.withLock { $0 } }

    package func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        let url = Self.redacted(request.url)
        do {
            let response = try await client.send(request)
            let kept = response.headers.compactMap { name, value -> (String, String)? in
                let lowered = name.lowercased()
                return Self.isKept(lowered) ? (lowered, value) : nil
            }
            let exchange = Exchange(
                method: request.method, url: url, status: response.status,
                headers: Dictionary(kept, uniquingKeysWith: { first, _ in first }), body: response.body)
            exchanges.withLock { $0.append(exchange) }
            return response
        } catch {
            let exchange = Exchange(method: request.method, url: url, headers: [:], body: Data(), failure: "\(error)")
            exchanges.withLock { $0.append(exchange) }
            throw error
        }
    }

    /// Response headers worth keeping: what the body is, and what the server says about pace.
    private static func isKept(_ name: String) -> Bool {
        ["content-type", "retry-after", "date"].contains(name) || name.hasPrefix("x-ratelimit") || name.hasPrefix("x-rate-limit")
            || name.hasPrefix("ratelimit")
    }

    /// Query parameter names whose values are never kept.
    private static let secretNames = ["token", "key", "secret", "password", "auth", "sig"]

    /// `url` without userinfo, with the values of secret-looking query parameters replaced.
    package static func redacted(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return "<unparseable URL>" }
        components.user = nil
        components.password = nil
        if let items = components.percentEncodedQueryItems {
            components.percentEncodedQueryItems = items.map { item in
                let name = item.name.lowercased()
                return secretNames.contains { name.contains($0) } ? URLQueryItem(name: item.name, value: "REDACTED") : item
            }
        }
        return components.string ?? "<unparseable URL>"
    }
}
