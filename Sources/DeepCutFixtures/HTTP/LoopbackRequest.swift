/// One parsed HTTP request head: the method, the target, the header fields and whether to keep the connection.
package struct LoopbackRequest: Sendable {
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
                  let value = decodeComponent(nameAndValue.count > 1 ? nameAndValue[1] : "") else { return nil }
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
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
                bytes.append(high << 4 | low)
            default: bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
