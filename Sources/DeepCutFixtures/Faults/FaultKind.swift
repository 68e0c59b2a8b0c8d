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

extension FaultKind {
    /// The reply this fault puts in place of `normal`, and the extra delay before it.
    func action(replacing normal: LoopbackResponse) -> (action: FixtureReply.Action, extraDelaySeconds: Double) {
        let contentType = "text/javascript; charset=utf-8"
        switch self {
        case .status(let code, let body):
            return (.respond(LoopbackResponse(status: code, contentType: contentType, body: body ?? "")), 0)
        case .rateLimited(let retryAfter):
            return (.respond(LoopbackResponse(status: 429, contentType: nil, body: "", headers: Self.retryAfter(retryAfter))), 0)
        case .forbiddenEmpty:
            return (.respond(LoopbackResponse(status: 403, contentType: nil, body: "")), 0)
        case .serviceUnavailable(let retryAfter):
            return (.respond(LoopbackResponse(status: 503, contentType: nil, body: "", headers: Self.retryAfter(retryAfter))), 0)
        case .hang:
            return (.hang, 0)
        case .truncate:
            return (.truncate(normal), 0)
        case .malformed:
            return (
                .respond(
                    LoopbackResponse(
                        status: 200, contentType: contentType,
                        body: "\n\n\n{\n \"resultCount\":1,\n \"results\": [\n{\"wrapperType\":\"artist\", \"artistName\":")), 0
            )
        case .body(let bytes):
            return (.respond(LoopbackResponse(status: 200, contentType: contentType, bytes: bytes)), 0)
        case .reset:
            return (.reset, 0)
        case .latency(let milliseconds):
            return (.respond(normal), Double(max(0, milliseconds)) / 1000)
        case .redirect(let location):
            return (.respond(LoopbackResponse(status: 302, contentType: nil, body: "", headers: [("Location", location)])), 0)
        case .streamedBody(let contentLength):
            return (
                .stream(
                    LoopbackResponse(status: 200, contentType: contentType, body: "{\"resultCount\": 1, \"results\": ["),
                    contentLength: contentLength), 0
            )
        }
    }

    private static func retryAfter(_ value: String?) -> [(name: String, value: String)] {
        value.map { [("Retry-After", $0)] } ?? []
    }
}
