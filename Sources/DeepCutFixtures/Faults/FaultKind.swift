/// How a faulted request fails. Each case mirrors something real catalogs do.
package enum FaultKind: Sendable, Hashable {
    /// Any status code; `body` nil sends an empty body.
    case status(code: Int, body: String?)
    /// 429; `retryAfter` is sent verbatim as the Retry-After header (seconds or an HTTP-date), nil omits it.
    case rateLimited(retryAfter: String?)
    /// 403 with an empty body and no Retry-After: how iTunes actually throttles.
    case forbiddenEmpty
    /// 503, optionally with Retry-After (MusicBrainz's rate limiting).
    case serviceUnavailable(retryAfter: String?)
    /// Reads the request and never answers, until the client disconnects or the server stops.
    case hang
    /// 200 whose Content-Length promises more bytes than are sent, then the connection closes.
    case truncate
    /// 200 whose body is not valid JSON.
    case malformed
    /// 200 with exactly these bytes as the body: hostile payloads (invalid UTF-8, huge, deeply nested).
    case body(bytes: [UInt8])
    /// Closes the connection with a TCP RST instead of answering.
    case reset
    /// Answers normally after an extra delay.
    case latency(milliseconds: Int)
    /// `302 Found` to `location` (an absolute URL, e.g. another loopback server): a moved or hostile catalog.
    case redirect(location: String)
    /// 200 whose body streams as fast as the socket takes it: with `contentLength` nil, no Content-Length
    /// and no end until the client hangs up (a runaway answer only a body cap stops); otherwise
    /// announcing and sending `contentLength` bytes (a huge declared body), without holding them in memory.
    case streamedBody(contentLength: Int?)
}
