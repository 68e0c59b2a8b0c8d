/// Why no complete answer arrived. Typed so every case is classified, never guessed from a message.
package struct TransportError: Error, Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        /// The idle timeout or the total per-request deadline passed.
        case timeout
        /// Refused, reset, DNS, TLS, truncated body: the connection itself failed.
        case transport
        /// The calling task was cancelled.
        case cancelled
        /// The body grew past the client's size cap. The answer exists but cannot be trusted whole,
        /// so it becomes a decoding failure, never a shortened release list.
        case bodyTooLarge
        /// A redirect to another scheme, host or port (where the request's credentials must not
        /// go), or too many redirects. The same request would be redirected again: never retried.
        case redirectRefused
    }

    var kind: Kind
    /// One line for operators; never contains the URL's query or a header.
    var message: String

    init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
}
