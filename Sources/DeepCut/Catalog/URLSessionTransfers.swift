import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// The session delegate that turns data tasks into async calls with a body cap, a redirect policy
/// and prompt cancellation.
///
/// A delegate (not `data(for:)`) because only a delegate sees the body while it streams, so the cap
/// stops the download instead of judging it afterwards. Cancellation resumes the caller at once
/// rather than trusting the task to report back, so a deadline can never wait on a stuck transfer.
///
/// Redirects: URLSession follows them by default and re-sends every header, `Authorization` and
/// `Music-User-Token` included, to wherever the `Location` points. So a redirect is followed only to
/// the same scheme, host and port as the request, at most `maximumRedirects` times; any other is a
/// `.redirectRefused` failure naming where it pointed, and no byte goes there.
final class URLSessionTransfers: NSObject, URLSessionDataDelegate, Sendable {
    static let maximumRedirects = 5

    private struct Transfer {
        var continuation: CheckedContinuation<Result<HTTPResponse, TransportError>, Never>
        var response: HTTPURLResponse?
        /// The body as it arrived, joined once at the end: no chunk is ever copied while the body
        /// grows, so a refused body costs at most the cap, never a growing buffer's old and new storage.
        var chunks: [Data] = []
        var byteCount = 0
        var redirects = 0

        var body: Data {
            var body = Data(capacity: byteCount)
            for chunk in chunks { body.append(chunk) }
            return body
        }
    }

    private let maximumBodyBytes: Int
    private let transfers = Mutex<[Int: Transfer]>([:])

    init(maximumBodyBytes: Int) {
        self.maximumBodyBytes = maximumBodyBytes
    }

    /// Starts `task` and waits for its complete answer, a failure, or the caller's cancellation.
    func run(_ task: URLSessionDataTask) async throws(TransportError) -> HTTPResponse {
        let id = task.taskIdentifier
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                transfers.withLock { $0[id] = Transfer(continuation: continuation) }
                // A cancellation that came before registration found nothing to finish: honour it here.
                if Task.isCancelled {
                    finish(id, with: .failure(TransportError(.cancelled, "request cancelled")))
                } else {
                    task.resume()
                }
            }
        } onCancel: {
            finish(id, with: .failure(TransportError(.cancelled, "request cancelled")))
            task.cancel()
        }
        return try result.get()
    }

    /// Resumes the waiting caller once; later callbacks for the same task find nothing and do nothing.
    private func finish(_ id: Int, with result: Result<HTTPResponse, TransportError>) {
        let transfer = transfers.withLock { $0.removeValue(forKey: id) }
        transfer?.continuation.resume(returning: result)
    }

    /// Fails the caller at once and stops the download. The delegate runs on the session's own
    /// work queue (see `InlineDelegateQueue`), where `cancel()` would wait for itself: it is sent
    /// off that queue, and until it lands, later chunks find no transfer and are dropped unbuffered.
    private func abandon(_ task: URLSessionTask, with error: TransportError) {
        finish(task.taskIdentifier, with: .failure(error))
        DispatchQueue.global().async { task.cancel() }
    }

    private func bodyTooLarge() -> TransportError {
        TransportError(.bodyTooLarge, "body larger than \(maximumBodyBytes) bytes")
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        let declared = response.expectedContentLength
        if declared > Int64(maximumBodyBytes) {
            // FoundationNetworking ignores the disposition: only cancelling the task stops it.
            completionHandler(.cancel)
            abandon(dataTask, with: bodyTooLarge())
            return
        }
        transfers.withLock { $0[dataTask.taskIdentifier]?.response = response as? HTTPURLResponse }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overCap = transfers.withLock { transfers -> Bool in
            let id = dataTask.taskIdentifier
            guard let count = transfers[id]?.byteCount else { return false }
            guard data.count <= maximumBodyBytes - count else { return true }
            // Mutated in place through the dictionary: copying the transfer out and back would copy
            // everything received so far for every chunk (quadratic in the body's size).
            transfers[id]?.chunks.append(data)
            transfers[id]?.byteCount += data.count
            return false
        }
        if overCap {
            abandon(dataTask, with: bodyTooLarge())
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        let id = task.taskIdentifier
        let hops = transfers.withLock { transfers -> Int? in
            transfers[id]?.redirects += 1
            return transfers[id]?.redirects
        }
        guard let hops else {
            // The caller has already been answered (cancelled, timed out): go nowhere.
            completionHandler(nil)
            return
        }
        let origin = task.originalRequest?.url
        let target = request.url
        let refusal: String? = if let origin, let target, Self.sameOrigin(origin, target) {
            hops > Self.maximumRedirects ? "more than \(Self.maximumRedirects) redirects" : nil
        } else {
            "redirect (HTTP \(response.statusCode)) to \(target.map(Self.origin) ?? "an unreadable location") refused: "
                + "only redirects to \(origin.map(Self.origin) ?? "the same host") are followed"
        }
        guard let refusal else {
            completionHandler(request)
            return
        }
        completionHandler(nil)
        abandon(task, with: TransportError(.redirectRefused, refusal))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let id = task.taskIdentifier
        if let error {
            finish(id, with: .failure(TransportError(classifying: error)))
            return
        }
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: id) }) else { return }
        let (response, body) = (transfer.response, transfer.body)
        guard let response else {
            transfer.continuation.resume(returning: .failure(TransportError(.transport, "answer was not HTTP")))
            return
        }
        transfer.continuation.resume(returning: .success(HTTPResponse(status: response.statusCode, headers: response.textHeaders, body: body)))
    }

    /// Scheme, host and port, with the scheme's default port made explicit.
    private static func sameOrigin(_ first: URL, _ second: URL) -> Bool {
        origin(first) == origin(second)
    }

    /// `http://host:port`: what a message may name (never a path or query, where tokens and terms live).
    static func origin(_ url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? "?"
        let defaultPort = scheme == "https" ? 443 : scheme == "http" ? 80 : nil
        let port = url.port ?? defaultPort
        return "\(scheme)://\(url.host?.lowercased() ?? "?")\(port.map { ":\($0)" } ?? "")"
    }
}

/// The session's delegate queue: runs each delegate call at once, on the thread that reports it.
///
/// FoundationNetworking reads the socket on its work queue and hands every chunk to the delegate
/// queue without waiting; with an ordinary queue, a fast endless body piles up there faster than the
/// delegate drains it (measured: 4.2 GB for one stream before the cap was even seen). Run inline,
/// the delegate sees each chunk as it is read, so the cap stops the download within one read and
/// memory stays bounded by the cap, whatever the server sends. Delegate calls stay in order.
final class InlineDelegateQueue: OperationQueue, @unchecked Sendable {
    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        block()
    }

    override func addOperation(_ operation: Operation) {
        operation.start()
    }
}
