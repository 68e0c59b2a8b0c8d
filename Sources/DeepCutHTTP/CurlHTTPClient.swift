/// The production `HTTPClient`: libcurl's multi interface on one event-loop thread (`CurlEventLoop`).
///
/// - Connections are kept and reused across the whole sweep, at most `maximumConnectionsPerHost`
///   per host (the sweep's width), HTTP/2-multiplexed where the server offers it.
/// - TLS is always verified against the system's CA store; `HTTPS_PROXY`, `https_proxy`,
///   `http_proxy` and `NO_PROXY` are honoured as libcurl reads them from the environment.
/// - The per-request deadline is total, in milliseconds, whatever the server drips.
/// - Bodies are capped as they stream in (`CurlTransfer`); redirects stay on the request's origin.
/// - Non-2xx answers are returned as responses; only "no complete answer" throws.
package final class CurlHTTPClient: HTTPClient {
    static let defaultMaximumBodyBytes = 20 * 1024 * 1024
    static let maximumRedirects = 5

    private let loop: CurlEventLoop
    private let maximumBodyBytes: Int

    /// - Parameters:
    ///   - maximumConnectionsPerHost: usually the sweep's width; at least 1.
    ///   - maximumBodyBytes: a larger body fails the request as `.bodyTooLarge`.
    package init(maximumConnectionsPerHost: Int, maximumBodyBytes: Int = defaultMaximumBodyBytes) {
        loop = CurlEventLoop(maximumConnectionsPerHost: max(1, maximumConnectionsPerHost))
        self.maximumBodyBytes = maximumBodyBytes
    }

    deinit {
        loop.stop()
    }

    /// New connections opened so far, for tests and benchmarks.
    var connectionsOpened: Int { loop.connectionsOpened }

    package func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        try await loop.perform(request, maximumBodyBytes: maximumBodyBytes).get()
    }
}
