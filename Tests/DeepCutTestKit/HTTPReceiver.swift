import Foundation

/// A loopback HTTP receiver (Tests/Servers/http_receiver.py) standing in for a webhook endpoint, an
/// ntfy server, an Apprise API server, Discord or Slack: it records every request and answers as
/// its mode says.
///
///     let receiver = try await HTTPReceiver()              // answers 200
///     let url = receiver.url.appending(path: "topic") // http://127.0.0.1:PORT/topic
///     ... deliver ...
///     let request = try #require(receiver.requests().first)
///     request.header("Title"), request.text, request.path
///     try receiver.setMode(.status(500))             // the next requests get 500
///     try receiver.setMode(.slow(seconds: 5))        // answers after 5 s: past a 1 s deadline
///
/// For "connection refused" use `LoopbackServerProcess.closedPort()`.
package final class HTTPReceiver: Sendable {
    package enum Mode: Sendable {
        case accept
        case status(Int)
        case slow(seconds: Int)
        /// 302 to this path on the receiver (a request for the path itself gets 200).
        case redirect(path: String)
        /// 431 when the header lines pass `headerBytes`, 413 when the body passes `bodyBytes`, else 200.
        case limit(headerBytes: Int, bodyBytes: Int)

        var text: String {
            switch self {
            case .accept: "accept"
            case .status(let status): "status \(status)"
            case .slow(let seconds): "slow \(seconds)"
            case .redirect(let path): "redirect \(path)"
            case .limit(let headerBytes, let bodyBytes): "limit \(headerBytes) \(bodyBytes)"
            }
        }
    }

    /// One request as the server read it.
    package struct Request: Sendable, Decodable {
        package var method: String
        /// The path and query, as sent.
        package var path: String
        package var headers: [String: String]
        package var body: Data

        /// A header's value, the name matched case-insensitively.
        package func header(_ name: String) -> String? {
            headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
        }

        /// The body as UTF-8 text.
        package var text: String { String(decoding: body, as: UTF8.self) }
    }

    private let server: LoopbackServerProcess

    package init(mode: Mode = .accept) async throws {
        server = try await LoopbackServerProcess(script: "http_receiver.py", arguments: [])
        if case .accept = mode {} else { try setMode(mode) }
    }

    package var port: Int { server.port }
    /// `http://127.0.0.1:PORT/`.
    package var url: URL { URL(string: "http://127.0.0.1:\(server.port)/")! }

    package func setMode(_ mode: Mode) throws { try server.setMode(mode.text) }

    /// Every request received so far, in order.
    package func requests() throws -> [Request] { try server.records("requests.jsonl", as: Request.self) }
}
