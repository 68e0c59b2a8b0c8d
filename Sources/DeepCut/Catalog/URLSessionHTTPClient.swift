import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The production `HTTPClient`: URLSession with this platform's traps handled.
///
/// - Connections per host stay ≤ 4 on an ephemeral configuration: at 8 URLSession opened
///   50–110 connections against a slow server.
/// - URLSession's timeout is an idle timeout in whole seconds, so a slow-drip server could hold a
///   request forever; the total deadline is enforced here by racing the transfer against a sleep.
/// - Non-2xx answers are returned as responses; only "no complete answer" throws.
/// - Bodies are capped while they stream in, so a runaway answer costs at most the cap in memory.
/// - Redirects are followed only to the request's own scheme, host and port (credentials never travel).
final class URLSessionHTTPClient: HTTPClient {
    static let defaultMaximumBodyBytes = 20 * 1024 * 1024
    static let connectionCeiling = 4

    private let session: URLSession
    private let transfers: URLSessionTransfers

    /// - Parameters:
    ///   - maximumConnectionsPerHost: usually the sweep's width; clamped to 1...4.
    ///   - maximumBodyBytes: a larger body fails the request as `.bodyTooLarge`.
    init(maximumConnectionsPerHost: Int, maximumBodyBytes: Int = defaultMaximumBodyBytes) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = min(max(1, maximumConnectionsPerHost), Self.connectionCeiling)
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        transfers = URLSessionTransfers(maximumBodyBytes: maximumBodyBytes)
        session = URLSession(configuration: configuration, delegate: transfers, delegateQueue: InlineDelegateQueue())
    }

    /// A session retains its delegate until invalidated; without this both would leak.
    deinit {
        session.invalidateAndCancel()
    }

    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        do {
            return try await withThrowingTaskGroup(of: HTTPResponse?.self) { group in
                group.addTask { try await self.transfer(request) }
                group.addTask {
                    try await Task.sleep(for: .seconds(request.timeoutSeconds))
                    return nil
                }
                defer { group.cancelAll() }
                guard let response = try await group.next() ?? nil else {
                    throw TransportError(.timeout, "no complete answer within \(request.timeoutSeconds) s")
                }
                return response
            }
        } catch let error as TransportError {
            throw error
        } catch {
            // Only the deadline's sleep throws anything else, and it throws only when cancelled.
            throw TransportError(.cancelled, "request cancelled")
        }
    }

    private func transfer(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData,
                                    timeoutInterval: TimeInterval(request.timeoutSeconds))
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        return try await transfers.run(session.dataTask(with: urlRequest))
    }
}
