import Foundation

/// One GET a catalog provider wants made. Deliberately small: the catalogs are read-only JSON APIs.
package struct HTTPRequest: Sendable, Hashable {
    package var url: URL
    /// Sent as given. May carry credentials (Authorization), so it is never logged or put in a message.
    var headers: [String: String]
    /// Whole seconds, at least 1: the total deadline of one request, redirects included.
    var timeoutSeconds: Int

    init(url: URL, headers: [String: String] = [:], timeoutSeconds: Int) {
        self.url = url
        self.headers = headers
        self.timeoutSeconds = max(1, timeoutSeconds)
    }
}
