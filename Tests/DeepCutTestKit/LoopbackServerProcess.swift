import Foundation

/// One of the Python test servers in Tests/Servers/, run as a real process with its own scratch
/// folder: started, waited for until it has written its port, stopped when this goes away.
///
/// The servers record what they receive into files in the folder and read their failure mode
/// from `folder/mode` before each answer, so a test changes a mode between runs without a restart.
package final class LoopbackServerProcess: Sendable {
    /// Tests/Servers, found from this file's place in the checkout.
    package static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Servers")

    package let folder: ScratchFolder
    package let port: Int
    private let process: ChildProcess

    /// Runs `python3 Tests/Servers/<script> --folder FOLDER <arguments>` and waits (up to 20 s, for
    /// a loaded machine) until it listens. Async so the wait sleeps instead of holding one of the
    /// few cooperative threads other tests need.
    package init(script: String, arguments: [String]) async throws {
        folder = ScratchFolder()
        let process = try ChildProcess(
            "/usr/bin/env", ["python3", Self.scripts.appendingPathComponent(script).path, "--folder", folder.url.path] + arguments,
            stderr: .file(folder.url.appendingPathComponent("stderr.log")))
        self.process = process
        let portFile = folder.url.appendingPathComponent("port")
        var port: Int?
        for _ in 0..<1_000 {
            if let text = try? String(contentsOf: portFile, encoding: .utf8), let number = Int(text) {
                port = number
                break
            }
            guard process.isRunning else { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        guard let port else {
            process.kill()
            let log = (try? String(contentsOf: folder.url.appendingPathComponent("stderr.log"), encoding: .utf8)) ?? ""
            throw LoopbackServerError(message: "\(script) did not start: \(log)")
        }
        self.port = port
    }

    /// SIGKILL, without waiting: the child's own waitpid thread reaps it.
    deinit {
        process.kill()
    }

    /// Sets what the server does with the next request or session (`accept`, `status 500`, `slow 5`).
    package func setMode(_ mode: String) throws {
        let temporary = folder.url.appendingPathComponent("mode.tmp")
        try Data(mode.utf8).write(to: temporary)
        // rename(2): the server reads either the old mode or the new one, never half a file.
        guard rename(temporary.path, folder.url.appendingPathComponent("mode").path) == 0 else {
            throw LoopbackServerError(message: "could not set the mode: errno \(errno)")
        }
    }

    /// The JSON lines the server appended to `name`, decoded.
    package func records<Record: Decodable>(_ name: String, as type: Record.Type) throws -> [Record] {
        let text = try String(contentsOf: folder.url.appendingPathComponent(name), encoding: .utf8)
        return try text.split(separator: "\n").map { try JSONDecoder().decode(Record.self, from: Data($0.utf8)) }
    }

    /// A loopback port nothing listens on, so connecting is refused. The socket stays bound (never
    /// listening) for the rest of the test process: closed, its port could be handed to another
    /// test's server in the parallel suite, which would then answer (seen under load).
    package static func closedPort() -> Int {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, length) == 0 ? getsockname(socket, $0, &length) : -1
            }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

package struct LoopbackServerError: Error, CustomStringConvertible {
    package var message: String
    package var description: String { message }
}
