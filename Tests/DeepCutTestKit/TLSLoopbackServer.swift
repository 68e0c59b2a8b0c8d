import Foundation
import Testing

/// A loopback TLS server whose certificate no CA signed (`openssl s_server` with a fresh
/// self-signed certificate), for a catalog that fails at the TLS handshake. Needs openssl and
/// stdbuf (scripts/test installs openssl).
package final class TLSLoopbackServer {
    package static let openssl = URL(fileURLWithPath: "/usr/bin/openssl")
    package let port: Int
    private let process: ChildProcess
    private let folder = ScratchFolder()

    package init() async throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: Self.openssl.path)
                && FileManager.default.isExecutableFile(atPath: "/usr/bin/stdbuf"),
            "openssl and stdbuf are needed to serve TLS")
        let (key, certificate) = (folder.url.appendingPathComponent("key.pem"), folder.url.appendingPathComponent("cert.pem"))
        let request = try await ChildProcess(
            Self.openssl,
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1", "-days", "1",
                "-keyout", key.path, "-out", certificate.path
            ]
        ).finish()
        try #require(request.status == 0)

        // Line-buffered, or the ACCEPT line waits in stdio's buffer.
        let server = try ChildProcess(
            "/usr/bin/stdbuf",
            ["-oL", Self.openssl.path, "s_server", "-accept", "127.0.0.1:0", "-cert", certificate.path, "-key", key.path, "-www"],
            stdout: .capture, stderr: .stdout)
        process = server
        // "ACCEPT 127.0.0.1:PORT" once it listens; the whole output if it ends first.
        let printed = String(decoding: await server.stdout(until: { $0.range(of: Data("ACCEPT".utf8)) != nil }) ?? Data(), as: UTF8.self)
        guard let accept = printed.split(separator: "\n").first(where: { $0.hasPrefix("ACCEPT") }),
            let port = accept.split(separator: ":").last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) })
        else {
            server.kill()
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "openssl s_server said: \(printed)"])
        }
        self.port = port
    }

    /// SIGKILL, without waiting: the child's own waitpid thread reaps it.
    package func stop() {
        process.kill()
    }
}
