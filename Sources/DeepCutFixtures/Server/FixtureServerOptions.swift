/// How a `FixtureServer` listens and how slowly it answers.
public struct FixtureServerOptions: Sendable, Hashable {
    /// 0 picks a free port; read the real one from the URL `start()` returns.
    public var port: Int
    public var latency: FixtureLatency

    public init(port: Int = 0, latency: FixtureLatency = .none) {
        self.port = port
        self.latency = latency
    }
}
