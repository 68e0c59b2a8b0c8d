import DeepCutFixtures
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutCore
@testable import DeepCutHTTP

/// The production client against loopback servers: every fixture fault classified, the body cap
/// whatever the server sends, prompt cancellation, and redirects that never take a request's
/// credentials to another host.
@Suite struct CurlHTTPClientTests {
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
    static func failure(
        _ client: CurlHTTPClient, _ request: HTTPRequest,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> TransportError? {
        do {
            let response = try await client.send(request)
            Issue.record("answered HTTP \(response.status) with \(response.body.count) bytes", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }

    // MARK: - Every fixture fault, classified

    @Test func aRefusedConnectionIsATransportFailure() async throws {
        let port = try RefusingPort()
        let error = await Self.failure(
            CurlHTTPClient(maximumConnectionsPerHost: 1),
            HTTPRequest(url: Self.lookup(port.url), timeoutSeconds: 30))
        #expect(error == TransportError(.transport, "connection refused (curl 7)", cause: .refused))
    }

    @Test(arguments: [
        (FaultKind.reset, "connection reset (curl 56)"),
        (.truncate, "connection closed before the answer was complete (curl 18)")
    ])
    func aBrokenConnectionIsATransportFailure(kind: FaultKind, message: String) async throws {
        let (server, base) = try Self.server(fault: Fault(kind))
        defer { server.close() }
        let error = await Self.failure(
            CurlHTTPClient(maximumConnectionsPerHost: 1),
            HTTPRequest(url: Self.lookup(base), timeoutSeconds: 30))
        #expect(error == TransportError(.transport, message), "\(kind)")
    }

    @Test(.timeLimit(.minutes(1)))
    func aHungServerTimesOut() async throws {
        let (server, base) = try Self.server(fault: Fault(.hang))
        defer { server.close() }
        let error = await Self.failure(
            CurlHTTPClient(maximumConnectionsPerHost: 1),
            HTTPRequest(url: Self.lookup(base), timeoutSeconds: 1))
        #expect(error == TransportError(.timeout, "no complete answer within 1 s (curl 28)"))
    }

    /// The deadline is total, not idle: a server that never stops sending still ends at it.
    @Test(.timeLimit(.minutes(1)))
    func aBodyThatNeverEndsUnderAHugeCapEndsAtTheTotalDeadline() async throws {
        let (server, base) = try Self.server(fault: Fault(.streamedBody(contentLength: nil)))
        defer { server.close() }
        let client = CurlHTTPClient(maximumConnectionsPerHost: 1, maximumBodyBytes: Int.max / 2)
        let error = await Self.failure(client, HTTPRequest(url: Self.lookup(base), timeoutSeconds: 1))
        #expect(error?.kind == .timeout, "\(String(describing: error))")
    }

    @Test func aMalformedBodyIsAnAnswerForTheDecoderToRefuse() async throws {
        let (server, base) = try Self.server(fault: Fault(.malformed))
        defer { server.close() }
        let response = try await CurlHTTPClient(maximumConnectionsPerHost: 1).send(HTTPRequest(url: Self.lookup(base), timeoutSeconds: 30))
        #expect(response.status == 200)
        #expect(throws: (any Error).self) { try JSONSerialization.jsonObject(with: response.body) }
    }

    @Test(arguments: [
        (FaultKind.rateLimited(retryAfter: "7"), 429, String?("7")), (.rateLimited(retryAfter: nil), 429, nil),
        (.forbiddenEmpty, 403, nil),
        (.serviceUnavailable(retryAfter: "Fri, 15 Jan 2027 08:00:12 GMT"), 503, "Fri, 15 Jan 2027 08:00:12 GMT"),
        (.serviceUnavailable(retryAfter: nil), 503, nil), (.status(code: 404, body: "{}"), 404, nil)
    ])
    func aStatusFaultIsReturnedWithItsRetryAfter(kind: FaultKind, status: Int, retryAfter: String?) async throws {
        let (server, base) = try Self.server(fault: Fault(kind))
        defer { server.close() }
        let response = try await CurlHTTPClient(maximumConnectionsPerHost: 1).send(HTTPRequest(url: Self.lookup(base), timeoutSeconds: 30))
        #expect(response.status == status)
        #expect(response.header("retry-after") == retryAfter)
    }

    @Test func gzipIsOfferedAndAnswersCarryTheirHeaders() async throws {
        let (server, base) = try Self.server()
        defer { server.close() }
        let response = try await CurlHTTPClient(maximumConnectionsPerHost: 1).send(HTTPRequest(url: Self.lookup(base), timeoutSeconds: 30))
        #expect(response.status == 200)
        #expect(response.header("content-type") == "text/javascript; charset=utf-8", "\(response.headers)")
        #expect(server.requestLog.first?.headerNames.contains("accept-encoding") == true)
    }

    // MARK: - TLS

    /// A loopback TLS server whose certificate no CA signed: verification is on, so the request
    /// fails before any byte of it is sent (`openssl s_server`; scripts/test installs openssl).
    @Test(.timeLimit(.minutes(1)))
    func aCertificateNoCASignedIsRefused() async throws {
        let server = try await TLSLoopbackServer()
        defer { server.stop() }
        let port = server.port
        let error = await Self.failure(
            CurlHTTPClient(maximumConnectionsPerHost: 1),
            HTTPRequest(url: URL(string: "https://127.0.0.1:\(port)/")!, timeoutSeconds: 30))
        #expect(error == TransportError(.transport, "TLS failed (curl 60)", cause: .tls))
    }

    // MARK: - Connections

    @Test func oneConnectionServesRequestsOneAfterAnother() async throws {
        let (server, base) = try Self.server()
        defer { server.close() }
        let client = CurlHTTPClient(maximumConnectionsPerHost: 4)
        for _ in 0..<10 {
            #expect(try await client.send(HTTPRequest(url: Self.lookup(base), timeoutSeconds: 30)).status == 200)
        }
        // One, unless libcurl dropped it after 118 s idle (CURLOPT_MAXAGE_CONN): a starved parallel
        // run on two cores once held this test's task that long between two requests.
        #expect((1...2).contains(client.connectionsOpened), "\(client.connectionsOpened) connections for 10 requests")
    }

    @Test func concurrentRequestsShareAtMostTheCapOfConnections() async throws {
        let (server, base) = try Self.server(fault: Fault(.latency(milliseconds: 100)))
        defer { server.close() }
        let client = CurlHTTPClient(maximumConnectionsPerHost: 3)
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<12 {
                group.addTask { try await client.send(HTTPRequest(url: Self.lookup(base), timeoutSeconds: 60)).status }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses == Array(repeating: 200, count: 12))
        #expect(server.requestLog.count == 12)
        #expect((1...3).contains(client.connectionsOpened), "\(client.connectionsOpened) connections")
    }

    // MARK: - Cancellation

    /// Cancelling the caller answers it at once, whatever the server does: here it never answers
    /// and the request's own deadline is two minutes away (the time limit fails a slow cancel).
    @Test(.timeLimit(.minutes(1)))
    func cancellingTheCallerEndsAHungRequestAtOnce() async throws {
        let (server, base) = try Self.server(fault: Fault(.hang))
        defer { server.close() }
        let client = CurlHTTPClient(maximumConnectionsPerHost: 1)
        let request = Task { try await client.send(HTTPRequest(url: Self.lookup(base), timeoutSeconds: 120)) }
        while server.requestLog.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        request.cancel()
        let error = await #expect(throws: TransportError.self) { try await request.value }
        #expect(error?.kind == .cancelled)
        // The client still works after a cancelled transfer.
        server.setFault(nil, forArtistID: Self.artist.id)
        #expect(try await client.send(HTTPRequest(url: Self.lookup(base), timeoutSeconds: 30)).status == 200)
    }

    // MARK: - Body cap

    @Test func aBodyOfExactlyTheCapIsAcceptedAndOneByteMoreIsNot() async throws {
        for (size, accepted) in [(1000, true), (1001, false)] {
            let (server, base) = try Self.server(fault: Fault(.body(bytes: Array(repeating: UInt8(ascii: " "), count: size))))
            defer { server.close() }
            let client = CurlHTTPClient(maximumConnectionsPerHost: 1, maximumBodyBytes: 1000)
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
        defer { server.close() }
        let client = CurlHTTPClient(maximumConnectionsPerHost: 1, maximumBodyBytes: 100_000)
        let error = await Self.failure(client, HTTPRequest(url: Self.lookup(base), timeoutSeconds: 60))
        #expect(
            error == TransportError(.bodyTooLarge, "body larger than 100000 bytes"), "Content-Length \(String(describing: contentLength))")
    }

    @Test func aValid16MegabyteBodyIsAcceptedWhole() async throws {
        // Leading whitespace is valid JSON (iTunes itself sends blank lines first).
        let json = Array(#"{"resultCount": 0, "results": []}"#.utf8)
        let bytes = Array(repeating: UInt8(ascii: "\n"), count: 16 * 1024 * 1024 - json.count) + json
        let (server, base) = try Self.server(fault: Fault(.body(bytes: bytes)))
        defer { server.close() }
        let client = CurlHTTPClient(maximumConnectionsPerHost: 1)
        let response = try await client.send(HTTPRequest(url: Self.lookup(base), timeoutSeconds: 120))
        #expect(response.status == 200)
        #expect(response.body.count == 16 * 1024 * 1024)
        #expect(response.body.suffix(json.count).elementsEqual(json))
    }

    // MARK: - Redirects

    @Test func aRedirectToAnotherHostIsRefusedAndNothingReachesIt() async throws {
        let (elsewhere, elsewhereURL) = try Self.server(host: "127.0.0.2")
        defer { elsewhere.close() }
        let (server, base) = try Self.server(fault: Fault(.redirect(location: Self.lookup(elsewhereURL).absoluteString)))
        defer { server.close() }
        let client = CurlHTTPClient(maximumConnectionsPerHost: 1)
        let request = HTTPRequest(
            url: Self.lookup(base), headers: ["Authorization": Self.token, "Music-User-Token": "user-secret"],
            timeoutSeconds: 30)
        let error = await Self.failure(client, request)
        #expect(error?.kind == .redirectRefused)
        #expect(
            error?.message
                == "redirect (HTTP 302) to \(elsewhereURL.absoluteString) refused: only redirects to \(base.absoluteString) are followed")
        #expect(error?.message.contains("secret") == false)
        #expect(server.requestLog.count == 1)
        #expect(server.requestLog.first?.headerNames.contains("authorization") == true)
        #expect(elsewhere.requestLog.isEmpty, "\(elsewhere.requestLog)")
    }

    @Test func aRedirectToAnotherPortOrSchemeOfTheSameHostIsRefused() async throws {
        let (other, otherURL) = try Self.server()
        defer { other.close() }
        for location in [Self.lookup(otherURL).absoluteString, "https://127.0.0.1:1/lookup"] {
            let (server, base) = try Self.server(fault: Fault(.redirect(location: location)))
            defer { server.close() }
            let error = await Self.failure(
                CurlHTTPClient(maximumConnectionsPerHost: 1),
                HTTPRequest(url: Self.lookup(base), timeoutSeconds: 30))
            #expect(error?.kind == .redirectRefused, "\(location)")
        }
        #expect(other.requestLog.isEmpty)
    }

    @Test func aRedirectOnTheSameHostIsFollowedWithItsHeaders() async throws {
        let (server, base) = try Self.server()
        defer { server.close() }
        // Redirect once, to the same server's answer for the same artist.
        server.setFault(Fault(.redirect(location: Self.lookup(base).absoluteString + "&moved=1"), times: 1), forArtistID: Self.artist.id)
        let response = try await CurlHTTPClient(maximumConnectionsPerHost: 1)
            .send(HTTPRequest(url: Self.lookup(base), headers: ["Authorization": Self.token], timeoutSeconds: 30))
        #expect(response.status == 200)
        #expect(server.requestLog.map(\.status) == [302, 200])
        #expect(server.requestLog.last?.query.hasSuffix("moved=1") == true)
        #expect(server.requestLog.allSatisfy { $0.headerNames.contains("authorization") })
    }

    @Test func aRedirectLoopOnTheSameHostEndsAfterTheHopLimit() async throws {
        let (server, base) = try Self.server()
        defer { server.close() }
        server.setFault(Fault(.redirect(location: Self.lookup(base).absoluteString)), forArtistID: Self.artist.id)
        let error = await Self.failure(
            CurlHTTPClient(maximumConnectionsPerHost: 1),
            HTTPRequest(url: Self.lookup(base), timeoutSeconds: 30))
        #expect(error == TransportError(.redirectRefused, "more than \(CurlHTTPClient.maximumRedirects) redirects"))
        #expect(server.requestLog.count == CurlHTTPClient.maximumRedirects + 1)
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
