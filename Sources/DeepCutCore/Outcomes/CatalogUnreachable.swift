/// Why a run stopped asking the catalog: the circuit breaker opened on connection failures before
/// the catalog answered anything. Names where the sweep tried to connect and what the connection
/// said, so every output can tell "unreachable" apart from "failed" and "the deadline ran out".
package struct CatalogUnreachable: Sendable, Hashable, Codable {
    /// What kind of connection failure opened the breaker. Raw values are `health.json`'s `cause`.
    package enum Cause: String, Sendable, Hashable, Codable, CaseIterable {
        /// The host name did not resolve.
        case dns
        /// Nothing listening at the host and port.
        case refused
        /// The TLS handshake or the certificate check failed.
        case tls
        /// No complete answer within `catalog.timeoutSeconds`.
        case timeout
        /// Any other broken connection (reset, closed, malformed answer).
        case connection
    }

    /// `scheme://host:port` of the failing request: never a path or query, where tokens and search
    /// terms live.
    package var host: String
    package var cause: Cause
    /// The transport error, classified from libcurl's code, e.g. "connection refused (curl 7)".
    package var message: String
    /// What to check, fitted to `cause`.
    package var hint: String

    package init(host: String, cause: Cause, message: String) {
        self.host = host
        self.cause = cause
        self.message = message
        self.hint = Self.hint(for: cause)
    }

    /// One line naming the host and the cause: "catalog unreachable at http://127.0.0.1:9: connection
    /// refused (curl 7)".
    package var summary: String {
        "catalog unreachable at \(host): \(message)"
    }

    static func hint(for cause: Cause) -> String {
        switch cause {
        case .dns: "check the network and DNS, or the host name in catalog.baseURL"
        case .refused: "check that the catalog server is up, or the host and port in catalog.baseURL"
        case .tls: "check the CA certificates and any TLS-intercepting proxy, or the scheme in catalog.baseURL"
        case .timeout: "check the network, or raise catalog.timeoutSeconds"
        case .connection: "check the network and catalog.baseURL"
        }
    }
}
