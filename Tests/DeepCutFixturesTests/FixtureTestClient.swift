import Foundation

@testable import DeepCutFixtures

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A URLSession client for the fixture tests: the server's answers as an independent HTTP client
/// reads them (this target depends on no product module; the product's client is libcurl's).
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
