import Foundation
import Testing

/// A loopback TLS server whose certificate no CA signed (`openssl s_server` with a fresh
/// self-signed certificate), for a catalog that fails at the TLS handshake. Needs openssl and
/// stdbuf (scripts/test installs openssl).
package final class TLSLoopbackServer {
    package static let openssl = URL(fileURLWithPath: "/usr/bin/openssl")
    package let port: Int
    private let process: Process
    private let folder = ScratchFolder()

    package init() throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: Self.openssl.path)
                && FileManager.default.isExecutableFile(atPath: "/usr/bin/stdbuf"),
            "openssl and stdbuf are needed to serve TLS")
        let (key, certificate) = (folder.url.appendingPathComponent("key.pem"), folder.url.appendingPathComponent("cert.pem"))
        let request = Process()
        request.executableURL = Self.openssl
        request.arguments = [
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1", "-days", "1",
            "-keyout", key.path, "-out", certificate.path
        ]
        request.standardError = FileHandle.nullDevice
        try request.run()
        request.waitUntilExit()
        try #require(request.terminationStatus == 0)

        let server = Process()
        let output = Pipe()
        // Line-buffered, or the ACCEPT line waits in stdio's buffer.
        server.executableURL = URL(fileURLWithPath: "/usr/bin/stdbuf")
        server.arguments = [
            "-oL", Self.openssl.path, "s_server", "-accept", "127.0.0.1:0", "-cert", certificate.path, "-key", key.path, "-www"
        ]
        server.standardOutput = output
        server.standardError = output
        server.standardInput = FileHandle.nullDevice
        try server.run()
        process = server
        // "ACCEPT 127.0.0.1:PORT" once it listens; an empty read is its end of output.
        var printed = ""
        while !printed.contains("ACCEPT") {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            printed += String(decoding: chunk, as: UTF8.self)
        }
        guard let accept = printed.split(separator: "\n").first(where: { $0.hasPrefix("ACCEPT") }),
            let port = accept.split(separator: ":").last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) })
        else {
            Self.kill(server)
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "openssl s_server said: \(printed)"])
        }
        self.port = port
    }

    /// SIGKILL: the test process's blocked SIGTERM is inherited by its children.
    package func stop() {
        Self.kill(process)
    }

    private static func kill(_ process: Process) {
        guard process.isRunning else { return }
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
