import Foundation

extension URL {
    /// RFC 3986 unreserved characters: everything else in a query value is percent-encoded.
    private static let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)

    /// `self/path?name=value&…` with names and values strictly percent-encoded.
    ///
    /// Foundation's query items leave `+`, `/` and `?` as they are, and the catalogs read `+` as a
    /// space, so an artist named "Florence + the Machine" would be searched as "Florence   the Machine".
    package func appending(path: String, query: KeyValuePairs<String, String>) -> URL {
        let encoded = query.map { "\(Self.percentEncoded($0.key))=\(Self.percentEncoded($0.value))" }
            .joined(separator: "&")
        // Cannot fail: a valid URL plus a path component plus only unreserved characters and %XX escapes.
        return URL(string: appending(path: path).absoluteString + "?" + encoded)!
    }

    private static func percentEncoded(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            if unreserved.contains(byte) {
                result.append(Character(Unicode.Scalar(byte)))
            } else {
                result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return result
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
