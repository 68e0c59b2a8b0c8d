/// A complete HTTP response; faults decide whether it is sent whole, cut short, or not at all.
struct LoopbackResponse: Sendable {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: [UInt8]

    init(status: Int, contentType: String?, body: String, headers: [(name: String, value: String)] = []) {
        self.status = status
        self.headers = (contentType.map { [("Content-Type", $0)] } ?? []) + headers
        self.body = Array(body.utf8)
    }

    init(status: Int, contentType: String?, bytes: [UInt8]) {
        self.status = status
        self.headers = contentType.map { [("Content-Type", $0)] } ?? []
        self.body = bytes
    }

    /// The status line and headers, announcing `contentLength` body bytes (a truncation fault announces more than it sends;
    /// nil announces none: the body ends when the connection closes).
    func head(contentLength: Int?, keepAlive: Bool) -> [UInt8] {
        var text = "HTTP/1.1 \(status) \(Self.reasonPhrase(status))\r\n"
        for header in headers {
            text += "\(header.name): \(header.value)\r\n"
        }
        if let contentLength { text += "Content-Length: \(contentLength)\r\n" }
        text += "Connection: \(keepAlive ? "keep-alive" : "close")\r\n\r\n"
        return Array(text.utf8)
    }

    private static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 302: "Found"
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: "Status \(status)"
        }
    }
}
