/// One request the server answered (or deliberately did not), for tests to assert on and benchmarks to count.
package struct LoggedRequest: Sendable, Hashable, Codable {
    package let path: String
    /// The raw query string, still percent-encoded.
    package let query: String
    /// CLOCK_MONOTONIC seconds when the request had been read.
    package let receivedAt: Double
    /// The status sent (the promised one for a truncated answer); nil when nothing was sent (hang, reset).
    package let status: Int?
    /// Which handler answered, e.g. "itunes.search", "itunes.lookup", "notFound".
    package let route: String
    /// The fault injected into this request, if any.
    package let fault: Fault?
    /// The request's header names, lowercased and sorted (never their values): enough to prove which
    /// credentials reached this server.
    package let headerNames: [String]
}
