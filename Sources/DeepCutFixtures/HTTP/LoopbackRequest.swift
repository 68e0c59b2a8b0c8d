import DeepCutCore
import Glibc

/// One parsed HTTP request head: the method, the target, the header fields and whether to keep the connection.
struct LoopbackRequest: Sendable {
    let method: String
    /// The path part of the request target, percent-encoded as received.
    let path: String
    /// The raw query string after "?", empty when there is none.
    let query: String
    /// Decoded query parameters (first occurrence wins); nil when the query is not valid percent-encoding.
    let queryParameters: [String: String]?
    let keepAlive: Bool
    /// Header fields by lowercased name (last occurrence wins), for routes that check credentials or the User-Agent.
    let headers: [String: String]

    init(method: String, target: String, keepAlive: Bool, headers: [String: String] = [:]) {
        self.method = method
        self.keepAlive = keepAlive
        self.headers = headers
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        path = String(parts[0])
        query = parts.count > 1 ? String(parts[1]) : ""
        queryParameters = Self.decodeQuery(query)
    }

    /// Form-style decoding as iTunes does it: `+` is a space, `%XX` an octet of UTF-8.
    private static func decodeQuery(_ query: String) -> [String: String]? {
        var parameters: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let nameAndValue = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decodeComponent(nameAndValue[0]),
                let value = decodeComponent(nameAndValue.count > 1 ? nameAndValue[1] : "")
            else { return nil }
            if parameters[name] == nil { parameters[name] = value }
        }
        return parameters
    }

    private static func decodeComponent(_ component: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = component.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+"): bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = iterator.next()?.hexDigitValue, let low = iterator.next()?.hexDigitValue else { return nil }
                bytes.append(high << 4 | low)
            default: bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }
}

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
        return .request(
            LoopbackRequest(
                method: String(requestLine[0]), target: String(requestLine[1]), keepAlive: keepAlive,
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

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return self[first...last]
    }
}
