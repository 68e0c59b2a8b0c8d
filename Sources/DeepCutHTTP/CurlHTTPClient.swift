import CCurl
import Foundation
import Synchronization

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

/// One libcurl multi handle driven by one thread: requests come in through `inbox`, answers go back
/// through continuations.
///
/// The multi handle keeps connections alive between requests (reuse across the whole sweep) and
/// caps them per host. `curl_multi_poll` sleeps until a socket is ready, a libcurl timer is due, or
/// `curl_multi_wakeup` (the only libcurl call made off the loop thread) says the inbox changed.
///
/// `@unchecked Sendable`: `multi` and `active` are touched only by the loop thread; everything the
/// callers share with it is in `inbox`, behind a mutex.
final class CurlEventLoop: @unchecked Sendable {
    typealias Answer = Result<HTTPResponse, TransportError>

    private struct Inbox {
        var arriving: [CurlTransfer] = []
        var cancelled: [Int] = []
        /// Every caller still waiting, by transfer id. Whoever takes a continuation out resumes it,
        /// so each caller is answered exactly once: by the loop, by its cancellation, or by `stop`.
        var waiting: [Int: CheckedContinuation<Answer, Never>] = [:]
        var nextID = 0
        var stopping = false
    }

    /// libcurl's process-wide set-up, once, before the first handle (not thread-safe in itself).
    static let globalInit: CURLcode = curl_global_init(Int(CURL_GLOBAL_DEFAULT))

    private let inbox = Mutex(Inbox())
    private let opened = Atomic<Int>(0)
    private let multi: UnsafeMutableRawPointer
    private var active: [Int: CurlTransfer] = [:]

    init(maximumConnectionsPerHost: Int) {
        _ = Self.globalInit
        // Only fails out of memory, where nothing else would work either.
        guard let multi = curl_multi_init() else { fatalError("libcurl could not create a multi handle") }
        self.multi = multi
        // Both only fail for an unknown option or a bad value, neither possible here.
        _ = ccurl_multi_set_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, maximumConnectionsPerHost)
        _ = ccurl_multi_set_long(multi, CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX))
        // The thread holds the loop until `stop` ends it.
        let thread = Thread { [self] in run() }
        thread.name = "deepcut-http"
        thread.start()
    }

    /// Runs `request` to its answer. Cancelling the calling task answers `.cancelled` at once and
    /// removes the transfer from libcurl on the loop's next turn.
    func perform(_ request: HTTPRequest, maximumBodyBytes: Int) async -> Answer {
        let id = inbox.withLock { inbox in
            inbox.nextID += 1
            return inbox.nextID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let accepted = inbox.withLock { inbox in
                    // A cancellation that came before registration found nothing to answer: honour it here.
                    guard !Task.isCancelled, !inbox.stopping else { return false }
                    inbox.waiting[id] = continuation
                    inbox.arriving.append(CurlTransfer(id: id, request: request, maximumBodyBytes: maximumBodyBytes))
                    return true
                }
                if accepted {
                    curl_multi_wakeup(multi)
                } else {
                    continuation.resume(returning: .failure(TransportError(.cancelled, "request cancelled")))
                }
            }
        } onCancel: {
            answer(id, .failure(TransportError(.cancelled, "request cancelled")))
            inbox.withLock { $0.cancelled.append(id) }
            curl_multi_wakeup(multi)
        }
    }

    /// New connections libcurl opened so far (reused ones are not counted): what proves reuse.
    var connectionsOpened: Int { opened.load(ordering: .relaxed) }

    /// Ends the loop: transfers still running are removed and their callers answered `.cancelled`.
    func stop() {
        inbox.withLock { $0.stopping = true }
        curl_multi_wakeup(multi)
    }

    private func answer(_ id: Int, _ answer: Answer) {
        inbox.withLock { $0.waiting.removeValue(forKey: id) }?.resume(returning: answer)
    }

    private func run() {
        var running: Int32 = 0
        var queued: Int32 = 0
        while true {
            let (arriving, cancelled, stopping) = inbox.withLock { inbox in
                defer { (inbox.arriving, inbox.cancelled) = ([], []) }
                return (inbox.arriving, inbox.cancelled, inbox.stopping)
            }
            for transfer in arriving { start(transfer) }
            for id in cancelled { remove(id) }
            if stopping { break }
            curl_multi_perform(multi, &running)
            while let message = curl_multi_info_read(multi, &queued) {
                // Read before the handle is removed: removing it frees the message.
                let (kind, easy, code) = (message.pointee.msg, message.pointee.easy_handle, message.pointee.data.result)
                guard kind == CURLMSG_DONE, let easy, let transfer = CurlTransfer.of(easy) else { continue }
                curl_multi_remove_handle(multi, easy)
                opened.add(transfer.newConnections, ordering: .relaxed)
                switch transfer.finished(code) {
                case .again:
                    curl_multi_add_handle(multi, easy)
                case .answered(let result):
                    active[transfer.id] = nil
                    transfer.close()
                    answer(transfer.id, result)
                }
            }
            curl_multi_poll(multi, nil, 0, 1000, nil)
        }
        for id in Array(active.keys) {
            answer(id, .failure(TransportError(.cancelled, "request cancelled")))
            remove(id)
        }
        curl_multi_cleanup(multi)
    }

    private func start(_ transfer: CurlTransfer) {
        if let failure = transfer.start() {
            transfer.close()
            answer(transfer.id, .failure(failure))
            return
        }
        active[transfer.id] = transfer
        curl_multi_add_handle(multi, transfer.easy)
    }

    private func remove(_ id: Int) {
        guard let transfer = active.removeValue(forKey: id) else { return }
        curl_multi_remove_handle(multi, transfer.easy)
        transfer.close()
    }
}
