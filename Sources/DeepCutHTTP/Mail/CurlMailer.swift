import CCurl
import Foundation
import Synchronization

/// The production `MailSender`: SMTP through libcurl.
///
/// - TLS is required and verified: `smtp://` must upgrade with STARTTLS (`CURLUSESSL_ALL`: a relay
///   that does not offer it fails as `.tls` before any credential is sent); `smtps://` is TLS
///   from the first byte. `caFile` replaces the system's CA store for a private relay.
/// - AUTH with the envelope's username and password, the mechanism libcurl and the relay agree on.
/// - The deadline is total, in milliseconds, and holds for the caller whatever libcurl does:
///   libcurl's own `CURLOPT_TIMEOUT_MS` does not cover the closing `QUIT`, which it sends when the
///   connection is torn down and waits for up to `CURLOPT_SERVER_RESPONSE_TIMEOUT` (120 s by
///   default: a relay that stalls after DATA held a run for 125 s). So the response timeout is
///   set to the deadline too, and the caller is answered at the deadline (plus a second of grace
///   for libcurl's own answer) even while the thread is still closing the connection.
/// - Each message runs on its own thread (a mail is rare, a thread is cheap next to SMTP's round
///   trips), off the cooperative pool; cancelling the calling task answers it at once
///   (`.cancelled`) and the thread ends on its own within the deadline.
package final class CurlMailer: MailSender {
    package init() {}

    package func send(_ mail: MailEnvelope) async throws(MailError) {
        try await MailTransfer(mail).run().get()
    }
}

/// One SMTP transaction: a private multi handle driven by one thread, so `curl_multi_wakeup` can
/// interrupt its wait when the caller is cancelled.
///
/// `@unchecked Sendable`: the handles and the upload position are touched only by the transfer's
/// thread; what the caller shares with it (`state`) is behind a mutex.
private final class MailTransfer: @unchecked Sendable {
    private struct State {
        var cancelled = false
        /// Set by the thread before it frees the multi handle: no wakeup may reach it after.
        var finished = false
        /// The caller, until someone answers it: the thread, the cancellation or the deadline.
        var caller: CheckedContinuation<Result<Void, MailError>, Never>?
    }

    private let mail: MailEnvelope
    private let upload: [UInt8]
    private var uploaded = 0
    private let state = Mutex(State())
    private let multi: UnsafeMutableRawPointer?

    init(_ mail: MailEnvelope) {
        _ = CurlEventLoop.globalInit
        self.mail = mail
        upload = Array(mail.message)
        multi = curl_multi_init()
    }

