import DeepCutConfig
import DeepCutCore
import DeepCutHTTP
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutNotify

/// The factory: which secret each channel reads, from where, and what it says when one is missing.
@Suite struct NotificationChannelsTests {
    private let credentials = ScratchFolder()

    private func make(
        _ settings: ChannelConfig.Settings, environment: [String: String]? = nil
    ) throws(ConfigError) -> any NotificationChannel {
        var config = ChannelConfig(name: "alerts", settings: settings)
        config.configKey = "notify[1]"
        return try NotificationChannels.make(
            config, client: CurlHTTPClient(maximumConnectionsPerHost: 1), mailer: CurlMailer(),
            environment: environment ?? ["CREDENTIALS_DIRECTORY": credentials.url.path])
    }

    private func failure(_ settings: ChannelConfig.Settings, environment: [String: String]? = nil) -> String? {
        do {
            _ = try make(settings, environment: environment)
            return nil
        } catch {
            return error.message
        }
    }

    private static let server = URL(string: "smtp://mail.example.org:587")!

    @Test func anEmailLoginNeedsItsPassword() {
        let settings = ChannelConfig.EmailSettings(server: Self.server, from: "a@example.org", to: ["b@example.org"], username: "me")
        #expect(
            failure(.email(settings), environment: [:])
                == "notify[1].passwordFile: the email channel 'alerts' needs the password of its username: set notify[1].passwordFile, "
                + "or pass the systemd credential 'notify-alerts-password' (LoadCredential=)")
        let credential = credentials.url.appendingPathComponent("notify-alerts-password").path
        #expect(failure(.email(settings))?.hasPrefix("credential 'notify-alerts-password': cannot read \(credential)") == true)
        let anonymous = ChannelConfig.EmailSettings(server: Self.server, from: "a@example.org", to: ["b@example.org"])
        #expect(failure(.email(anonymous)) == nil)
    }

    @Test func aConfiguredSecretFileMustBeReadable() throws {
        let missing = credentials.url.appendingPathComponent("nope")
        let message = try #require(failure(.ntfy(url: URL(string: "https://ntfy.sh/t")!, tokenFile: missing, tags: [], priority: nil)))
        #expect(message.hasPrefix("notify[1].tokenFile: cannot read \(missing.path)"))
        // Without a file or a credential there is simply no token.
        #expect(failure(.ntfy(url: URL(string: "https://ntfy.sh/t")!, tokenFile: nil, tags: [], priority: nil)) == nil)
    }

    @Test func aSecretFileIsReadFromTheConfiguredPath() throws {
        let file = try credentials.write("signing.txt", "abc123\n")
        let channel = try make(.webhook(url: URL(string: "https://hooks.example.org/in")!, secretFile: file), environment: [:])
        let webhook = try #require(channel as? WebhookChannel)
        #expect(webhook.secret?.value == "abc123")
        #expect("\(webhook.secret!)" == "<redacted>")
        #expect(!"\(webhook)".contains("abc123"))
    }

    @Test func statelessAppriseNeedsItsURLs() {
        #expect(
            failure(.apprise(url: URL(string: "http://apprise:8000")!, key: nil, urlsFile: nil))?.contains("'notify-alerts-urls'") == true)
        #expect(failure(.apprise(url: URL(string: "http://apprise:8000")!, key: "deepcut", urlsFile: nil)) == nil)
    }

    @Test func aChatWebhookMustBeHTTPSAndIsNeverEchoed() throws {
        try credentials.write("notify-alerts-url", "http://discord.example/api/webhooks/1/s3cr3t")
        let message = try #require(failure(.discord(urlFile: nil)))
        #expect(message == "notify[1].urlFile: the discord webhook URL must be an https URL")
        try credentials.write("notify-alerts-url", "https://hooks.slack.com/services/T/B/s3cr3t")
        #expect(try make(.slack(urlFile: nil)).name == "alerts")
        #expect(failure(.slack(urlFile: nil), environment: [:])?.contains("'notify-alerts-url'") == true)
    }
}

extension NotificationChannelsTests {
    /// A channel printed (in a log line, a debugger) names its type, name and origin, never a secret,
    /// an ntfy topic, a chat webhook's token or an address.
    @Test func aChannelPrintsWithoutItsSecrets() throws {
        try credentials.write("notify-alerts-token", "tk_s3cret")
        try credentials.write("notify-alerts-password", "pw_s3cret")
        try credentials.write("notify-alerts-url", "https://hooks.slack.com/services/T/B/s3cret-path")
        try credentials.write("notify-alerts-urls", "tgram://s3cret-bot/chat")
        let channels = [
            try make(.ntfy(url: URL(string: "https://ntfy.sh/s3cret-topic")!, tokenFile: nil, tags: [], priority: nil)),
            try make(
                .email(
                    ChannelConfig.EmailSettings(
                        server: Self.server, from: "from@s3cret.org", to: ["to@s3cret.org"], username: "me-s3cret"))),
            try make(.slack(urlFile: nil)),
            try make(.apprise(url: URL(string: "http://apprise:8000")!, key: nil, urlsFile: nil)),
            try make(.webhook(url: URL(string: "https://hooks.example.org/s3cret-path?token=s3cret")!, secretFile: nil))
        ]
        let printed = channels.map { "\($0)" }
        #expect(
            printed == [
                "ntfy channel 'alerts' at https://ntfy.sh:443", "email channel 'alerts' via smtp://mail.example.org:587",
                "slack channel 'alerts' at https://hooks.slack.com:443", "apprise channel 'alerts' at http://apprise:8000",
                "webhook channel 'alerts' at https://hooks.example.org:443"
            ])
        #expect(printed.allSatisfy { !$0.contains("s3cret") })
        let request = HTTPRequest(
            url: URL(string: "https://ntfy.sh/s3cret-topic")!, headers: ["Authorization": "Bearer s3cret"], body: Data("s3cret".utf8),
            timeoutSeconds: 1)
        #expect("\(request)" == "POST https://ntfy.sh:443 (6 bytes)")
    }
}
