import DeepCutTestKit
import Dispatch
import Foundation
import Testing

@testable import DeepCutFixtures

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct FixtureServerTests {
    let client = FixtureTestClient()

    // MARK: - Request log

    @Test func logRecordsEveryCatalogRequestInOrder() async throws {
        try await withFixtureServer { server, url in
            _ = try await client.get(url, "/search?term=polyphia&entity=musicArtist")
            _ = try await client.get(url, "/lookup?id=640294344&entity=album")
            _ = try await client.get(url, "/nowhere")
            let log = server.requestLog
            #expect(log.map(\.path) == ["/search", "/lookup", "/nowhere"])
            #expect(log.map(\.query) == ["term=polyphia&entity=musicArtist", "id=640294344&entity=album", ""])
            #expect(log.map(\.route) == ["itunes.search", "itunes.lookup", "notFound"])
            #expect(log.map(\.status) == [200, 200, 404])
            #expect(log.map(\.receivedAt) == log.map(\.receivedAt).sorted())
            #expect(log.allSatisfy { $0.fault == nil })

            server.resetLog()
            #expect(server.requestLog.isEmpty)
        }
    }

    @Test func logIsServedOverHTTPWithoutLoggingItself() async throws {
        try await withFixtureServer { _, url in
            _ = try await client.get(url, "/search?term=polyphia&entity=musicArtist")
            let (body, response) = try await client.get(url, "/_fixture/log")
            #expect(response.statusCode == 200)
            let log = try JSONDecoder().decode([LoggedRequest].self, from: body)
            #expect(log.map(\.route) == ["itunes.search"])
            let again = try JSONDecoder().decode([LoggedRequest].self, from: try await client.get(url, "/_fixture/log").body)
            #expect(again == log)
        }
    }

    @Test func otherMethodsAreRefused() async throws {
        try await withFixtureServer { _, url in
            var request = URLRequest(url: url.appendingPathComponent("search"))
            request.httpMethod = "POST"
            request.httpBody = Data("term=polyphia".utf8)
            let (_, response) = try await client.session.data(for: request)
            #expect((response as? HTTPURLResponse)?.statusCode == 405)
        }
    }

    // MARK: - Connections

    /// Waits are woken by the server itself (`waitForRequests`, a continuation), not polled against a
    /// wall-clock bound: on a loaded two-core run other tests can starve this one's tasks for longer
    /// than any such bound, and the stop no longer blocks one of the few cooperative threads.
    @Test(.timeLimit(.minutes(3))) func servesSixteenConnectionsAtOnce() async throws {
        let hanging = FixtureTestClient(timeoutSeconds: 120, connectionsPerHost: 16)
        let server = FixtureServer(catalog: FixtureTestCatalog.catalog)
        let url = try server.start()
        server.setFault(Fault(.hang), forArtistID: FixtureTestCatalog.faultyID)
        let hungRequests = (0..<16).map { _ in
            Task { try await hanging.get(url, "/lookup?id=\(FixtureTestCatalog.faultyID)&entity=album") }
        }
        #expect(await server.waitForRequests(16), "16 connections were never open at once")
        #expect(server.requestLog.allSatisfy { $0.fault?.kind == .hang })
        let answer = try await client.results(url, "/lookup?id=\(FixtureTestCatalog.polyphiaID)&entity=album")
        #expect(answer.artists.count == 1)

        await server.stop()
        for request in hungRequests {
            await #expect(throws: URLError.self) { try await request.value }
        }
    }

    @Test(.timeLimit(.minutes(3))) func stopEndsAHungConnectionAndReturns() async throws {
        let patient = FixtureTestClient(timeoutSeconds: 120)
        let server = FixtureServer(catalog: FixtureTestCatalog.catalog)
        let url = try server.start()
        server.setFault(Fault(.hang), forArtistID: FixtureTestCatalog.faultyID)
        let hung = Task { try await patient.get(url, "/lookup?id=\(FixtureTestCatalog.faultyID)&entity=album") }
        #expect(await server.waitForRequests(1))

        // stop() must return although the hung connection's client never leaves. The bound only
        // tells a stop that never returns from a slow one; the client waits longer than it.
        let stopped = Completion<Void>()
        Task {
            await server.stop()
            stopped.complete(())
        }
        let returned = await withTaskGroup(of: Bool.self) { group in
            group.addTask { await stopped.valueUnlessCancelled() != nil }
            group.addTask {
                try? await Task.sleep(for: .seconds(100))
                return false
            }
            defer { group.cancelAll() }
            return await group.next() ?? false
        }
        #expect(returned, "stop() did not return with a hung connection open")
        await #expect(throws: URLError.self) { try await hung.value }
    }

    @Test func stoppedServerRefusesConnectionsAndCannotRestart() async throws {
        let server = FixtureServer(catalog: FixtureTestCatalog.catalog)
        let url = try server.start()
        #expect(throws: FixtureServerError.self) { try server.start() }
        await server.stop()
        await server.stop()
        let logged = server.requestLog.count
        // The freed port may already serve another test's server (the suite runs in parallel), so an
        // answer alone proves nothing: this server must log nothing, and a refusal must say so.
        do {
            _ = try await client.get(url, "/search?term=a&entity=musicArtist")
        } catch let error as URLError {
            #expect(error.code == .cannotConnectToHost)
        }
        #expect(server.requestLog.count == logged, "a stopped server answered")
        #expect(throws: FixtureServerError.self) { try server.start() }
    }

    @Test func startReturnsALoopbackURLOnAFreePort() throws {
        let server = FixtureServer(catalog: FixtureTestCatalog.catalog)
        defer { server.close() }
        let url = try server.start()
        #expect(url.scheme == "http")
        #expect(url.host == "127.0.0.1")
        #expect((url.port ?? 0) > 0)

        let samePort = FixtureServer(catalog: FixtureTestCatalog.catalog, options: FixtureServerOptions(port: url.port ?? 0))
        #expect(throws: FixtureServerError.self) { try samePort.start() }
    }

    @Test func keepAliveConnectionServesManyRequests() async throws {
        let single = FixtureTestClient(connectionsPerHost: 1)
        try await withFixtureServer { server, url in
            for _ in 0..<50 {
                _ = try await single.results(url, "/search?term=beyonce&entity=musicArtist")
            }
            #expect(server.requestLog.count == 50)
            #expect(server.requestLog.allSatisfy { $0.status == 200 })
        }
    }
}
