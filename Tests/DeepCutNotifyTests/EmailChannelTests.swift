import DeepCutConfig
import DeepCutCore
import DeepCutHTTP
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutNotify

/// The email channel through `CurlMailer` to the loopback relay; the test parses the MIME message
/// the relay received.
@Suite struct EmailChannelTests {
    static let password = "smtp p4ss"
    private let credentials = ScratchFolder()
    private static let now = Date(timeIntervalSince1970: 1_795_000_000)

    private func channel(_ relay: SMTPReceiver, username: String? = "me", timeoutSeconds: Int = 30) throws -> any NotificationChannel {
        try credentials.write("notify-mail-password", Self.password)
        let settings = ChannelConfig.EmailSettings(
            server: relay.url, from: "deepcut@example.org", to: ["me@example.org", "you@example.org"], username: username,
            caFile: relay.caFile)
        return try NotificationChannels.make(
            ChannelConfig(name: "mail", settings: .email(settings), timeoutSeconds: timeoutSeconds),
            client: CurlHTTPClient(maximumConnectionsPerHost: 1),
            mailer: CurlMailer(), environment: ["CREDENTIALS_DIRECTORY": credentials.url.path], now: { Self.now })
    }

    /// A parsed RFC 5322 message: unfolded headers, and for multipart the parts' headers and decoded bodies.
    struct Parsed {
        var headers: [String: String]
        var parts: [(headers: [String: String], body: String)]

        init(_ text: String) throws {
            let sections = text.components(separatedBy: "\r\n\r\n")
            headers = Self.headers(sections[0])
            let contentType = try #require(headers["Content-Type"])
            let boundary = try #require(contentType.components(separatedBy: "boundary=\"").last?.dropLast())
            let body = sections.dropFirst().joined(separator: "\r\n\r\n")
            parts = try body.components(separatedBy: "--\(boundary)").dropFirst().filter { !$0.hasPrefix("--") }.map { part in
                let split = part.trimmingCharacters(in: .newlines).components(separatedBy: "\r\n\r\n")
                let headers = Self.headers(split[0])
                #expect(headers["Content-Transfer-Encoding"] == "base64")
                let data = try #require(Data(base64Encoded: split[1], options: .ignoreUnknownCharacters))
                return (headers, String(decoding: data, as: UTF8.self))
            }
        }

        static func headers(_ block: String) -> [String: String] {
            var headers: [String: String] = [:]
            var last: String?
            for line in block.components(separatedBy: "\r\n") {
                if line.hasPrefix(" "), let last {
                    headers[last, default: ""] += line
                } else if let colon = line.firstIndex(of: ":") {
                    let name = String(line[..<colon])
                    headers[name] = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
                    last = name
                }
            }
            return headers
        }

        /// RFC 2047 B-words decoded and joined (the whitespace between adjacent words is dropped).
        static func decoded(_ header: String) -> String {
            header.components(separatedBy: " ").map { word in
                guard word.hasPrefix("=?UTF-8?B?"), word.hasSuffix("?=") else { return word }
                let base64 = String(word.dropFirst(10).dropLast(2))
                return String(decoding: Data(base64Encoded: base64) ?? Data(), as: UTF8.self)
            }.joined()
        }
    }

    @Test func sendsAMultipartDigestOverSTARTTLS() async throws {
        let relay = try await SMTPReceiver(username: "me", password: Self.password)
        try await channel(relay).deliver(SampleDigest.message())
        let received = try #require(try relay.messages().first)
        #expect(received.tls && received.user == "me")
        #expect(received.mailFrom == "deepcut@example.org")
        #expect(received.recipients == ["me@example.org", "you@example.org"])
        let mail = try Parsed(received.data)
        #expect(mail.headers["From"] == "deepcut <deepcut@example.org>")
        #expect(mail.headers["To"] == "me@example.org, you@example.org")
        #expect(mail.headers["Subject"] == "3 releases from Bonobo, Khruangbin and 1 more")
        #expect(mail.headers["Date"] == "Wed, 18 Nov 2026 11:06:40 +0000")
        #expect(mail.headers["MIME-Version"] == "1.0")
        #expect(mail.headers["Content-Type"]?.hasPrefix("multipart/alternative; boundary=") == true)
        let messageID = try #require(mail.headers["Message-ID"])
        #expect(messageID.hasPrefix("<") && messageID.hasSuffix("@example.org>"))
        #expect(mail.parts.map { $0.headers["Content-Type"] } == ["text/plain; charset=utf-8", "text/html; charset=utf-8"])
        #expect(mail.parts[0].body.contains("Out today: Björk — Fossora <Live> & \"Friends\" (ep, 2026-12-01)"))
        #expect(mail.parts[1].body.contains("Fossora &lt;Live&gt; &amp; &quot;Friends&quot;"))
        #expect(mail.parts[1].body.hasPrefix("<!DOCTYPE html>"))
    }

