import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutHTTP

/// POSTs through the real client to a loopback receiver that records what arrived.
@Suite struct CurlHTTPClientPostTests {
    @Test func postsTheBodyAndHeadersAsGiven() async throws {
        let receiver = try await HTTPReceiver()
        // A zero byte and more than 1 KiB: sent whole, without waiting for `100 Continue`.
        let body = Data([0x7B, 0x00, 0x7D]) + Data(repeating: 0x61, count: 5_000)
        let request = HTTPRequest(
            url: receiver.url.appendingPathComponent("hook"), headers: ["Content-Type": "application/json", "X-Test": "1"], body: body,
            timeoutSeconds: 30)
        #expect(request.method == "POST")
        let response = try await CurlHTTPClient(maximumConnectionsPerHost: 1).send(request)
        #expect(response.status == 200)
        let received = try #require(try receiver.requests().first)
        #expect(received.method == "POST")
        #expect(received.path == "/hook")
        #expect(received.body == body)
        #expect(received.header("content-type") == "application/json")
        #expect(received.header("X-Test") == "1")
        #expect(received.header("Expect") == nil)
    }

    @Test func aGetStaysAGetWithoutBody() async throws {
        let receiver = try await HTTPReceiver()
        _ = try await CurlHTTPClient(maximumConnectionsPerHost: 1).send(HTTPRequest(url: receiver.url, timeoutSeconds: 30))
        let received = try #require(try receiver.requests().first)
        #expect(received.method == "GET")
        #expect(received.body.isEmpty)
    }

    @Test func anotherMethodIsSentWithItsBody() async throws {
        let receiver = try await HTTPReceiver()
        let request = HTTPRequest(url: receiver.url, method: "PUT", body: Data("x".utf8), timeoutSeconds: 30)
        _ = try await CurlHTTPClient(maximumConnectionsPerHost: 1).send(request)
        let received = try #require(try receiver.requests().first)
        #expect(received.method == "PUT")
        #expect(received.text == "x")
    }

    @Test func aNon2xxAnswerToAPostIsReturned() async throws {
        let receiver = try await HTTPReceiver(mode: .status(500))
        let response = try await CurlHTTPClient(maximumConnectionsPerHost: 1).send(
            HTTPRequest(url: receiver.url, body: Data("x".utf8), timeoutSeconds: 30))
        #expect(response.status == 500)
    }

    /// A GET follows a same-origin redirect; a POST gets the 3xx back and is sent once, nowhere else.
    @Test func onlyAGetFollowsARedirect() async throws {
        let receiver = try await HTTPReceiver(mode: .redirect(path: "/moved"))
        let client = CurlHTTPClient(maximumConnectionsPerHost: 1)
        let get = try await client.send(HTTPRequest(url: receiver.url.appendingPathComponent("old"), timeoutSeconds: 30))
        #expect(get.status == 200)
        let post = try await client.send(
            HTTPRequest(url: receiver.url.appendingPathComponent("hook"), body: Data("x".utf8), timeoutSeconds: 30))
        #expect(post.status == 302)
        #expect(try receiver.requests().map { "\($0.method) \($0.path)" } == ["GET /old", "GET /moved", "POST /hook"])
    }

    @Test func aRefusedConnectionSaysSo() async throws {
        let url = URL(string: "http://127.0.0.1:\(LoopbackServerProcess.closedPort())/")!
        do {
            _ = try await CurlHTTPClient(maximumConnectionsPerHost: 1).send(HTTPRequest(url: url, body: Data(), timeoutSeconds: 30))
            Issue.record("a closed port answered")
        } catch {
            #expect(error.kind == .transport)
            #expect(error.cause == .refused)
        }
    }
}
