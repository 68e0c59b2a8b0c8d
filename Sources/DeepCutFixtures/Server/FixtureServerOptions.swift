/// How a `FixtureServer` listens and how slowly it answers.
public struct FixtureServerOptions: Sendable, Hashable {
    /// 0 picks a free port; read the real one from the URL `start()` returns.
    public var port: Int
    public var latency: FixtureLatency
    /// The developer token the Apple Music routes demand as `Authorization: Bearer …` (401 otherwise); nil accepts
    /// any bearer token, though a request without one is still refused, as Apple refuses it.
    public var appleMusicToken: String?

    public init(port: Int = 0, latency: FixtureLatency = .none, appleMusicToken: String? = nil) {
        self.port = port
        self.latency = latency
        self.appleMusicToken = appleMusicToken
    }
}
