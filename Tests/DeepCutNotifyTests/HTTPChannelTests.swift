import DeepCutConfig
import DeepCutCore
import DeepCutHTTP
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutNotify

/// Each HTTP channel delivers through the real client to the loopback receiver; the test reads
/// what the receiver got. Then every failure mode and its `DeliveryError`.
@Suite struct HTTPChannelTests {
    static let secret = "hmac-s3cret-value"
    static let token = "tk_ntfy_access_token"
    private let credentials = ScratchFolder()
    private let client = CurlHTTPClient(maximumConnectionsPerHost: 2)

    private var environment: [String: String] { ["CREDENTIALS_DIRECTORY": credentials.url.path] }

    private func channel(_ name: String, _ settings: ChannelConfig.Settings, timeoutSeconds: Int = 30) throws -> any NotificationChannel {
        try NotificationChannels.make(
            ChannelConfig(name: name, settings: settings, timeoutSeconds: timeoutSeconds), client: client, mailer: CurlMailer(),
            environment: environment)
    }

    /// HMAC-SHA256 computed by Python's `hmac`, independent of the channel's own.
    private static func pythonHMAC(key: String, body: Data, in folder: URL) async throws -> String {
        let file = folder.appendingPathComponent("body")
        try body.write(to: file)
        let result = try await ChildProcess.run(
            "/usr/bin/env",
            [
                "python3", "-c",
                "import hmac,hashlib,sys; print(hmac.new(sys.argv[1].encode(), open(sys.argv[2],'rb').read(), hashlib.sha256).hexdigest())",
                key, file.path
            ], stderr: .null)
        return result.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func webhookPostsTheDigestSignedWithItsIdempotencyKey() async throws {
        let receiver = try await HTTPReceiver()
        try credentials.write("notify-hook-secret", Self.secret + "\n")
        let message = SampleDigest.message()
        try await channel("hook", .webhook(url: receiver.url.appendingPathComponent("in"), secretFile: nil)).deliver(message)
        let request = try #require(try receiver.requests().first)
        #expect(request.method == "POST" && request.path == "/in")
        #expect(request.header("Content-Type") == "application/json")
        #expect(request.header("Idempotency-Key") == message.dedupeKey)
        let expected = try await Self.pythonHMAC(key: Self.secret, body: request.body, in: credentials.url)
        #expect(request.header("X-Deepcut-Signature") == "sha256=\(expected)")
        let json = try #require(try JSONSerialization.jsonObject(with: request.body) as? [String: Any])
        #expect(json["schema"] as? String == "deepcut.digest/1")
        #expect(json["runID"] as? String == "20261201T120000Z")
        #expect(json["dedupeKey"] as? String == message.dedupeKey)
        #expect(json["title"] as? String == "3 releases from Bonobo, Khruangbin and 1 more")
        #expect(json["pageURL"] as? String == "https://feed.example.org/index.html")
        let items = try #require(json["items"] as? [[String: Any]])
        #expect(items.map { $0["event"] as? String } == ["newRelease", "announced", "outToday"])
        #expect(items[1]["dedupeKey"] as? String == "announce:itunes:2")
        #expect(items[1]["releaseDate"] as? String == "2026-12-11")
        #expect(items[1]["type"] as? String == "single")
        #expect(items[2]["title"] as? String == "Fossora <Live> & \"Friends\"")
        #expect(items[0]["url"] as? String == "https://music.example.org/album/1")
        #expect(items[0]["artworkURL"] as? String == "https://img.example.org/1.jpg")
    }

    @Test func webhookWithoutASecretIsNotSigned() async throws {
        let receiver = try await HTTPReceiver()
        try await channel("hook", .webhook(url: receiver.url, secretFile: nil)).deliver(SampleDigest.message())
        #expect(try #require(try receiver.requests().first).header("X-Deepcut-Signature") == nil)
    }

    @Test func ntfyPublishesMarkdownWithTitleTagsClickAndToken() async throws {
        let receiver = try await HTTPReceiver()
        try credentials.write("notify-phone-token", Self.token)
        let topic = receiver.url.appendingPathComponent("deepcut-secret-topic")
        try await channel("phone", .ntfy(url: topic, tokenFile: nil, tags: ["musical_note", "new"], priority: 4)).deliver(
            SampleDigest.message())
        let request = try #require(try receiver.requests().first)
        #expect(request.path == "/deepcut-secret-topic")
        #expect(request.header("Title") == "3 releases from Bonobo, Khruangbin and 1 more")
        #expect(request.header("Tags") == "musical_note,new")
        #expect(request.header("Priority") == "4")
        #expect(request.header("Markdown") == "yes")
        #expect(request.header("Click") == "https://feed.example.org/index.html")
        #expect(request.header("Authorization") == "Bearer \(Self.token)")
        #expect(request.text.contains("- New: **Bonobo** — [Fragments](https://music.example.org/album/1) (album, 2026-11-27)"))
    }

    @Test func ntfyEncodesANonASCIITitleAndClicksThroughToASingleRelease() async throws {
        let receiver = try await HTTPReceiver()
        try await channel("phone", .ntfy(url: receiver.url, tokenFile: nil, tags: [], priority: nil)).deliver(
            SampleDigest.message([SampleDigest.items[2]]))
        let request = try #require(try receiver.requests().first)
        let title = try #require(request.header("Title"))
        #expect(title.hasPrefix("=?UTF-8?B?"))
        let encoded = title.dropFirst("=?UTF-8?B?".count).dropLast(2)
        #expect(String(decoding: Data(base64Encoded: String(encoded)) ?? Data(), as: UTF8.self) == "1 release out today from Björk")
        #expect(request.header("Click") == "https://music.example.org/album/3")
        #expect(request.header("Authorization") == nil)
        #expect(request.header("Tags") == nil)
    }

    @Test func ntfyShortensABodyPastItsLimit() async throws {
        let receiver = try await HTTPReceiver()
        let items = (0..<200).map {
            SampleDigest.item("Artist \($0) with a rather long name", "Album \($0) with a long title, deluxe edition")
        }
        try await channel("phone", .ntfy(url: receiver.url, tokenFile: nil, tags: [], priority: nil)).deliver(SampleDigest.message(items))
        let request = try #require(try receiver.requests().first)
        #expect(request.body.count <= NtfyChannel.bodyLimit)
        #expect(request.text.contains("more: https://feed.example.org/index.html"))
    }

    @Test func appriseNotifiesAKeyOrStatelessURLs() async throws {
        let receiver = try await HTTPReceiver()
        try await channel("apprise", .apprise(url: receiver.url.appendingPathComponent("api"), key: "deepcut", urlsFile: nil)).deliver(
            SampleDigest.message())
        let appriseURLs = "tgram://bottoken/ChatID mailto://user:pass@example.org"
        try credentials.write("notify-stateless-urls", appriseURLs)
        try await channel("stateless", .apprise(url: receiver.url, key: nil, urlsFile: nil)).deliver(SampleDigest.message())
        let requests = try receiver.requests()
        try #require(requests.count == 2)
        #expect(requests[0].path == "/api/notify/deepcut")
        let keyed = try #require(try JSONSerialization.jsonObject(with: requests[0].body) as? [String: Any])
        #expect(keyed["title"] as? String == "3 releases from Bonobo, Khruangbin and 1 more")
        #expect(keyed["type"] as? String == "info")
        #expect(keyed["format"] as? String == "markdown")
        #expect((keyed["body"] as? String)?.contains("**Khruangbin**") == true)
        #expect(keyed["urls"] == nil)
        #expect(requests[1].path == "/notify")
        let stateless = try #require(try JSONSerialization.jsonObject(with: requests[1].body) as? [String: Any])
        #expect(stateless["urls"] as? String == appriseURLs)
    }

    @Test func discordAndSlackGetTheirWebhookJSON() async throws {
        let receiver = try await HTTPReceiver()
        try credentials.write("notify-discord-url", receiver.url.appendingPathComponent("api/webhooks/1/tok").absoluteString)
        try credentials.write("notify-slack-url", receiver.url.appendingPathComponent("services/T/B/tok").absoluteString)
        // The factory accepts only https webhooks, so the loopback test builds the channels directly.
        let delivery = HTTPDelivery(client: client, timeoutSeconds: 30, service: "discord")
        try await ChatWebhookChannel(name: "d", style: .discord, url: receiver.url.appendingPathComponent("d"), delivery: delivery).deliver(
            SampleDigest.message())
        try await ChatWebhookChannel(name: "s", style: .slack, url: receiver.url.appendingPathComponent("s"), delivery: delivery).deliver(
            SampleDigest.message())
        let requests = try receiver.requests()
        let discord = try #require(try JSONSerialization.jsonObject(with: requests[0].body) as? [String: Any])
        #expect(discord["username"] as? String == "deepcut")
        #expect((discord["content"] as? String)?.hasPrefix("**3 releases from Bonobo, Khruangbin and 1 more**\n") == true)
        #expect((discord["allowed_mentions"] as? [String: Any])?["parse"] as? [String] == [])
        let slack = try #require(try JSONSerialization.jsonObject(with: requests[1].body) as? [String: Any])
        let text = try #require(slack["text"] as? String)
        #expect(text.contains("<https://music.example.org/album/3|Fossora &lt;Live&gt; &amp; \"Friends\">"))
        #expect(text.hasSuffix("<https://feed.example.org/index.html|all releases>"))
    }

    // MARK: - Failures

    @Test(arguments: [(500, DeliveryError.Kind.rejected), (404, .rejected), (401, .unauthorized), (403, .unauthorized)])
    func aStatusMapsToItsKind(status: Int, kind: DeliveryError.Kind) async throws {
        let receiver = try await HTTPReceiver(mode: .status(status))
        try credentials.write("notify-phone-token", Self.token)
        let topic = receiver.url.appendingPathComponent("secret-topic")
        let error = try #require(await Self.failure(try channel("phone", .ntfy(url: topic, tokenFile: nil, tags: [], priority: nil))))
        #expect(error.kind == kind)
        #expect(error.status == status)
        #expect(error.message.contains("ntfy at http://127.0.0.1:\(receiver.port)"))
        #expect(error.message.contains("\(status)"))
        Self.expectNoSecret(error)
    }

    @Test func aClosedPortIsUnreachable() async throws {
        let url = URL(string: "http://127.0.0.1:\(LoopbackServerProcess.closedPort())/secret-topic")!
        try credentials.write("notify-hook-secret", Self.secret)
        let error = try #require(await Self.failure(try channel("hook", .webhook(url: url, secretFile: nil))))
        #expect(error.kind == .unreachable)
        #expect(error.message.contains("connection refused"))
        Self.expectNoSecret(error)
    }

    @Test func aSlowServerTimesOut() async throws {
        let receiver = try await HTTPReceiver(mode: .slow(seconds: 10))
        let error = try #require(
            await Self.failure(try channel("apprise", .apprise(url: receiver.url, key: "k", urlsFile: nil), timeoutSeconds: 1)))
        #expect(error.kind == .timeout)
        #expect(error.message == "apprise at http://127.0.0.1:\(receiver.port): no answer within 1 s")
    }

    @Test func aServerThatRecoversTakesTheNextDelivery() async throws {
        let receiver = try await HTTPReceiver(mode: .status(503))
        let webhook = try channel("hook", .webhook(url: receiver.url, secretFile: nil))
        #expect(await Self.failure(webhook)?.status == 503)
        try receiver.setMode(.accept)
        try await webhook.deliver(SampleDigest.message())
        #expect(try receiver.requests().count == 2)
    }

    @Test func aTLSFailureIsTLS() async throws {
        // An HTTPS request to the plain-HTTP receiver: the TLS handshake cannot succeed.
        let receiver = try await HTTPReceiver()
        let url = URL(string: "https://127.0.0.1:\(receiver.port)/")!
        let error = try #require(await Self.failure(try channel("hook", .webhook(url: url, secretFile: nil))))
        #expect(error.kind == .tls)
    }

    static func failure(_ channel: any NotificationChannel) async -> DeliveryError? {
        do {
            try await channel.deliver(SampleDigest.message())
            return nil
        } catch {
            return error
        }
    }

    static func expectNoSecret(_ error: DeliveryError) {
        for secret in [Self.secret, Self.token, "secret-topic"] {
            #expect(!error.message.contains(secret) && !"\(error)".contains(secret))
        }
    }
}
