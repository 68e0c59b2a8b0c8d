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
            let transport: any MailSender
            switch settings.transport {
            case .smtp: transport = mailer
            case .sendmail(let path): transport = SendmailMailer(path: path)
            }
            return EmailChannel(
                name: config.name, settings: settings, password: password, timeoutSeconds: config.timeoutSeconds, mailer: transport,
                now: now)
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

extension NotificationChannels {
    /// A channel whose config could not be turned into a channel (its secret is missing): every
    /// delivery fails as `misconfigured` with the config's message, so the sweep goes on, health
    /// shows the channel failing, and what it is owed waits until the config is fixed.
    struct Misconfigured: NotificationChannel {
        let name: String
        let problem: ConfigError

        var setupProblem: DeliveryError? { DeliveryError(.misconfigured, problem.message) }

        func deliver(_ message: DigestMessage) async throws(DeliveryError) {
            throw DeliveryError(.misconfigured, problem.message)
        }
    }

    /// Every configured channel with its filter, in config order. A channel that cannot be built
    /// becomes `Misconfigured` rather than stopping the sweep.
    /// - Parameters:
    ///   - windowDays: the feed's window, for a filter's `newBy`: an item dated inside the window
    ///     (or announced, or out today) is new by release, an older one was new by discovery.
    package static func routes(
        _ channels: [ChannelConfig], windowDays: Int, client: any HTTPClient, mailer: any MailSender,
        environment: [String: String], now: @escaping @Sendable () -> Date
    ) -> [Notifier.Route] {
        channels.map { config in
            let channel: any NotificationChannel
            do throws(ConfigError) {
                channel = try make(config, client: client, mailer: mailer, environment: environment, now: now)
            } catch {
                channel = Misconfigured(name: config.name, problem: error)
            }
            let filter = config.filter
            return Notifier.Route(channel: channel, type: config.type.rawValue) { item in
                guard filter.admits(item) else { return false }
                guard let newBy = filter.newBy, newBy != .either else { return true }
                let byRelease = item.event != .newRelease || item.entry.releaseDate.epochDay >= now().epochDay - windowDays
                return newBy == .release ? byRelease : !byRelease
            }
        }
    }
}
