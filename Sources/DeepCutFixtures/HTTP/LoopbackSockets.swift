import Foundation
import Glibc

/// The loopback listener. Only ever bound inside 127.0.0.0/8: the fixture is for tests, never a network service.
struct ListeningSocket: Sendable {
    let descriptor: Int32
    let port: Int

    static func bindLoopback(host: String = "127.0.0.1", port requestedPort: Int) throws -> ListeningSocket {
        var loopback = in_addr()
        guard inet_pton(AF_INET, host, &loopback) == 1, UInt32(bigEndian: loopback.s_addr) >> 24 == 127 else {
            throw FixtureServerError("not a loopback address: '\(host)' (use 127.0.0.0/8)")
        }
        let (descriptor, port) = try bindTCP(loopback, host: host, port: UInt16(requestedPort), listenBacklog: 128)
        return ListeningSocket(descriptor: descriptor, port: Int(port))
    }

    /// Blocks for the next connection; nil once the listener is shut down or broken.
    func accept() -> ConnectionSocket? {
        while true {
            // accept4 needs _GNU_SOURCE, which Glibc's Swift overlay does not define; set close-on-exec right after.
            let accepted = Glibc.accept(descriptor, nil, nil)
            if accepted >= 0 {
                _ = fcntl(accepted, F_SETFD, FD_CLOEXEC)
                return ConnectionSocket(descriptor: accepted)
            }
            switch errno {
            case EINTR, ECONNABORTED, EPROTO:
                continue
            case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                // Out of descriptors: back off instead of spinning until a connection closes.
                usleep(10_000)
            default:
                return nil
            }
        }
    }

    /// Wakes the accepting thread with a connection of its own, and leaves the port bound until
    /// `close`. Shutting a listener down would wake it too, but on Linux a listener on a port the
    /// kernel picked gives the port back at once: while the server drained its threads another
    /// test's server could bind it and answer this one's "outage" (seen under load). Falls back to
    /// the shutdown (accept then fails with EINVAL) if the loopback connect fails.
    func wakeAccept() {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let waker = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        let connected = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                waker >= 0 && getsockname(descriptor, $0, &length) == 0 && connect(waker, $0, length) == 0
            }
        }
        if waker >= 0 { Glibc.close(waker) }
        if !connected { _ = Glibc.shutdown(descriptor, Int32(SHUT_RDWR)) }
    }

    func close() {
        _ = Glibc.close(descriptor)
    }
}

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

/// A loopback port where every connection is refused (ECONNREFUSED): a catalog that is down, not slow.
///
/// The port is bound but never listened on, and held until this value goes away, so no other server can take
/// it meanwhile and answer in the catalog's place.
package final class RefusingPort: Sendable {
    private let descriptor: Int32
    /// `http://127.0.0.1:PORT`, ready to stand in for a catalog's base URL.
    package let url: URL

    /// - Parameters:
    ///   - host: a loopback address.
    ///   - port: 0 for any free port; a given one takes over a port a stopped server just closed
    ///     (`SO_REUSEADDR`, so the old connections' TIME_WAIT does not stand in the way).
    package init(host: String = "127.0.0.1", port: UInt16 = 0) throws {
        var loopback = in_addr()
        guard inet_pton(AF_INET, host, &loopback) == 1 else { throw FixtureServerError("not an IPv4 address: '\(host)'") }
        let (descriptor, boundPort) = try bindTCP(loopback, host: host, port: port, listenBacklog: nil)
        self.descriptor = descriptor
        url = URL(string: "http://\(host):\(boundPort)")!
    }

    deinit {
        Glibc.close(descriptor)
    }
}

/// A TCP socket bound to `address` (`host` names it in errors) and `port` with `SO_REUSEADDR`, listening
/// with `listenBacklog` when one is given; `ListeningSocket` and `RefusingPort` differ only in that.
/// - Returns: the descriptor and the port bound (the one the kernel picked when `port` is 0).
func bindTCP(_ address: in_addr, host: String, port: UInt16, listenBacklog: Int32?) throws -> (descriptor: Int32, port: UInt16) {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { throw FixtureServerError(operation: "socket", errno: errno) }
    var reuse: Int32 = 1
    setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
    var socketAddress = sockaddr_in()
    socketAddress.sin_family = sa_family_t(AF_INET)
    socketAddress.sin_port = port.bigEndian
    socketAddress.sin_addr = address
    let bound = withUnsafePointer(to: &socketAddress) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0, listenBacklog.map({ listen(descriptor, $0) == 0 }) ?? true else {
        let failure = FixtureServerError(operation: "bind \(host):\(port)", errno: errno)
        Glibc.close(descriptor)
        throw failure
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &socketAddress) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    return (descriptor, UInt16(bigEndian: socketAddress.sin_port))
}

/// CLOCK_MONOTONIC in seconds: immune to wall-clock jumps, and the same clock in every process on the machine,
/// so an out-of-process benchmark can compare its own readings with the request log.
func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1_000_000_000
}
