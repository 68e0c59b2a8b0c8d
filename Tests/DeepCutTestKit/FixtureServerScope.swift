import DeepCutFixtures
import Foundation

/// Polls `condition` every 10 ms until it holds or `seconds` pass: a bounded wait, not a timing assertion.
package func waitUntil(seconds: Double = 60, _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while ContinuousClock.now < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return condition()
}

/// Runs `body` against a freshly started server and always stops it, so no test leaks threads or ports.
package func withFixtureServer<Result>(
    _ catalog: FixtureCatalog = FixtureTestCatalog.catalog,
    options: FixtureServerOptions = FixtureServerOptions(),
    _ body: (FixtureServer, URL) async throws -> Result
) async throws -> Result {
    let server = FixtureServer(catalog: catalog, options: options)
    let url = try server.start()
    let result: Swift.Result<Result, any Error>
    do {
        result = .success(try await body(server, url))
    } catch {
        result = .failure(error)
    }
    await server.stop()
    return try result.get()
}
