import Foundation

/// The network edge: the only seam tests replace with a double.
///
/// Non-2xx answers are returned, not thrown; only a failure to get an answer at all throws.
package protocol HTTPClient: Sendable {
    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse
}

/// One request: the catalogs' GETs, and the notification channels' POSTs with a body.
package struct HTTPRequest: Sendable, Hashable, CustomStringConvertible {
    package var url: URL
    /// `GET` unless a body is sent (`POST`). Only a `GET` follows redirects (see `CurlTransfer`).
    package var method: String
    /// Sent as given. May carry credentials (Authorization), so it is never logged or put in a message.
    package var headers: [String: String]
    /// The request's body, sent as is (the caller sets `Content-Type`); nil sends none.
    package var body: Data?
    /// Whole seconds, at least 1: the total deadline of one request, redirects included.
    package var timeoutSeconds: Int

    package init(url: URL, method: String? = nil, headers: [String: String] = [:], body: Data? = nil, timeoutSeconds: Int) {
        self.url = url
        self.method = method ?? (body == nil ? "GET" : "POST")
        self.headers = headers
        self.body = body
        self.timeoutSeconds = max(1, timeoutSeconds)
    }

    /// The method and the origin only: the path, query, headers and body may all hold credentials.
    package var description: String { "\(method) \(url.origin)\(body.map { " (\($0.count) bytes)" } ?? "")" }
}

/// What a server answered, whatever the status: deciding what a status means is the requester's job.
package struct HTTPResponse: Sendable, Hashable {
    package var status: Int
    package var headers: [String: String]
    package var body: Data

    package init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The value of a header, matched case-insensitively as HTTP field names are.
    package func header(_ name: String) -> String? {
        if let exact = headers[name] { return exact }
        return headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

extension URL {
    /// `http://host:port`, the scheme's default port made explicit: what a message may name (never
    /// a path or query, where tokens and search terms live), and what a redirect must keep.
    package var origin: String {
        let scheme = scheme?.lowercased() ?? "?"
        let defaultPort = scheme == "https" ? 443 : scheme == "http" ? 80 : nil
        let port = port ?? defaultPort
        return "\(scheme)://\(host?.lowercased() ?? "?")\(port.map { ":\($0)" } ?? "")"
    }

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

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}

/// The version catalogs see in the User-Agent (`deepcut/0.1.0`) and `deepcut --version` prints;
/// MusicBrainz asks every client to name itself. `scripts/package` reads it from this file.
package enum ClientVersion {
    package static let current = "0.1.0"
}
