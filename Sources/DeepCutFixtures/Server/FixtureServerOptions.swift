/// How a `FixtureServer` listens and how slowly it answers.
public struct FixtureServerOptions: Sendable, Hashable {
    /// 0 picks a free port; read the real one from the URL `start()` returns.
    public var port: Int
    public var latency: FixtureLatency
    /// The developer token the Apple Music routes demand as `Authorization: Bearer …` (401 otherwise); nil accepts
    /// any bearer token, though a request without one is still refused, as Apple refuses it.
    public var appleMusicToken: String?
    /// The loopback address to bind, `127.0.0.1` unless a test needs a second host (`127.0.0.2`, e.g. as
    /// a redirect's target); anything outside 127.0.0.0/8 is refused.
    public var host: String

    public init(port: Int = 0, latency: FixtureLatency = .none, appleMusicToken: String? = nil, host: String = "127.0.0.1") {
        self.port = port
        self.host = host
        self.latency = latency
        self.appleMusicToken = appleMusicToken
    }
}
