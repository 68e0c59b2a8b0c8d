/// The network edge: the only seam tests replace with a double.
///
/// Non-2xx answers are returned, not thrown; only a failure to get an answer at all throws.
package protocol HTTPClient: Sendable {
    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse
}
