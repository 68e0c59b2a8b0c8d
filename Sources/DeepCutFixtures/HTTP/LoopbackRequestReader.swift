import Glibc

/// Reads successive requests from one keep-alive connection, keeping bytes that arrive early for the next request.
struct LoopbackRequestReader {
    enum Next {
        case request(LoopbackRequest)
        /// The peer closed the connection (or the server shut it down) between requests.
        case closed
        /// Not a request the fixture can parse; answer 400 and close.
        case malformed
    }

    private static let maximumHeadBytes = 64 * 1024
    private static let maximumBodyBytes = 1024 * 1024
    private let socket: ConnectionSocket
    private var buffer: [UInt8] = []

    init(socket: ConnectionSocket) {
        self.socket = socket
    }

    mutating func next() -> Next {
        var searchedUpTo = 0
        while true {
            if let headEnd = Self.endOfHead(in: buffer, from: searchedUpTo) {
                return takeRequest(headEnd: headEnd)
            }
            guard buffer.count <= Self.maximumHeadBytes else { return .malformed }
            searchedUpTo = max(0, buffer.count - 3)
            guard socket.read(appendingTo: &buffer) else { return .closed }
        }
    }

    /// Index just past the blank line ending the request head.
    private static func endOfHead(in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= 4 else { return nil }
        var index = start
        while index + 3 < bytes.count {
            if bytes[index] == 13, bytes[index + 1] == 10, bytes[index + 2] == 13, bytes[index + 3] == 10 {
                return index + 4
            }
            index += 1
        }
        return nil
    }

    private mutating func takeRequest(headEnd: Int) -> Next {
        guard let head = String(validating: buffer[..<(headEnd - 4)], as: UTF8.self) else { return .malformed }
        buffer.removeFirst(headEnd)
        let lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)
        let requestLine = lines[0].split(separator: " ", omittingEmptySubsequences: true)
        guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/1.") else { return .malformed }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { return .malformed }
            let name = line[..<colon].trimmingSpaces.lowercased()
            headers[name] = String(line[line.index(after: colon)...].trimmingSpaces)
        }
        guard headers["transfer-encoding"] == nil else { return .malformed }
        guard discardBody(length: headers["content-length"]) else { return .malformed }
        let connection = headers["connection"]?.lowercased() ?? ""
        let keepAlive = requestLine[2] == "HTTP/1.1" ? connection != "close" : connection == "keep-alive"
        return .request(LoopbackRequest(method: String(requestLine[0]), target: String(requestLine[1]), keepAlive: keepAlive,
                                    headers: headers))
    }

    /// The fixture ignores request bodies, but must consume them to find the next request.
    private mutating func discardBody(length text: String?) -> Bool {
        guard let text else { return true }
        guard let length = Int(text), (0...Self.maximumBodyBytes).contains(length) else { return false }
        while buffer.count < length {
            guard socket.read(appendingTo: &buffer) else { return false }
        }
        buffer.removeFirst(length)
        return true
    }
}

private extension Substring {
    var trimmingSpaces: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return self[first...last]
    }
}
