/// What the connection does with one request: wait `delaySeconds`, then act.
struct FixtureReply: Sendable {
    enum Action: Sendable {
        case respond(LoopbackResponse)
        /// Promise the whole body, send part of it, close.
        case truncate(LoopbackResponse)
        /// Send nothing until the client disconnects or the server stops.
        case hang
        /// Close with a TCP RST.
        case reset
        /// Send the head and the body, then whitespace up to `contentLength` bytes in all (announced), or
        /// without end and unannounced when nil, until the client disconnects or the server stops.
        case stream(LoopbackResponse, contentLength: Int?)
    }

    let delaySeconds: Double
    let action: Action
}
