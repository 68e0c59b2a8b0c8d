import CCurl
import Foundation

/// One request on its way through `CurlEventLoop`: its easy handle, the answer as it arrives, and
/// the redirects it took.
///
/// `@unchecked Sendable` because it is handed to the loop thread once and from then on touched only
/// there (libcurl calls the callbacks below on that thread, from `curl_multi_perform`).
///
/// - Body cap: the write callback refuses the chunk that would pass the cap, which stops the transfer
///   inside libcurl (`CURLE_WRITE_ERROR`), so nothing past the cap is ever buffered; a declared
///   `Content-Length` past the cap is refused before the body starts (`CURLOPT_MAXFILESIZE_LARGE`).
/// - Redirects: libcurl's own following would re-send `Music-User-Token` to any host, so the client
///   follows them itself, only to the request's scheme, host and port, at most
///   `CurlHTTPClient.maximumRedirects` times; any other is `.redirectRefused` and no byte goes there.
/// - Deadline: total, in milliseconds (`CURLOPT_TIMEOUT_MS`), across redirects.
/// - Body: libcurl copies it at start (`CURLOPT_COPYPOSTFIELDS`). A request that is not a `GET`
///   never follows a redirect: re-sending a notification elsewhere is not the caller's choice, so
///   the 3xx is returned as the answer.
final class CurlTransfer: @unchecked Sendable {
    enum Step {
        case answered(Result<HTTPResponse, TransportError>)
        /// Redirected on the same origin: the handle points at the new URL and goes round again.
        case again
    }

    let id: Int
    private let request: HTTPRequest
    private let maximumBodyBytes: Int
    private let deadline: ContinuousClock.Instant
    private(set) var easy: UnsafeMutableRawPointer?
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private var redirects = 0
    private var headers: [String: String] = [:]
    private var body = Data()
    private var refusedOverCap = false

    init(id: Int, request: HTTPRequest, maximumBodyBytes: Int) {
        self.id = id
        self.request = request
        self.maximumBodyBytes = maximumBodyBytes
        deadline = .now + .seconds(request.timeoutSeconds)
    }

