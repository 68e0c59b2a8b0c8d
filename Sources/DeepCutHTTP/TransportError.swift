import CCurl

/// Why no complete answer arrived. Typed so every case is classified, never guessed from a message.
package struct TransportError: Error, Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
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

    /// Which connection failure a `.transport` was, where a reader tells them apart (the
    /// notification channels: nothing listening, TLS); nil for any other.
    package enum Cause: Sendable, Hashable {
        case refused
        case hostNotFound
        case tls
    }

    package var kind: Kind
    /// One line for operators; never contains the URL's query or a header.
    package var message: String
    package var cause: Cause?

    init(_ kind: Kind, _ message: String, cause: Cause? = nil) {
        self.kind = kind
        self.message = message
        self.cause = cause
    }
}

extension TransportError {
    /// Classifies what libcurl reported. Messages come from the code, never from libcurl's error
    /// buffer, which can name the failing URL and its query.
    init(curlCode code: CURLcode, timeoutSeconds: Int) {
        let number = "curl \(code.rawValue)"
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            self.init(.timeout, "no complete answer within \(timeoutSeconds) s (\(number))")
        case CURLE_COULDNT_CONNECT:
            self.init(.transport, "connection refused (\(number))", cause: .refused)
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            self.init(.transport, "host not found (\(number))", cause: .hostNotFound)
        case CURLE_RECV_ERROR, CURLE_SEND_ERROR:
            self.init(.transport, "connection reset (\(number))")
        case CURLE_GOT_NOTHING:
            self.init(.transport, "connection closed before any answer (\(number))")
        case CURLE_PARTIAL_FILE:
            self.init(.transport, "connection closed before the answer was complete (\(number))")
        case CURLE_WEIRD_SERVER_REPLY, CURLE_BAD_CONTENT_ENCODING, CURLE_HTTP2, CURLE_HTTP2_STREAM:
            self.init(.transport, "malformed HTTP answer (\(number))")
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE,
            CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH:
            self.init(.transport, "TLS failed (\(number))", cause: .tls)
        case CURLE_ABORTED_BY_CALLBACK:
            self.init(.cancelled, "request cancelled (\(number))")
        default:
            // curl_easy_strerror names the code's meaning only, never a URL.
            self.init(.transport, "\(String(cString: curl_easy_strerror(code))) (\(number))")
        }
    }
}