    /// Python's `email` package reads the message independently of the test's own parser.
    @Test func pythonsEmailParserReadsTheMessage() async throws {
        let relay = try await SMTPReceiver(username: "me", password: Self.password)
        try await channel(relay).deliver(SampleDigest.message([SampleDigest.item("Sigur Rós", "Átta <Live>")]))
        let data = try #require(try relay.messages().first).data
        let file = try credentials.write("mail.eml", data)
        let script = """
            import email, email.policy, json, sys
            message = email.message_from_bytes(open(sys.argv[1], 'rb').read(), policy=email.policy.default)
            parts = [part for part in message.walk() if not part.is_multipart()]
            print(json.dumps({"subject": str(message["subject"]), "type": message.get_content_type(),
                "defects": len(message.defects) + sum(len(part.defects) for part in parts),
                "parts": [[part.get_content_type(), part.get_content()] for part in parts]}))
            """
        let json = try await ChildProcess.run("/usr/bin/env", ["python3", "-c", script, file.path], stderr: .null).stdout
        let parsed = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(parsed["subject"] as? String == "1 new release from Sigur Rós")
        #expect(parsed["type"] as? String == "multipart/alternative")
        #expect(parsed["defects"] as? Int == 0)
        let parts = try #require(parsed["parts"] as? [[String]])
        #expect(parts.map { $0[0] } == ["text/plain", "text/html"])
        #expect(parts[0][1].contains("New: Sigur Rós — Átta <Live> (album, 2026-11-27)"))
        #expect(parts[1][1].contains("Átta &lt;Live&gt;"))
    }

    @Test func aNonASCIISubjectIsEncodedAndTheMessageIDIsStable() async throws {
        let relay = try await SMTPReceiver(username: "me", password: Self.password)
        let channel = try channel(relay)
        let items = [
            SampleDigest.item("Sigur Rós", "Átta"), SampleDigest.item("Björk", "Homogenic"), SampleDigest.item("Ólafur Arnalds", "x")
        ]
        try await channel.deliver(SampleDigest.message(items))
        try await channel.deliver(SampleDigest.message(items))
        let mails = try relay.messages().map { try Parsed($0.data) }
        try #require(mails.count == 2)
        let subject = try #require(mails[0].headers["Subject"])
        #expect(subject.hasPrefix("=?UTF-8?B?"))
        #expect(Parsed.decoded(subject) == "3 new releases from Sigur Rós, Björk and 1 more")
        #expect(mails[0].headers["Message-ID"] == mails[1].headers["Message-ID"])
        var other = SampleDigest.message(items)
        other.dedupeKey = "digest:mail:other"
        #expect(
            (channel as? EmailChannel)?.message(other).messageID
                != (channel as? EmailChannel)?.message(SampleDigest.message(items)).messageID)
    }

    @Test func aRelayWithoutSTARTTLSIsATLSFailureAndNothingIsSent() async throws {
        let relay = try await SMTPReceiver(security: .plain, username: "me", password: Self.password)
        let error = try #require(await HTTPChannelTests.failure(try channel(relay)))
        #expect(error.kind == .tls)
        #expect(error.message.contains("localhost:\(relay.port)"))
        #expect(!error.message.contains(Self.password))
        #expect(try relay.messages().isEmpty)
    }

    @Test func failuresMapToTheirKinds() async throws {
        let wrongLogin = try await SMTPReceiver(username: "me", password: "another")
        let refused = try #require(await HTTPChannelTests.failure(try channel(wrongLogin)))
        #expect(refused.kind == .unauthorized && refused.status == 535)
        #expect(!refused.message.contains(Self.password))

        let rejecting = try await SMTPReceiver(username: "me", password: Self.password, mode: .rejectRecipient)
        let rejected = try #require(await HTTPChannelTests.failure(try channel(rejecting)))
        #expect(rejected.kind == .rejected && rejected.status == 550)
        #expect(!rejected.message.contains("you@example.org"))

        let slow = try await SMTPReceiver(username: "me", password: Self.password, mode: .slow(seconds: 10))
        #expect(await HTTPChannelTests.failure(try channel(slow, timeoutSeconds: 1))?.kind == .timeout)
    }

    @Test func aClosedPortIsUnreachable() async throws {
        try credentials.write("notify-mail-password", Self.password)
        let settings = ChannelConfig.EmailSettings(
            server: URL(string: "smtps://127.0.0.1:\(LoopbackServerProcess.closedPort())")!, from: "a@example.org", to: ["b@example.org"])
        let channel = try NotificationChannels.make(
            ChannelConfig(name: "mail", settings: .email(settings)), client: CurlHTTPClient(maximumConnectionsPerHost: 1),
            mailer: CurlMailer(),
            environment: [:])
        #expect(await HTTPChannelTests.failure(channel)?.kind == .unreachable)
    }
}
