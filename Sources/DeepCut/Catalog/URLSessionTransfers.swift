import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// The session delegate that turns data tasks into async calls with a body cap and prompt cancellation.
///
/// A delegate (not `data(for:)`) because only a delegate sees the body while it streams, so the cap
/// stops the download instead of judging it afterwards. Cancellation resumes the caller at once
/// rather than trusting the task to report back, so a deadline can never wait on a stuck transfer.
final class URLSessionTransfers: NSObject, URLSessionDataDelegate, Sendable {
    private struct Transfer {
        var continuation: CheckedContinuation<Result<HTTPResponse, TransportError>, Never>
        var response: HTTPURLResponse?
        var body = Data()
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

    private func bodyTooLarge() -> TransportError {
        TransportError(.bodyTooLarge, "body larger than \(maximumBodyBytes) bytes")
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        if response.expectedContentLength > Int64(maximumBodyBytes) {
            finish(dataTask.taskIdentifier, with: .failure(bodyTooLarge()))
            completionHandler(.cancel)
            return
        }
        transfers.withLock { $0[dataTask.taskIdentifier]?.response = response as? HTTPURLResponse }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overCap = transfers.withLock { transfers -> Bool in
            guard var transfer = transfers[dataTask.taskIdentifier] else { return false }
            transfer.body.append(data)
            transfers[dataTask.taskIdentifier] = transfer
            return transfer.body.count > maximumBodyBytes
        }
        if overCap {
            finish(dataTask.taskIdentifier, with: .failure(bodyTooLarge()))
            dataTask.cancel()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let id = task.taskIdentifier
        if let error {
            finish(id, with: .failure(TransportError(classifying: error)))
            return
        }
        let answer = transfers.withLock { transfers in transfers[id].map { ($0.response, $0.body) } }
        guard let (response, body) = answer else { return }
        guard let response else {
            finish(id, with: .failure(TransportError(.transport, "answer was not HTTP")))
            return
        }
        finish(id, with: .success(HTTPResponse(status: response.statusCode, headers: response.textHeaders, body: body)))
    }
}
