import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutHTTP

/// SMTP through libcurl to a loopback relay (Tests/Servers/smtp_server.py), with its failure modes.
@Suite struct CurlMailerTests {
    static let password = "pa55 w0rd!"
    static let message = Data("Subject: hello\r\nFrom: a@example.org\r\n\r\n.a line starting with a dot\r\nbody\r\n".utf8)

    private func envelope(
        _ relay: SMTPReceiver, password: String = password, timeoutMilliseconds: Int = 30_000, caFile: URL? = nil
    )
        -> MailEnvelope
    {
        MailEnvelope(
            server: relay.url, username: "me", password: password, from: "deepcut@example.org",
            recipients: ["you@example.org", "b@example.org"],
            message: Self.message, timeoutMilliseconds: timeoutMilliseconds, caFile: caFile ?? relay.caFile)
    }

    private func failure(_ envelope: MailEnvelope) async -> MailError? {
        do {
            try await CurlMailer().send(envelope)
            return nil
        } catch {
            #expect(!error.message.contains(Self.password) && !error.message.contains("you@example.org"))
            #expect(!"\(envelope)".contains(Self.password))
            return error
        }
    }

    @Test(arguments: [SMTPReceiver.Security.startTLS, .implicitTLS])
    func sendsOverTLSAfterLoggingIn(security: SMTPReceiver.Security) async throws {
        let relay = try await SMTPReceiver(security: security, username: "me", password: Self.password)
        try await CurlMailer().send(envelope(relay))
        let received = try #require(try relay.messages().first)
        #expect(received.tls)
        #expect(received.user == "me")
        #expect(received.mailFrom == "deepcut@example.org")
        #expect(received.recipients == ["you@example.org", "b@example.org"])
        #expect(received.data == String(decoding: Self.message, as: UTF8.self))
    }

    @Test func aRelayWithoutSTARTTLSIsRefusedBeforeTheLogin() async throws {
        let relay = try await SMTPReceiver(security: .plain, username: "me", password: Self.password)
        let error = try #require(await failure(envelope(relay)))
        #expect(error.kind == .tls)
        #expect(error.message.contains("STARTTLS"))
        #expect(try relay.messages().isEmpty)
    }

    @Test func anUnverifiedCertificateIsRefused() async throws {
        let relay = try await SMTPReceiver(username: "me", password: Self.password)
        let otherCA = try await SMTPReceiver()
        let error = try #require(await failure(envelope(relay, caFile: otherCA.caFile)))
        #expect(error.kind == .tls)
        #expect(try relay.messages().isEmpty)
    }

    @Test func aWrongPasswordIsUnauthorized() async throws {
        let relay = try await SMTPReceiver(username: "me", password: Self.password)
        let error = try #require(await failure(envelope(relay, password: "wrong")))
        #expect(error.kind == .unauthorized)
        #expect(error.replyCode == 535)
    }

    @Test(arguments: [(SMTPReceiver.Mode.rejectRecipient, 550), (.rejectMessage, 554)])
    func aRefusalIsRejectedWithItsReplyCode(mode: SMTPReceiver.Mode, code: Int) async throws {
        let relay = try await SMTPReceiver(username: "me", password: Self.password, mode: mode)
        let error = try #require(await failure(envelope(relay)))
        #expect(error.kind == .rejected)
        #expect(error.replyCode == code)
        #expect(error.message.contains("SMTP \(code)"))
        #expect(try relay.messages().isEmpty)
    }

    @Test func aClosedPortIsRefused() async throws {
        let envelope = MailEnvelope(
            server: URL(string: "smtp://127.0.0.1:\(LoopbackServerProcess.closedPort())")!, from: "a@example.org",
            recipients: ["b@example.org"],
            message: Self.message, timeoutMilliseconds: 30_000)
        let error = try #require(await failure(envelope))
        #expect(error.kind == .refused)
    }

    @Test func aSlowRelayTimesOutAtTheDeadline() async throws {
        let relay = try await SMTPReceiver(username: "me", password: Self.password, mode: .slow(seconds: 10))
        let error = try #require(await failure(envelope(relay, timeoutMilliseconds: 500)))
        #expect(error.kind == .timeout)
        #expect(error.message.contains("500 ms"))
    }

    /// The relay waits 10 s before its greeting and the deadline is 60 s: only the cancellation can
    /// end the send as cancelled (without it, the mail would go out after 10 s).
    @Test func cancellingTheCallerEndsTheSend() async throws {
        let relay = try await SMTPReceiver(username: "me", password: Self.password, mode: .slow(seconds: 10))
        let mail = envelope(relay, timeoutMilliseconds: 60_000)
        let task = Task { () -> MailError? in
            do throws(MailError) {
                try await CurlMailer().send(mail)
                return nil
            } catch {
                return error
            }
        }
        task.cancel()
        let error = try #require(await task.value)
        #expect(error.kind == .cancelled)
        #expect(try relay.messages().isEmpty)
    }
}
