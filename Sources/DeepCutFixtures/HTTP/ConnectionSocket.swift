import Glibc

/// One accepted TCP connection. A plain descriptor: the server's `ConnectionRegistry` owns its lifetime,
/// so `stop()` can shut down every connection, including hung ones.
struct ConnectionSocket: Sendable, Hashable {
    let descriptor: Int32

    /// Reads what is available (blocking until something is); false when the peer closed or the socket was shut down.
    func read(appendingTo buffer: inout [UInt8]) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                buffer.append(contentsOf: chunk[..<count])
                return true
            }
            if count < 0, errno == EINTR { continue }
            return false
        }
    }

    /// Sends every byte; false when the peer is gone. MSG_NOSIGNAL keeps a vanished client from raising SIGPIPE.
    func send<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        let contiguous = Array(bytes)
        var offset = 0
        while offset < contiguous.count {
            let sent = contiguous.withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
            }
            if sent > 0 {
                offset += sent
            } else if sent < 0, errno == EINTR {
                continue
            } else {
                return false
            }
        }
        return true
    }

    /// Blocks until the peer disconnects or the server shuts the socket down, or `timeout` seconds pass.
    /// Data the client sends meanwhile does not end the wait, so a pipelined request cannot cut a delay short.
    /// - Returns: true when the connection is gone.
    func waitForHangup(timeout: Double?) -> Bool {
        var poller = pollfd(fd: descriptor, events: Self.peerHangupEvent, revents: 0)
        let deadline = timeout.map { monotonicSeconds() + $0 }
        while true {
            let remaining = deadline.map { max(0, Int32((($0 - monotonicSeconds()) * 1000).rounded(.up))) } ?? -1
            let ready = poll(&poller, 1, remaining)
            if ready > 0 { return true }
            if ready == 0 { return false }
            if errno != EINTR { return true }
        }
    }

    /// POLLRDHUP (peer closed its end) from <poll.h>; Swift's Glibc overlay hides it behind _GNU_SOURCE.
    private static let peerHangupEvent: Int16 = 0x2000

    /// Small responses must leave at once: Nagle's delay would cost every keep-alive request ~40 ms.
    func disableNagle() {
        var enabled: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &enabled, socklen_t(MemoryLayout<Int32>.size))
    }

    /// Makes the next close send a TCP RST instead of a FIN.
    func armReset() {
        var linger = linger(l_onoff: 1, l_linger: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
    }

    /// Wakes any thread blocked reading or polling this socket.
    func shutdown() {
        _ = Glibc.shutdown(descriptor, Int32(SHUT_RDWR))
    }

    func close() {
        _ = Glibc.close(descriptor)
    }
}