    func run() async -> Result<Void, MailError> {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<Void, MailError>, Never>) in
                let cancelledAlready = state.withLock { state in
                    state.caller = continuation
                    return state.cancelled
                }
                if cancelledAlready {
                    answer(.failure(MailError(.cancelled, "\(mail.origin): sending cancelled")))
                    return
                }
                let thread = Thread { [self] in perform() }
                thread.name = "deepcut-smtp"
                thread.start()
                // The caller's deadline, independent of the thread: libcurl may still be closing.
                let grace = mail.timeoutMilliseconds + 1000
                DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(grace)) { [self] in
                    answer(.failure(MailError(.timeout, "\(mail.origin): not sent within \(mail.timeoutMilliseconds) ms")))
                }
            }
        } onCancel: {
            state.withLock { state in
                state.cancelled = true
                if !state.finished, let multi { curl_multi_wakeup(multi) }
            }
            answer(.failure(MailError(.cancelled, "\(mail.origin): sending cancelled")))
        }
    }

    /// Answers the caller once; later answers (the thread after the deadline) are dropped.
    private func answer(_ result: Result<Void, MailError>) {
        state.withLock { state in
            defer { state.caller = nil }
            return state.caller
        }?.resume(returning: result)
    }

    /// The transfer, on its own thread: the caller is answered as soon as libcurl says how it
    /// ended, before the handles are freed (freeing them may wait for the relay's `QUIT` reply).
    private func perform() {
        defer {
            state.withLock { $0.finished = true }
            if let multi { curl_multi_cleanup(multi) }
        }
        guard let multi, let easy = curl_easy_init() else {
            answer(.failure(MailError(.transport, "\(mail.origin): libcurl could not create a transfer")))
            return
        }
        var recipients: UnsafeMutablePointer<curl_slist>?
        for address in mail.recipients { recipients = curl_slist_append(recipients, "<\(address)>") }
        defer {
            curl_easy_cleanup(easy)
            curl_slist_free_all(recipients)
        }
        guard configure(easy, recipients: recipients) else {
            answer(.failure(MailError(.transport, "\(mail.origin): libcurl refused an option")))
            return
        }
        curl_multi_add_handle(multi, easy)
        defer { curl_multi_remove_handle(multi, easy) }
        var running: Int32 = 1
        var queued: Int32 = 0
        while true {
            if state.withLock({ $0.cancelled }) {
                answer(.failure(MailError(.cancelled, "\(mail.origin): sending cancelled")))
                return
            }
            curl_multi_perform(multi, &running)
            if let message = curl_multi_info_read(multi, &queued), message.pointee.msg == CURLMSG_DONE {
                answer(outcome(message.pointee.data.result, easy))
                return
            }
            curl_multi_poll(multi, nil, 0, 1000, nil)
        }
    }

    private func configure(_ easy: UnsafeMutableRawPointer, recipients: UnsafeMutablePointer<curl_slist>?) -> Bool {
        let this = Unmanaged.passUnretained(self).toOpaque()
        var codes = [
            ccurl_set_string(easy, CURLOPT_URL, mail.server.absoluteString),
            ccurl_set_string(easy, CURLOPT_PROTOCOLS_STR, "smtp,smtps"),
            ccurl_set_long(easy, CURLOPT_NOSIGNAL, 1),
            // A loopback relay without credentials may speak clear text (`tls: "none"`); any other must upgrade.
            ccurl_set_long(easy, CURLOPT_USE_SSL, Int((mail.requireTLS ? CURLUSESSL_ALL : CURLUSESSL_NONE).rawValue)),
            ccurl_set_long(easy, CURLOPT_SSL_VERIFYPEER, 1),
            ccurl_set_long(easy, CURLOPT_SSL_VERIFYHOST, 2),
            ccurl_set_long(easy, CURLOPT_TIMEOUT_MS, mail.timeoutMilliseconds),
            // Bounds each reply, the closing QUIT's too, which `CURLOPT_TIMEOUT_MS` does not cover.
            ccurl_set_long(easy, CURLOPT_SERVER_RESPONSE_TIMEOUT, max(1, (mail.timeoutMilliseconds + 999) / 1000)),
            ccurl_set_string(easy, CURLOPT_MAIL_FROM, "<\(mail.from)>"),
            ccurl_set_slist(easy, CURLOPT_MAIL_RCPT, recipients),
            ccurl_set_long(easy, CURLOPT_UPLOAD, 1),
            ccurl_set_size(easy, CURLOPT_INFILESIZE_LARGE, curl_off_t(upload.count)),
            ccurl_set_read_function(
                easy,
                { buffer, size, count, this in
                    Unmanaged<MailTransfer>.fromOpaque(this!).takeUnretainedValue().read(into: buffer, size * count)
                }),
            ccurl_set_pointer(easy, CURLOPT_READDATA, this)
        ]
        if let caFile = mail.caFile { codes.append(ccurl_set_string(easy, CURLOPT_CAINFO, caFile.path)) }
        if let username = mail.username { codes.append(ccurl_set_string(easy, CURLOPT_USERNAME, username)) }
        if let password = mail.password { codes.append(ccurl_set_string(easy, CURLOPT_PASSWORD, password)) }
        return codes.allSatisfy { $0 == CURLE_OK }
    }

    /// libcurl's read callback: the next part of the message; 0 ends the upload.
    private func read(into buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int) -> Int {
        let count = min(capacity, upload.count - uploaded)
        guard let buffer, count > 0 else { return 0 }
        upload.withUnsafeBytes { bytes in
            UnsafeMutableRawPointer(buffer).copyMemory(from: bytes.baseAddress! + uploaded, byteCount: count)
        }
        uploaded += count
        return count
    }

    /// What libcurl's result means. Messages come from the code and the SMTP reply code, never from
    /// libcurl's error buffer (which can echo the server's text, addresses included).
    private func outcome(_ code: CURLcode, _ easy: UnsafeMutableRawPointer) -> Result<Void, MailError> {
        var reply = 0
        _ = ccurl_get_long(easy, CURLINFO_RESPONSE_CODE, &reply)
        let origin = mail.origin
        let number = "curl \(code.rawValue)"
        switch code {
        case CURLE_OK:
            return .success(())
        case CURLE_COULDNT_CONNECT:
            return .failure(MailError(.refused, "\(origin): connection refused (\(number))"))
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            return .failure(MailError(.hostNotFound, "\(origin): host not found (\(number))"))
        case CURLE_OPERATION_TIMEDOUT:
            return .failure(MailError(.timeout, "\(origin): not sent within \(mail.timeoutMilliseconds) ms (\(number))"))
        case CURLE_USE_SSL_FAILED:
            return .failure(MailError(.tls, "\(origin): the relay does not offer STARTTLS, which is required (\(number))"))
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CERTPROBLEM,
            CURLE_SSL_CIPHER, CURLE_SSL_ISSUER_ERROR:
            return .failure(MailError(.tls, "\(origin): TLS failed (\(number))"))
        case CURLE_LOGIN_DENIED, CURLE_AUTH_ERROR:
            return .failure(
                MailError(.unauthorized, replyCode: reply > 0 ? reply : nil, "\(origin): login refused\(Self.replied(reply)) (\(number))"))
        case CURLE_ABORTED_BY_CALLBACK:
            return .failure(MailError(.cancelled, "\(origin): sending cancelled"))
        default:
            if reply >= 400 {
                return .failure(MailError(.rejected, replyCode: reply, "\(origin): the relay refused the message\(Self.replied(reply))"))
            }
            return .failure(MailError(.transport, "\(origin): \(String(cString: curl_easy_strerror(code))) (\(number))"))
        }
    }

    private static func replied(_ reply: Int) -> String { reply > 0 ? " (SMTP \(reply))" : "" }
}
