/// A failure the fixture server injects into requests about one artist, to prove the client survives it.
///
/// In JSON it is one flat object, e.g. `{"kind": "rateLimited", "retryAfter": "30", "on": "lookup", "times": 2}`.
package struct Fault: Sendable, Hashable {
    package var kind: FaultKind
    /// Which requests about the artist fail.
    package var on: FaultScope
    /// Fail only the first `times` matching requests, then answer normally; nil fails every one.
    package var times: Int?

    package init(_ kind: FaultKind, on: FaultScope = .any, times: Int? = nil) {
        self.kind = kind
        self.on = on
        self.times = times
    }
}
