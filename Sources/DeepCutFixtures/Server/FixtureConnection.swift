import Synchronization

/// Serves one keep-alive connection on its own thread until the client leaves, a fault ends it, or the server stops.
struct FixtureConnection: Sendable {
    let socket: ConnectionSocket
    let router: FixtureRouter

    /// - Returns: whether the socket must be closed with a RST rather than a FIN.
    func serve() -> Bool {
        socket.disableNagle()
        var reader = LoopbackRequestReader(socket: socket)
        while true {
            switch reader.next() {
            case .closed:
                return false
            case .malformed:
                let response = LoopbackResponse(
                    status: 400, contentType: "application/json; charset=utf-8",
                    body: "{\"errorMessage\":\"malformed HTTP request\"}")
                _ = socket.send(response.head(contentLength: response.body.count, keepAlive: false) + response.body)
                return false
            case .request(let request):
                let reply = router.reply(to: request, receivedAt: monotonicSeconds())
                if reply.delaySeconds > 0, socket.waitForHangup(timeout: reply.delaySeconds) { return false }
                switch reply.action {
                case .respond(let response):
                    let message = response.head(contentLength: response.body.count, keepAlive: request.keepAlive) + response.body
                    guard socket.send(message), request.keepAlive else { return false }
                case .truncate(let response):
                    let sentCount = response.body.count / 2
                    _ = socket.send(
                        response.head(contentLength: max(response.body.count, 1), keepAlive: true)
                            + response.body.prefix(sentCount))
                    return false
                case .hang:
                    _ = socket.waitForHangup(timeout: nil)
                    return false
                case .reset:
                    return true
                case .stream(let response, let contentLength):
                    let filler = [UInt8](repeating: UInt8(ascii: " "), count: 64 * 1024)
                    guard socket.send(response.head(contentLength: contentLength, keepAlive: false) + response.body) else { return false }
                    var remaining = (contentLength ?? .max) - response.body.count
                    while remaining > 0, socket.send(filler.prefix(remaining)) {
                        remaining -= min(remaining, filler.count)
                    }
                    return false
                }
            }
        }
    }
}

/// Every open connection, so `stop()` can wake and end them all — hung ones included — without racing
/// a connection thread that is closing its own descriptor (which could then be reused by another socket).
final class ConnectionRegistry: Sendable {
    private struct Contents {
        var open: Set<ConnectionSocket> = []
        var isClosed = false
    }

    private let contents = Mutex(Contents())

    /// Takes ownership of a new connection; false (and the socket closed) once the server is stopping.
    func register(_ socket: ConnectionSocket) -> Bool {
        let accepted = contents.withLock { contents in
            guard !contents.isClosed else { return false }
            contents.open.insert(socket)
            return true
        }
        if !accepted { socket.close() }
        return accepted
    }

    /// Closes a finished connection, with a RST when `reset` is set.
    func close(_ socket: ConnectionSocket, reset: Bool) {
        contents.withLock { contents in
            contents.open.remove(socket)
            if reset { socket.armReset() }
            socket.close()
        }
    }

    /// Refuses new connections and shuts down every open one; their threads then finish and close them.
    func closeAll() {
        contents.withLock { contents in
            contents.isClosed = true
            for socket in contents.open { socket.shutdown() }
        }
    }
}
