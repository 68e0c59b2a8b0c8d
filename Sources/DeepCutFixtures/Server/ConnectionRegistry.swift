import Synchronization

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
