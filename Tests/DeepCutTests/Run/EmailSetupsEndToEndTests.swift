import DeepCutFixtures
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCut
@testable import DeepCutPublish

/// Email as real machines send it, through the real binary: the local mail system (`sendmail`,
/// here a fake one that records its arguments and standard input), a loopback relay without TLS,
/// and display names with non-ASCII text.
@Suite struct EmailSetupsEndToEndTests {
    static func sweep(_ harness: SweepHarness) async throws -> SpawnedProcess.Result {
        try await SpawnedProcess.deepcut(["sweep", "--config", harness.configPath, "--quiet"], in: harness.folder.url).finish()
    }

    /// A sendmail that records `$@` in `args` and its input in `message`, then exits with `status`.
    static func fakeSendmail(in folder: ScratchFolder, status: Int = 0) throws -> URL {
        let records = folder.url.path
        let script = try folder.write(
            "sendmail", "#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(records)/args'\ncat > '\(records)/message'\nexit \(status)\n")
        chmod(script.path, 0o755)
        return script
    }

    @Test func sendmailGetsTheMessageWithEncodedDisplayNames() async throws {
        let scratch = ScratchFolder()
        let sendmail = try Self.fakeSendmail(in: scratch)
        let channel =
            #"{"name": "mail", "type": "email", "transport": "sendmail", "sendmailPath": "\#(sendmail.path)", "from": "\"Zoë\" <zoe@example.org>", "to": ["Ann <ann@example.org>", "bob@example.org", "\"Doe, Jane\" <jane@example.org>"]}"#
        let harness = try SweepHarness(config: ["notify": "[\(channel)]"])
        let check = try await SpawnedProcess.deepcut(["check-config", "--config", harness.configPath], in: harness.folder.url).finish()
        #expect(check.status == 0, "\(check.stderr)")
        #expect(try await Self.sweep(harness).status == 0)
        try await harness.replaceCatalog(NotificationEndToEndTests.news)
        let run = try await Self.sweep(harness)
        #expect(run.status == 0, "\(run.stderr)")
        let args = try String(contentsOf: scratch.url.appendingPathComponent("args"), encoding: .utf8)
        #expect(args == "-t\n-i\n")
        let message = try String(contentsOf: scratch.url.appendingPathComponent("message"), encoding: .utf8)
        let zoe = Data("Zoë".utf8).base64EncodedString()
        #expect(message.contains("From: =?UTF-8?B?\(zoe)?= <zoe@example.org>\r\n"), "\(message.prefix(400))")
        #expect(message.contains("To: Ann <ann@example.org>, bob@example.org, \"Doe, Jane\" <jane@example.org>\r\n"))
        #expect(message.contains("Subject: 2 releases from Khruangbin and Polyphia\r\n"))
        let standing = try #require(try harness.health().notify?.first)
        #expect(standing.outcome == .delivered)
        #expect(standing.sent == 2)
    }

    /// A 10 KB title and a 70 KB credit: the Subject stays within 250 characters, the mail goes out.
    @Test func anOversizedItemGivesASubjectOfAtMost250Characters() async throws {
        let scratch = ScratchFolder()
        let sendmail = try Self.fakeSendmail(in: scratch)
        let channel =
            #"{"name": "mail", "type": "email", "transport": "sendmail", "sendmailPath": "\#(sendmail.path)", "from": "zoe@example.org", "to": ["ann@example.org"]}"#
        let harness = try SweepHarness(config: ["notify": "[\(channel)]"])
        #expect(try await Self.sweep(harness).status == 0)
        try await harness.replaceCatalog(NotificationHonestyEndToEndTests.oversized)
        #expect(try await Self.sweep(harness).status == 0)
        let message = try String(contentsOf: scratch.url.appendingPathComponent("message"), encoding: .utf8)
        let lines = message.components(separatedBy: "\r\n")
        let start = try #require(lines.firstIndex { $0.hasPrefix("Subject: ") })
        // Unfold the header (continuation lines start with a space) and decode its encoded-words.
        var subject = String(lines[start].dropFirst("Subject: ".count))
        for line in lines[(start + 1)...] {
            guard line.hasPrefix(" ") else { break }
            subject += line
        }
        let decoded = subject.split(separator: " ").map { word -> String in
            guard word.hasPrefix("=?UTF-8?B?"), word.hasSuffix("?="), let data = Data(base64Encoded: String(word.dropFirst(10).dropLast(2)))
            else { return String(word) }
            return String(decoding: data, as: UTF8.self)
        }.joined(separator: subject.contains("=?UTF-8?B?") ? "" : " ")
        print("email, 10 KB title and 70 KB credit: Subject \(decoded.count) characters, message \(message.utf8.count) B")
        #expect(decoded.count <= 250)
        #expect(try harness.health().notify?.first?.outcome == .delivered)
    }

