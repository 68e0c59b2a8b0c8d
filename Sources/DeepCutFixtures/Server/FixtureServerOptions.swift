/// How a `FixtureServer` listens and how slowly it answers.
package struct FixtureServerOptions: Sendable, Hashable {
    /// 0 picks a free port; read the real one from the URL `start()` returns.
    package var port: Int
    package var latency: FixtureLatency
    /// The developer token the Apple Music routes demand as `Authorization: Bearer …` (401 otherwise); nil accepts
    /// any bearer token, though a request without one is still refused, as Apple refuses it.
    package var appleMusicToken: String?
    /// The loopback address to bind, `127.0.0.1` unless a test needs a second host (`127.0.0.2`, e.g. as
    /// a redirect's target); anything outside 127.0.0.0/8 is refused.
    package var host: String
    /// How `limit` caps a multi-id iTunes lookup: the real API's reading for `id=` lists is undocumented.
    package var lookupLimit: LookupLimitReading
    /// iTunes-style throttling stricter than the client's configuration: catalog requests beyond
    /// this pace (a token bucket of one) get 403 with an empty body; nil accepts every request.
    package var acceptedRequestsPerMinute: Double?

    /// The two readings of `limit` in `lookup?id=A,B,…&limit=N`.
    package enum LookupLimitReading: String, Sendable, Hashable, Codable {
        /// `limit` caps the collections of the whole answer (the strict reading).
        case perAnswer
        /// `limit` caps each artist's collections, as Apple documents for `amgArtistId` lists.
        case perArtist
    }

    package init(port: Int = 0, latency: FixtureLatency = .none, appleMusicToken: String? = nil, host: String = "127.0.0.1",
                lookupLimit: LookupLimitReading = .perAnswer, acceptedRequestsPerMinute: Double? = nil) {
        self.lookupLimit = lookupLimit
        self.acceptedRequestsPerMinute = acceptedRequestsPerMinute
        self.port = port
        self.host = host
        self.latency = latency
        self.appleMusicToken = appleMusicToken
    }
}
