import DeepCutFixtures
import Foundation
import Testing
@testable import DeepCut

/// The production client against loopback servers: the body cap whatever the server sends, and
/// redirects that never take a request's credentials to another host.
@Suite struct URLSessionHTTPClientTests {
    static let artist = FixtureArtist(id: "42", name: "Artist")
    static let token = "Bearer redirect-test.jwt"

    /// A server on `host` with one artist (id 42), optionally faulted.
    static func server(host: String = "127.0.0.1", fault: Fault? = nil) throws -> (FixtureServer, URL) {
        var artist = artist
        artist.fault = fault
        let server = FixtureServer(catalog: FixtureCatalog(artists: [artist]), options: FixtureServerOptions(host: host))
        return (server, try server.start())
    }

    static func lookup(_ base: URL, id: String = artist.id) -> URL {
        URL(string: "\(base.absoluteString)/lookup?id=\(id)&entity=album")!
    }

    /// The transport error `send` throws, or nil (recorded as an issue) when it answered.
    static func failure(_ client: URLSessionHTTPClient, _ request: HTTPRequest,
                        sourceLocation: SourceLocation = #_sourceLocation) async -> TransportError? {
        do {
            let response = try await client.send(request)
            Issue.record("answered HTTP \(response.status) with \(response.body.count) bytes", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }

    // MARK: - Body cap

    @Test func aBodyOfExactlyTheCapIsAcceptedAndOneByteMoreIsNot() async throws {
        for (size, accepted) in [(1000, true), (1001, false)] {
            let (server, base) = try Self.server(fault: Fault(.body(bytes: Array(repeating: UInt8(ascii: " "), count: size))))
            defer { server.stop() }
            let client = URLSessionHTTPClient(maximumConnectionsPerHost: 1, maximumBodyBytes: 1000)
            let request = HTTPRequest(url: Self.lookup(base), timeoutSeconds: 30)
            if accepted {
                #expect(try await client.send(request).body.count == size)
            } else {
                let error = await Self.failure(client, request)
                #expect(error == TransportError(.bodyTooLarge, "body larger than 1000 bytes"))
            }
        }
    }

    @Test(arguments: [nil, 50_000_000])
    func aStreamedBodyPastTheCapIsRefusedNotTimedOut(contentLength: Int?) async throws {
        let (server, base) = try Self.server(fault: Fault(.streamedBody(contentLength: contentLength)))
        defer { server.stop() }
        let client = URLSessionHTTPClient(maximumConnectionsPerHost: 1, maximumBodyBytes: 100_000)
        let error = await Self.failure(client, HTTPRequest(url: Self.lookup(base), timeoutSeconds: 60))
        #expect(error == TransportError(.bodyTooLarge, "body larger than 100000 bytes"), "Content-Length \(String(describing: contentLength))")
    }

    @Test func aValid16MegabyteBodyIsAcceptedWhole() async throws {
        // Leading whitespace is valid JSON (iTunes itself sends blank lines first).
        let json = Array(#"{"resultCount": 0, "results": []}"#.utf8)
        let bytes = Array(repeating: UInt8(ascii: "\n"), count: 16 * 1024 * 1024 - json.count) + json
        let (server, base) = try Self.server(fault: Fault(.body(bytes: bytes)))
        defer { server.stop() }
        let client = URLSessionHTTPClient(maximumConnectionsPerHost: 1)
        let response = try await client.send(HTTPRequest(url: Self.lookup(base), timeoutSeconds: 120))
        #expect(response.status == 200)
        #expect(response.body.count == 16 * 1024 * 1024)
        #expect(response.body.suffix(json.count).elementsEqual(json))
    }

    // MARK: - Redirects

    @Test func aRedirectToAnotherHostIsRefusedAndNothingReachesIt() async throws {
        let (elsewhere, elsewhereURL) = try Self.server(host: "127.0.0.2")
        defer { elsewhere.stop() }
        let (server, base) = try Self.server(fault: Fault(.redirect(location: Self.lookup(elsewhereURL).absoluteString)))
        defer { server.stop() }
        let client = URLSessionHTTPClient(maximumConnectionsPerHost: 1)
        let request = HTTPRequest(url: Self.lookup(base), headers: ["Authorization": Self.token, "Music-User-Token": "user-secret"],
                                  timeoutSeconds: 30)
        let error = await Self.failure(client, request)
        #expect(error?.kind == .redirectRefused)
        #expect(error?.message == "redirect (HTTP 302) to \(elsewhereURL.absoluteString) refused: only redirects to \(base.absoluteString) are followed")
        #expect(error?.message.contains("secret") == false)
        #expect(server.requestLog.count == 1)
        #expect(server.requestLog.first?.headerNames.contains("authorization") == true)
        #expect(elsewhere.requestLog.isEmpty, "\(elsewhere.requestLog)")
    }

    @Test func aRedirectToAnotherPortOrSchemeOfTheSameHostIsRefused() async throws {
        let (other, otherURL) = try Self.server()
        defer { other.stop() }
        for location in [Self.lookup(otherURL).absoluteString, "https://127.0.0.1:1/lookup"] {
            let (server, base) = try Self.server(fault: Fault(.redirect(location: location)))
            defer { server.stop() }
            let error = await Self.failure(URLSessionHTTPClient(maximumConnectionsPerHost: 1),
                                           HTTPRequest(url: Self.lookup(base), timeoutSeconds: 30))
            #expect(error?.kind == .redirectRefused, "\(location)")
        }
        #expect(other.requestLog.isEmpty)
    }

    @Test func aRedirectOnTheSameHostIsFollowedWithItsHeaders() async throws {
        let (server, base) = try Self.server()
        defer { server.stop() }
        // Redirect once, to the same server's answer for the same artist.
        server.setFault(Fault(.redirect(location: Self.lookup(base).absoluteString + "&moved=1"), times: 1), forArtistID: Self.artist.id)
        let response = try await URLSessionHTTPClient(maximumConnectionsPerHost: 1)
            .send(HTTPRequest(url: Self.lookup(base), headers: ["Authorization": Self.token], timeoutSeconds: 30))
        #expect(response.status == 200)
        #expect(server.requestLog.map(\.status) == [302, 200])
        #expect(server.requestLog.last?.query.hasSuffix("moved=1") == true)
        #expect(server.requestLog.allSatisfy { $0.headerNames.contains("authorization") })
    }

    @Test func aRedirectLoopOnTheSameHostEndsAfterTheHopLimit() async throws {
        let (server, base) = try Self.server()
        defer { server.stop() }
        server.setFault(Fault(.redirect(location: Self.lookup(base).absoluteString)), forArtistID: Self.artist.id)
        let error = await Self.failure(URLSessionHTTPClient(maximumConnectionsPerHost: 1),
                                       HTTPRequest(url: Self.lookup(base), timeoutSeconds: 30))
        #expect(error == TransportError(.redirectRefused, "more than \(URLSessionTransfers.maximumRedirects) redirects"))
        #expect(server.requestLog.count == URLSessionTransfers.maximumRedirects + 1)
    }

    @Test func aRefusedRedirectIsAFinalTransportFailureNotRetried() {
        guard case .fail(let failure) = AttemptVerdict(TransportError(.redirectRefused, "redirect (HTTP 302) to http://x:1 refused")) else {
            Issue.record("a refused redirect must not be retried")
            return
        }
        #expect(failure.kind == .transport)
        #expect(failure.message.contains("redirect"))
    }
}
