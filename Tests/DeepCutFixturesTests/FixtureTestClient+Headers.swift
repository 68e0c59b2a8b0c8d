import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension FixtureTestClient {
    /// GETs with request headers (Authorization, User-Agent), which the Apple Music and MusicBrainz routes check.
    func get(_ base: URL, _ pathAndQuery: String, headers: [String: String]) async throws -> (body: Data, response: HTTPURLResponse) {
        var request = URLRequest(url: URL(string: base.absoluteString + pathAndQuery)!)
        for (name, value) in headers {
            request.setValue(value, forHTTPHeaderField: name)
        }
        let (data, response) = try await session.data(for: request)
        return (data, response as! HTTPURLResponse)
    }

    /// GETs and parses a JSON object answer, whatever the status.
    func object(_ base: URL, _ pathAndQuery: String, headers: [String: String]) async throws -> (json: [String: Any], status: Int) {
        let (body, response) = try await get(base, pathAndQuery, headers: headers)
        let json = try JSONSerialization.jsonObject(with: body) as? [String: Any]
        return (json ?? [:], response.statusCode)
    }
}
