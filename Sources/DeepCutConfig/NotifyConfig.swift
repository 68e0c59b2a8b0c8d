import DeepCutCore
import Foundation

/// One entry of the config's `notify` array: a named channel, how to reach it and what it wants.
///
/// Secrets are never in the config file: the settings name the files that hold them (resolved
/// against the config's folder), else the channel reads the systemd credential
/// `notify-NAME-SECRET` (`credentialName(_:)`) when it is built.
package struct ChannelConfig: Sendable, Hashable {
    package enum ChannelType: String, Sendable, Hashable, CaseIterable {
        case webhook, ntfy, apprise, email, discord, slack
    }

    /// The type's own settings.
    package enum Settings: Sendable, Hashable {
        /// `url`; `secretFile` signs the body (HMAC-SHA256).
        case webhook(url: URL, secretFile: URL?)
        /// `url` is the topic's URL; `tokenFile` an access token (Bearer); `tags`, `priority` (1–5).
        case ntfy(url: URL, tokenFile: URL?, tags: [String], priority: Int?)
        /// `url` is the Apprise API server; `key` a configuration saved there (`/notify/KEY`), else the
        /// stateless `/notify` with the Apprise URLs from `urlsFile` (they hold the services' tokens).
        case apprise(url: URL, key: String?, urlsFile: URL?)
        case email(EmailSettings)
        /// The incoming webhook's URL holds its token, so it comes from `urlFile` or a credential.
        case discord(urlFile: URL?)
        case slack(urlFile: URL?)
    }

    /// `email`: the transport (an SMTP relay or the local sendmail), the sender and the recipients.
    package struct EmailSettings: Sendable, Hashable {
        /// How a message leaves.
        package enum Transport: Sendable, Hashable {
            /// SMTP to `server`; `requireTLS` false only for a loopback relay without credentials (`tls: "none"`).
            case smtp(requireTLS: Bool)
            /// The local mail system: `PATH -t -i`, the message on its standard input.
            case sendmail(URL)
        }

        /// `smtp://host:587` (STARTTLS, required unless `tls: "none"`) or `smtps://host:465`; nil for sendmail.
        package var server: URL?
        /// Bare addresses (the envelope's): display names are in `displayNames`.
        package var from: String
        package var to: [String]
        /// RFC 5322 display names by address (`"Zoë" <zoe@example.org>`), for the From and To headers.
        package var displayNames: [String: String]
        package var username: String?
        package var passwordFile: URL?
        /// A CA bundle for a relay with a private certificate.
        package var caFile: URL?
        package var transport: Transport

        package init(
            server: URL?, from: String, to: [String], username: String? = nil, passwordFile: URL? = nil, caFile: URL? = nil,
            displayNames: [String: String] = [:], transport: Transport = .smtp(requireTLS: true)
        ) {
            self.server = server
            self.from = from
            self.to = to
            self.displayNames = displayNames
            self.username = username
            self.passwordFile = passwordFile
            self.caFile = caFile
            self.transport = transport
        }
    }

    /// Unique, `[a-z0-9-]+`: what health, the page, the ledger and `notify --test NAME` use.
    package var name: String
    package var settings: Settings
    package var filter: ChannelFilter
    /// The total deadline of one delivery.
    package var timeoutSeconds: Int
    /// Where it sits in the config (`notify[2]`), for messages about its keys and secrets.
    package var configKey = "notify"

    package init(name: String, settings: Settings, filter: ChannelFilter = ChannelFilter(), timeoutSeconds: Int = 10) {
        self.name = name
        self.settings = settings
        self.filter = filter
        self.timeoutSeconds = timeoutSeconds
    }

    package var type: ChannelType {
        switch settings {
        case .webhook: .webhook
        case .ntfy: .ntfy
        case .apprise: .apprise
        case .email: .email
        case .discord: .discord
        case .slack: .slack
        }
    }

    /// The systemd credential a channel's secret is read from when no file is configured:
    /// `notify-phone-token` for the channel `phone`'s ntfy token.
    package func credentialName(_ secret: String) -> String { "notify-\(name)-\(secret)" }
}

/// A channel's `filter`: which digest items it is sent. Every part absent admits everything; the
/// parts present must all admit an item.
package struct ChannelFilter: Sendable, Hashable {
    /// The `feed.types` rule (`TypeSelection`): a list naming no secondary type admits all but appearances.
    package var types: TypeSelection?
    /// Artist names in their comparison form (`ArtistName.normalize`).
    package var artists: Set<String>?
    /// Only items new by this rule (`release`, `discovery`; `either` admits both).
    package var newBy: NewBy?
    package var events: Set<Digest.Item.Event>?

    package init(
        types: TypeSelection? = nil, artists: Set<String>? = nil, newBy: NewBy? = nil, events: Set<Digest.Item.Event>? = nil
    ) {
        self.types = types
        self.artists = artists
        self.newBy = newBy
        self.events = events
    }

    /// Whether the item's type, artist and event pass. `newBy` needs why the entry is new, which
    /// the notifier knows; it is checked there.
    package func admits(_ item: Digest.Item) -> Bool {
        if let types, !types.wants(item.entry) { return false }
        if let artists, !artists.contains(ArtistName.normalize(item.entry.artist)) { return false }
        if let events, !events.contains(item.event) { return false }
        return true
    }
}

