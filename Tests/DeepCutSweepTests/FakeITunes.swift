import DeepCutTestKit
import Foundation

@testable import DeepCutCatalog
@testable import DeepCutFixtures
@testable import DeepCutHTTP

/// Routes requests the way the iTunes Search API would for a tiny catalog, at the network edge.
///
/// Every artist exists with one album, except names starting with "Missing" (no hits),
/// "Down" (search answers 404) and "Garbled" (the album lookup answers a non-JSON 200).
/// An artist with a gate waits at its search until the test opens the gate, or is cancelled.
enum FakeITunes {
    static func client(gates: [String: Gate] = [:]) -> ScriptedHTTPClient {
        ScriptedHTTPClient { request throws(TransportError) in
            if request.url.path.hasSuffix("/search") {
                let name = request.query("term") ?? ""
                if let gate = gates[name], await !gate.wait() {
                    throw TransportError(.cancelled, "request cancelled")
                }
                if name.hasPrefix("Missing") { return ITunesJSON.ok([]) }
                if name.hasPrefix("Down") { return HTTPResponse(status: 404) }
                return ITunesJSON.ok([ITunesJSON.artist(name, id: id(of: name))])
            }
            let artistID = Int(request.query("id") ?? "") ?? 0
            let name = names[artistID] ?? "?"
            if name.hasPrefix("Garbled") { return HTTPResponse(status: 200, body: Data("<html>".utf8)) }
            return ITunesJSON.ok([
                ITunesJSON.artist(name, id: artistID),
                ITunesJSON.collection("\(name) Album", id: artistID * 10, artist: name)
            ])
        }
    }

    static let names = Dictionary(uniqueKeysWithValues: knownNames.map { (id(of: $0), $0) })

    private static let knownNames = ["A", "B", "C", "D", "E", "Slow", "Garbled One"]

    static func id(of name: String) -> Int {
        (knownNames.firstIndex(of: name) ?? 99) + 1
    }

    static func provider(_ client: ScriptedHTTPClient) -> ITunesProvider {
        let requester = CatalogRequester(
            client: client, policy: RetryPolicy(maxAttempts: 1), timeoutSeconds: 5,
            random: { 0 }, sleep: { _ in })
        return ITunesProvider(baseURL: URL(string: "http://127.0.0.1:9")!, country: "us", requester: requester, batchSize: 1)
    }

    static func searched(_ name: String) -> @Sendable ([HTTPRequest]) -> Bool {
        { requests in requests.contains { $0.url.path == "/search" && $0.query("term") == name } }
    }
}
