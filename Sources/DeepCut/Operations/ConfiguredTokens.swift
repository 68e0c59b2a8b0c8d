import DeepCutConfig
import DeepCutCore
import DeepCutPublish
import Foundation

/// The configured tokens that state their own expiry: the apple-music catalog's developer token
/// and each `apple-music-library` source's. Music-User-Tokens are opaque (no readable age or
/// expiry), so they are not listed.
struct ConfiguredTokens: Sendable {
    /// A token, by the config key an operator fixes.
    struct Token: Sendable {
        var key: String
        var token: AppleMusicToken
    }

    let tokens: [Token]

    /// Reads every configured developer token.
    /// - Throws: `ConfigError` (exit 78) for a token that is configured but unreadable.
    init(_ config: Config, environment: [String: String]) throws(ConfigError) {
        var tokens: [Token] = []
        if config.catalog.provider == .appleMusic {
            let token = try AppleMusicToken.load(tokenFile: config.catalog.tokenFile, environment: environment)
            tokens.append(Token(key: config.hasSeveralSources ? "catalogs[0].tokenFile" : "catalog.tokenFile", token: token))
        }
        for (offset, other) in config.otherCatalogs.enumerated() where other.provider == .appleMusic {
            let token = try AppleMusicToken.load(tokenFile: other.tokenFile, environment: environment)
            if !tokens.contains(where: { $0.token.value == token.value }) {
                tokens.append(Token(key: "catalogs[\(offset + 1)].tokenFile", token: token))
            }
        }
        for (index, source) in config.library.enumerated() where source.format == .appleMusicLibrary {
            let token = try AppleMusicToken.load(
                file: source.tokenFile, key: "library[\(index)].tokenFile", credential: AppleMusicToken.credentialName,
                needed: "the apple-music-library source needs a developer token",
                credentialsDirectory: AppleMusicToken.credentialsDirectory(in: environment))
            // One token used twice (a shared systemd credential) is one expiry to watch.
            if !tokens.contains(where: { $0.token.value == token.value }) {
                tokens.append(Token(key: "library[\(index)].tokenFile", token: token))
            }
        }
        self.tokens = tokens
    }

    func expiries(at now: Date) -> [TokenExpiry] {
        tokens.map { TokenExpiry(key: $0.key, expiresAt: $0.token.expiresAt, at: now) }
    }

    /// The expiries the health report carries; nil when no such token is configured, or when one
    /// cannot be read: the run then stops on that token with its own configuration error (exit 78).
    static func report(_ config: Config, environment: [String: String], at now: Date, log: EventLog) -> [TokenExpiry]? {
        let expiries: [TokenExpiry]
        do {
            expiries = try ConfiguredTokens(config, environment: environment).expiries(at: now)
        } catch {
            return nil
        }
        for expiry in expiries where expiry.status == .warning || expiry.status == .critical {
            log.warning(
                "token.expiring",
                ["key": expiry.key, "expiresAt": expiry.expiresAt.map(Timestamp.string) ?? "", "status": expiry.status.rawValue])
        }
        return expiries.isEmpty ? nil : expiries
    }
}
