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
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw FixtureServerError(operation: "socket", errno: errno) }
        var reuse: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(requestedPort).bigEndian)
        address.sin_addr = loopback
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 128) == 0 else {
            let failure = FixtureServerError(operation: "bind \(host):\(requestedPort)", errno: errno)
            Glibc.close(descriptor)
            throw failure
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return ListeningSocket(descriptor: descriptor, port: Int(UInt16(bigEndian: address.sin_port)))
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

    /// Wakes the accepting thread (accept fails with EINVAL on Linux).
    func shutdown() {
        _ = Glibc.shutdown(descriptor, Int32(SHUT_RDWR))
    }

    func close() {
        _ = Glibc.close(descriptor)
    }
}