extension ChannelConfig {
    /// Reads the `notify` array: every channel, names unique.
    static func channels(_ field: ConfigField, folder: URL) throws -> [ChannelConfig] {
        var names: Set<String> = []
        return try field.array().map { element in
            var channel = try ChannelConfig(element, folder: folder)
            channel.configKey = element.path.description
            guard names.insert(channel.name).inserted else {
                throw element.failure("the channel name '\(channel.name)' is used twice")
            }
            return channel
        }
    }

    init(_ field: ConfigField, folder: URL) throws {
        var object = try field.object()
        let nameField = try object.required("name")
        let name = try nameField.string()
        guard !name.isEmpty, name.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }) else {
            throw nameField.failure("must be lowercase letters, digits and '-', got '\(name)'")
        }
        let type = try object.required("type").oneOf(ChannelType.self)
        let settings = try Self.settings(type, &object, folder: folder)
        let filter = try object.optional("filter").map(ChannelFilter.init) ?? ChannelFilter()
        let timeoutSeconds = try object.optional("timeoutSeconds")?.integer(in: 1...120) ?? 10
        if let (inline, fileKey, secret) = Self.inlineSecret(type), let field = object.optional(inline) {
            // The value is a secret: the message names where it belongs, never what it is.
            throw field.failure(
                "secrets are not read from the config file: put it in the file '\(fileKey)' names, "
                    + "or in the systemd credential 'notify-\(name)-\(secret)'")
        }
        try object.rejectUnknownKeys()
        self.init(name: name, settings: settings, filter: filter, timeoutSeconds: timeoutSeconds)
    }

    /// The key someone might put a type's secret under, the key it belongs in, and its credential's suffix.
    private static func inlineSecret(_ type: ChannelType) -> (inline: String, fileKey: String, secret: String)? {
        switch type {
        case .webhook: ("secret", "secretFile", "secret")
        case .ntfy: ("token", "tokenFile", "token")
        case .apprise: ("urls", "urlsFile", "urls")
        case .email: ("password", "passwordFile", "password")
        case .discord, .slack: ("url", "urlFile", "url")
        }
    }

    private static func settings(_ type: ChannelType, _ object: inout ConfigObject, folder: URL) throws -> Settings {
        switch type {
        case .webhook:
            return .webhook(
                url: try object.required("url").httpURL(), secretFile: try object.optional("secretFile")?.path(relativeTo: folder))
        case .ntfy:
            let url = try object.required("url").httpURL()
            let tokenFile = try object.optional("tokenFile")?.path(relativeTo: folder)
            let tags = try object.optional("tags")?.array().map { try $0.nonEmptyString() } ?? ["musical_note"]
            let priority = try object.optional("priority")?.integer(in: 1...5)
            return .ntfy(url: url, tokenFile: tokenFile, tags: tags, priority: priority)
        case .apprise:
            let url = try object.required("url").httpURL()
            let keyField = object.optional("key")
            let key = try keyField?.nonEmptyString()
            let urlsFile = try object.optional("urlsFile")?.path(relativeTo: folder)
            if let keyField, urlsFile != nil { throw keyField.failure("give either 'key' or 'urlsFile', not both") }
            // The key becomes a path component of the server's URL.
            if let keyField, let key,
                !key.unicodeScalars.allSatisfy({
                    $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_".unicodeScalars.contains($0))
                })
            {
                throw keyField.failure("must be letters, digits, '-' and '_', got '\(key)'")
            }
            return .apprise(url: url, key: key, urlsFile: urlsFile)
        case .email:
            return .email(try EmailSettings(&object, folder: folder))
        case .discord:
            return .discord(urlFile: try object.optional("urlFile")?.path(relativeTo: folder))
        case .slack:
            return .slack(urlFile: try object.optional("urlFile")?.path(relativeTo: folder))
        }
    }
}

extension ChannelFilter {
    init(_ field: ConfigField) throws {
        var object = try field.object()
        self.init()
        types = try object.optional("types").map(FeedConfig.types)
        artists = try object.optional("artists").map { try Set($0.nonEmptyArray().map { ArtistName.normalize(try $0.nonEmptyString()) }) }
        newBy = try object.optional("newBy")?.oneOf(NewBy.self)
        events = try object.optional("events").map { try Set($0.nonEmptyArray().map { try $0.oneOf(Digest.Item.Event.self) }) }
        try object.rejectUnknownKeys()
    }
}