    @Test func aFailingSendmailLeavesTheItemsOwed() async throws {
        let scratch = ScratchFolder()
        let sendmail = try Self.fakeSendmail(in: scratch, status: 75)
        let channel =
            #"{"name": "mail", "type": "email", "transport": "sendmail", "sendmailPath": "\#(sendmail.path)", "from": "zoe@example.org", "to": ["ann@example.org"]}"#
        let harness = try SweepHarness(config: ["notify": "[\(channel)]"])
        #expect(try await Self.sweep(harness).status == 0)
        try await harness.replaceCatalog(NotificationEndToEndTests.news)
        #expect(try await Self.sweep(harness).status == 0)
        let standing = try #require(try harness.health().notify?.first)
        #expect(standing.outcome == .failed)
        #expect(standing.pending == 2)
        #expect(standing.lastError?.contains("exited with status 75") == true, "\(standing.lastError ?? "")")
    }

    /// `tls: "none"`: a relay on this machine without STARTTLS (postfix, nullmailer) takes the mail.
    @Test func aLoopbackRelayWithoutTLSIsAllowedWithoutCredentials() async throws {
        let relay = try await SMTPReceiver(security: .plain)
        let channel =
            #"{"name": "mail", "type": "email", "server": "\#(relay.url.absoluteString)", "tls": "none", "from": "zoe@example.org", "to": ["ann@example.org"]}"#
        let harness = try SweepHarness(config: ["notify": "[\(channel)]"])
        #expect(try await Self.sweep(harness).status == 0)
        try await harness.replaceCatalog(NotificationEndToEndTests.news)
        #expect(try await Self.sweep(harness).status == 0)
        let mails = try relay.messages()
        #expect(mails.count == 1)
        #expect(mails.first?.tls == false)
        #expect(try harness.health().notify?.first?.outcome == .delivered)
    }

    /// `tls: "none"` to another machine, or with credentials, is a config error naming the key.
    @Test func clearTextIsRefusedOffThisMachineOrWithCredentials() async throws {
        let cases = [
            (
                #"{"name": "mail", "type": "email", "server": "smtp://relay.example:25", "tls": "none", "from": "a@example.org", "to": ["b@example.org"]}"#,
                "notify[0].tls: 'none' is only for a relay on this machine"
            ),
            (
                #"{"name": "mail", "type": "email", "server": "smtp://127.0.0.1:25", "tls": "none", "username": "me", "from": "a@example.org", "to": ["b@example.org"]}"#,
                "notify[0].tls: 'none' never sends credentials in the clear"
            ),
            (
                #"{"name": "mail", "type": "email", "server": "smtp://127.0.0.1:25", "from": "Zoë <zoe@exa\nmple.org>", "to": ["b@example.org"]}"#,
                "notify[0].from: expected an address like me@example.org"
            )
        ]
        for (channel, expected) in cases {
            let harness = try SweepHarness(config: ["notify": "[\(channel)]"])
            let check = try await SpawnedProcess.deepcut(["check-config", "--config", harness.configPath], in: harness.folder.url).finish()
            #expect(check.status == 78)
            #expect(check.stderr.contains(expected), "\(check.stderr)")
        }
    }
}
