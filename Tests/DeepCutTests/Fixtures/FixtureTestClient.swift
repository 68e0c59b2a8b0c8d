import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import DeepCutFixtures

/// A URLSession client for the fixture tests: what the product's HTTP client sees is what the tests see.
struct FixtureTestClient {
    let session: URLSession

    /// - Parameter timeoutSeconds: URLSession's idle timeout (whole seconds; it drops fractions on Linux).
    init(timeoutSeconds: Double = 10, connectionsPerHost: Int = 4) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeoutSeconds
        configuration.httpMaximumConnectionsPerHost = connectionsPerHost
        session = URLSession(configuration: configuration)
    }

    func get(_ url: URL) async throws -> (body: Data, response: HTTPURLResponse) {
        let (data, response) = try await session.data(from: url)
        return (data, response as! HTTPURLResponse)
    }

    func get(_ base: URL, _ pathAndQuery: String) async throws -> (body: Data, response: HTTPURLResponse) {
        try await get(URL(string: base.absoluteString + pathAndQuery)!)
    }

    /// GETs and decodes an iTunes-format answer, which must be a 200.
    func results(_ base: URL, _ pathAndQuery: String) async throws -> ITunesTestResponse {
        let (body, response) = try await get(base, pathAndQuery)
        guard response.statusCode == 200 else { throw UnexpectedStatus(status: response.statusCode) }
        return try JSONDecoder().decode(ITunesTestResponse.self, from: body)
    }

    struct UnexpectedStatus: Error {
        let status: Int
    }
}

/// Polls `condition` every 10 ms until it holds or `seconds` pass: a bounded wait, not a timing assertion.
func waitUntil(seconds: Double = 60, _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while ContinuousClock.now < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return condition()
}

/// Runs `body` against a freshly started server and always stops it, so no test leaks threads or ports.
func withFixtureServer<Result>(
    _ catalog: FixtureCatalog = FixtureTestCatalog.catalog,
    options: FixtureServerOptions = FixtureServerOptions(),
    _ body: (FixtureServer, URL) async throws -> Result
) async throws -> Result {
    let server = FixtureServer(catalog: catalog, options: options)
    let url = try server.start()
    defer { server.stop() }
    return try await body(server, url)
}
