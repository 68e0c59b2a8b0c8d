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
            return (.respond(LoopbackResponse(status: 200, contentType: contentType,
                                          body: "\n\n\n{\n \"resultCount\":1,\n \"results\": [\n{\"wrapperType\":\"artist\", \"artistName\":")), 0)
        case .body(let bytes):
            return (.respond(LoopbackResponse(status: 200, contentType: contentType, bytes: bytes)), 0)
        case .reset:
            return (.reset, 0)
        case .latency(let milliseconds):
            return (.respond(normal), Double(max(0, milliseconds)) / 1000)
        case .redirect(let location):
            return (.respond(LoopbackResponse(status: 302, contentType: nil, body: "", headers: [("Location", location)])), 0)
        case .streamedBody(let contentLength):
            return (.stream(LoopbackResponse(status: 200, contentType: contentType, body: "{\"resultCount\": 1, \"results\": ["),
                            contentLength: contentLength), 0)
        }
    }

    private static func retryAfter(_ value: String?) -> [(name: String, value: String)] {
        value.map { [("Retry-After", $0)] } ?? []
    }
}
