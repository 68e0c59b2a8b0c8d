import Foundation
import Testing

@testable import DeepCut
@testable import DeepCutFixtures
@testable import DeepCutHTTP

/// Measurement 2: deepcut's HTTP layer alone (`CurlHTTPClient`, as the sweep builds it)
/// fetching a list of URLs `width` at a time in a sliding window, for comparison with
/// `curl --parallel --parallel-max width` on the same list.
@Suite(.enabled(if: BenchmarkRequest.wants("client")))
struct ClientBenchmark {
    struct Input: Decodable {
        var urls: String
        var width: Int
        var repeats: Int
    }

    struct Output: Encodable {
        /// Wall seconds of each repeat.
        var runs: [Double]
        var requests: Int
        var bytes: Int
        var statuses: [String: Int]
    }

    @Test func fetchList() async throws {
        let input = try BenchmarkRequest.input(Input.self)
        let urls = try String(contentsOfFile: input.urls, encoding: .utf8).split(separator: "\n").compactMap { URL(string: String($0)) }
        var runs: [Double] = []
        var responses: [HTTPResponse] = []
        for _ in 0..<input.repeats {
            // A fresh client per repeat, as each sweep process has: connections are opened inside the timing.
            let client = CurlHTTPClient(maximumConnectionsPerHost: input.width)
            let (time, fetched) = try await BenchmarkRequest.seconds { try await Self.fetch(urls, width: input.width, with: client) }
            runs.append(time)
            responses = fetched
        }
        let statuses = Dictionary(grouping: responses, by: { String($0.status) }).mapValues(\.count)
        try BenchmarkRequest.write(
            Output(
                runs: runs, requests: responses.count, bytes: responses.reduce(0) { $0 + $1.body.count },
                statuses: statuses))
    }

    /// Sliding window: filled to `width`, then one request starts per request that finishes.
    static func fetch(_ urls: [URL], width: Int, with client: any HTTPClient) async throws -> [HTTPResponse] {
        try await withThrowingTaskGroup(of: HTTPResponse.self) { group in
            var pending = urls[...]
            var responses: [HTTPResponse] = []
            for _ in 0..<width {
                guard let url = pending.popFirst() else { break }
                group.addTask { try await client.send(HTTPRequest(url: url, timeoutSeconds: 20)) }
            }
            while let response = try await group.next() {
                responses.append(response)
                if let url = pending.popFirst() {
                    group.addTask { try await client.send(HTTPRequest(url: url, timeoutSeconds: 20)) }
                }
            }
            return responses
        }
    }
}
