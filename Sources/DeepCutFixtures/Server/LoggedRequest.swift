/// One request the server answered (or deliberately did not), for tests to assert on and benchmarks to count.
public struct LoggedRequest: Sendable, Hashable, Codable {
    public let path: String
    /// The raw query string, still percent-encoded.
    public let query: String
    /// CLOCK_MONOTONIC seconds when the request had been read.
    public let receivedAt: Double
    /// The status sent (the promised one for a truncated answer); nil when nothing was sent (hang, reset).
    public let status: Int?
    /// Which handler answered, e.g. "itunes.search", "itunes.lookup", "notFound".
    public let route: String
    /// The fault injected into this request, if any.
    public let fault: Fault?
    /// The request's header names, lowercased and sorted (never their values): enough to prove which
    /// credentials reached this server.
    public let headerNames: [String]
}
