import Foundation
import Glibc

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
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw FixtureServerError(operation: "socket", errno: errno) }
        var reuse: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr = loopback
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else {
            let failure = FixtureServerError(operation: "bind \(host):\(port)", errno: errno)
            Glibc.close(descriptor)
            throw failure
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        self.descriptor = descriptor
        url = URL(string: "http://\(host):\(UInt16(bigEndian: address.sin_port))")!
    }

    deinit {
        Glibc.close(descriptor)
    }
}
