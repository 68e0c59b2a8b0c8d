import DeepCutConfig
import DeepCutHTTP
import Foundation

/// Builds the channel a `notify[]` entry describes, reading its secrets (the configured file, else
/// the systemd credential `notify-NAME-SECRET` in `$CREDENTIALS_DIRECTORY`).
package enum NotificationChannels {
    /// - Throws: `ConfigError` (exit 78) naming the channel's key and the secret's file or credential
    ///   when a secret is needed but missing, unreadable or malformed; never the secret itself.
    package static func make(
        _ config: ChannelConfig, client: any HTTPClient, mailer: any MailSender, environment: [String: String],
        now: @escaping @Sendable () -> Date = { Date() }
    ) throws(ConfigError) -> any NotificationChannel {
        let credentials = Secret.credentialsDirectory(in: environment)
        let key = config.configKey
        func delivery(_ service: String) -> HTTPDelivery {
            HTTPDelivery(client: client, timeoutSeconds: config.timeoutSeconds, service: service)
        }
        func optionalSecret(_ file: URL?, _ setting: String, _ secret: String) throws(ConfigError) -> Secret? {
            try Secret.loadIfPresent(
                file: file, key: "\(key).\(setting)", credential: config.credentialName(secret), credentialsDirectory: credentials)
        }
        func secret(_ file: URL?, _ setting: String, _ secret: String, needed: String) throws(ConfigError) -> Secret {
            try Secret.load(
                file: file, key: "\(key).\(setting)", credential: config.credentialName(secret),
                needed: "the \(config.type.rawValue) channel '\(config.name)' needs \(needed)", credentialsDirectory: credentials)
        }
        switch config.settings {
        case .webhook(let url, let secretFile):
            return WebhookChannel(
                name: config.name, url: url, secret: try optionalSecret(secretFile, "secretFile", "secret"), delivery: delivery("webhook"))
        case .ntfy(let url, let tokenFile, let tags, let priority):
            return NtfyChannel(
                name: config.name, url: url, token: try optionalSecret(tokenFile, "tokenFile", "token"), tags: tags, priority: priority,
                delivery: delivery("ntfy"))
        case .apprise(let url, let appriseKey, let urlsFile):
            let target: AppriseChannel.Target
            if let appriseKey {
                target = .key(appriseKey)
            } else {
                target = .urls(try secret(urlsFile, "urlsFile", "urls", needed: "a 'key' or its Apprise URLs"))
            }
            return AppriseChannel(name: config.name, url: url, target: target, delivery: delivery("apprise"))
        case .email(let settings):
            let password =
                settings.username == nil
                ? nil : try secret(settings.passwordFile, "passwordFile", "password", needed: "the password of its username")
            return EmailChannel(
                name: config.name, settings: settings, password: password, timeoutSeconds: config.timeoutSeconds, mailer: mailer, now: now)
        case .discord(let urlFile), .slack(let urlFile):
            let isDiscord = config.type == .discord
            let setting = "\(key).urlFile"
            let url = try secret(urlFile, "urlFile", "url", needed: "its incoming webhook's URL")
            guard let webhook = URL(string: url.value), webhook.scheme?.lowercased() == "https", webhook.host != nil else {
                // The URL is the secret: say what is wrong with it, not what it is.
                throw ConfigError(message: "\(setting): the \(config.type.rawValue) webhook URL must be an https URL")
            }
            return ChatWebhookChannel(
                name: config.name, style: isDiscord ? .discord : .slack, url: webhook, delivery: delivery(isDiscord ? "discord" : "slack"))
        }
    }
}
