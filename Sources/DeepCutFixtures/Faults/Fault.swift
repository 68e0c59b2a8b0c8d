/// A failure the fixture server injects into requests about one artist, to prove the client survives it.
///
/// In JSON it is one flat object, e.g. `{"kind": "rateLimited", "retryAfter": "30", "on": "lookup", "times": 2}`.
public struct Fault: Sendable, Hashable {
    public var kind: FaultKind
    /// Which requests about the artist fail.
    public var on: FaultScope
    /// Fail only the first `times` matching requests, then answer normally; nil fails every one.
    public var times: Int?

    public init(_ kind: FaultKind, on: FaultScope = .any, times: Int? = nil) {
        self.kind = kind
        self.on = on
        self.times = times
    }
}