    /// Creates and configures the easy handle; a failure here is an answer (nothing was sent).
    func start() -> TransportError? {
        guard let easy = curl_easy_init() else { return TransportError(.transport, "libcurl could not create a transfer") }
        self.easy = easy
        for (name, value) in request.headers {
            headerList = curl_slist_append(headerList, "\(name): \(value)")
        }
        // libcurl would otherwise wait for a `100 Continue` before a larger body; few receivers send one.
        if request.body != nil { headerList = curl_slist_append(headerList, "Expect:") }
        let this = Unmanaged.passUnretained(self).toOpaque()
        let codes = [
            ccurl_set_string(easy, CURLOPT_URL, request.url.absoluteString),
            ccurl_set_string(easy, CURLOPT_PROTOCOLS_STR, "http,https"),
            ccurl_set_long(easy, CURLOPT_NOSIGNAL, 1),
            ccurl_set_long(easy, CURLOPT_SSL_VERIFYPEER, 1),
            ccurl_set_long(easy, CURLOPT_SSL_VERIFYHOST, 2),
            // HTTP/2 over TLS where the server offers it (ALPN), multiplexed on one connection.
            ccurl_set_long(easy, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2TLS)),
            ccurl_set_long(easy, CURLOPT_PIPEWAIT, 1),
            // "": every encoding this libcurl can decode (gzip, deflate, br, zstd).
            ccurl_set_string(easy, CURLOPT_ACCEPT_ENCODING, ""),
            ccurl_set_long(easy, CURLOPT_TIMEOUT_MS, remainingMilliseconds()),
            ccurl_set_size(easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(maximumBodyBytes)),
            ccurl_set_headers(easy, headerList),
            ccurl_set_pointer(easy, CURLOPT_PRIVATE, this),
            ccurl_set_write_function(
                easy, CURLOPT_WRITEFUNCTION,
                { data, size, count, this in
                    Unmanaged<CurlTransfer>.fromOpaque(this!).takeUnretainedValue().receiveBody(data, size * count)
                }),
            ccurl_set_pointer(easy, CURLOPT_WRITEDATA, this),
            ccurl_set_write_function(
                easy, CURLOPT_HEADERFUNCTION,
                { data, size, count, this in
                    Unmanaged<CurlTransfer>.fromOpaque(this!).takeUnretainedValue().receiveHeader(data, size * count)
                }),
            ccurl_set_pointer(easy, CURLOPT_HEADERDATA, this)
        ]
        if let failed = (codes + setMethodAndBody(easy)).first(where: { $0 != CURLE_OK }) {
            return TransportError(.transport, "libcurl refused an option (curl \(failed.rawValue))")
        }
        return nil
    }

    /// The method and body options: none for a plain `GET`; `POST` fields (the size first, so a body
    /// holding a zero byte is sent whole); `CURLOPT_CUSTOMREQUEST` for any other method.
    private func setMethodAndBody(_ easy: UnsafeMutableRawPointer) -> [CURLcode] {
        var codes: [CURLcode] = []
        if let body = request.body {
            codes.append(ccurl_set_size(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)))
            codes.append(
                body.isEmpty
                    ? ccurl_set_string(easy, CURLOPT_COPYPOSTFIELDS, "")
                    : body.withUnsafeBytes {
                        ccurl_set_pointer(easy, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: $0.baseAddress))
                    })
        }
        if request.method != (request.body == nil ? "GET" : "POST") {
            codes.append(ccurl_set_string(easy, CURLOPT_CUSTOMREQUEST, request.method))
        }
        return codes
    }

    /// Frees the handle; the loop has already removed it from the multi handle.
    func close() {
        if let easy { curl_easy_cleanup(easy) }
        curl_slist_free_all(headerList)
        easy = nil
        headerList = nil
    }

    /// The transfer found in a handle's `CURLOPT_PRIVATE`.
    static func of(_ easy: UnsafeMutableRawPointer) -> CurlTransfer? {
        var pointer: UnsafeMutableRawPointer?
        guard ccurl_get_pointer(easy, CURLINFO_PRIVATE, &pointer) == CURLE_OK, let pointer else { return nil }
        return Unmanaged<CurlTransfer>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// How many connections libcurl had to open for the last round (0 when it reused one).
    var newConnections: Int {
        var count = 0
        guard let easy, ccurl_get_long(easy, CURLINFO_NUM_CONNECTS, &count) == CURLE_OK else { return 0 }
        return count
    }

    /// What libcurl's `CURLMSG_DONE` with `code` means: an answer, a failure, or a redirect to follow.
    func finished(_ code: CURLcode) -> Step {
        guard let easy else { return .answered(.failure(TransportError(.cancelled, "request cancelled"))) }
        if refusedOverCap || code == CURLE_FILESIZE_EXCEEDED {
            return .answered(.failure(TransportError(.bodyTooLarge, "body larger than \(maximumBodyBytes) bytes")))
        }
        guard code == CURLE_OK else {
            return .answered(.failure(TransportError(curlCode: code, timeoutSeconds: request.timeoutSeconds)))
        }
        // Both reads only fail for an unknown info code; a failed read leaves 0 / nil, handled below.
        var status = 0
        _ = ccurl_get_long(easy, CURLINFO_RESPONSE_CODE, &status)
        guard status > 0 else { return .answered(.failure(TransportError(.transport, "answer was not HTTP"))) }
        var location: UnsafeMutablePointer<CChar>?
        _ = ccurl_get_string(easy, CURLINFO_REDIRECT_URL, &location)
        guard (300..<400).contains(status), request.method == "GET", let location else {
            return .answered(.success(HTTPResponse(status: status, headers: headers, body: body)))
        }
        return follow(String(cString: location), status: status)
    }

    private func follow(_ location: String, status: Int) -> Step {
        let target = URL(string: location)
        guard let target, target.origin == request.url.origin else {
            return .answered(
                .failure(
                    TransportError(
                        .redirectRefused,
                        "redirect (HTTP \(status)) to \(target?.origin ?? "an unreadable location") refused: "
                            + "only redirects to \(request.url.origin) are followed")))
        }
        redirects += 1
        guard redirects <= CurlHTTPClient.maximumRedirects else {
            return .answered(.failure(TransportError(.redirectRefused, "more than \(CurlHTTPClient.maximumRedirects) redirects")))
        }
        let remaining = remainingMilliseconds()
        guard remaining > 0 else {
            return .answered(.failure(TransportError(curlCode: CURLE_OPERATION_TIMEDOUT, timeoutSeconds: request.timeoutSeconds)))
        }
        headers = [:]
        body = Data()
        guard ccurl_set_string(easy, CURLOPT_URL, location) == CURLE_OK,
            ccurl_set_long(easy, CURLOPT_TIMEOUT_MS, remaining) == CURLE_OK
        else { return .answered(.failure(TransportError(.transport, "libcurl refused the redirect's URL"))) }
        return .again
    }

    private func remainingMilliseconds() -> Int {
        let remaining = ContinuousClock.now.duration(to: deadline).components
        return Int(remaining.seconds) * 1000 + Int(remaining.attoseconds / 1_000_000_000_000_000)
    }

    /// Returning less than `count` makes libcurl stop the transfer at once.
    private func receiveBody(_ data: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
        guard let data, count > 0 else { return count }
        guard count <= maximumBodyBytes - body.count else {
            refusedOverCap = true
            return 0
        }
        body.append(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: count)
        return count
    }

    /// One header line; a status line starts a new answer (after a `100 Continue` or a redirect).
    private func receiveHeader(_ data: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
        guard let data else { return count }
        let line = String(decoding: UnsafeRawBufferPointer(start: data, count: count), as: UTF8.self)
        if line.hasPrefix("HTTP/") {
            headers = [:]
        } else if let colon = line.firstIndex(of: ":") {
            let name = String(line[..<colon]).trimmingCharacters(in: .whitespaces)
            let value = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespacesAndNewlines)
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        }
        return count
    }
}
