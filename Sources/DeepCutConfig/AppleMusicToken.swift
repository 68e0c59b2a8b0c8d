import DeepCutCore
import Foundation

/// An Apple Music token, treated as opaque: the developer token (an ES256 JWT) the catalog and the
/// library API take as Bearer, or the user's Music-User-Token. Read from the file a config key names,
/// else from a systemd credential (`LoadCredential=` puts it in `$CREDENTIALS_DIRECTORY`).
///
/// It prints as `<redacted>` so no interpolation can put it in a log line, message or report.
package struct AppleMusicToken: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The developer token's systemd credential name, and its file name inside `$CREDENTIALS_DIRECTORY`.
    package static let credentialName = "apple-music-token"
    /// The Music-User-Token's systemd credential name.
    package static let userTokenCredentialName = "apple-music-user-token"

    /// The token itself; only the request headers and redaction read it.
    package let value: String

    init(_ value: String) {
        self.value = value
    }

    package var description: String { "<redacted>" }
    package var debugDescription: String { "<redacted>" }

    /// Reads the catalog's developer token: `catalog.tokenFile` when configured, else the systemd credential.
    /// - Throws: `ConfigError` (exit 78) naming the key or credential and the file, never its contents.
    package static func load(tokenFile: URL?, environment: [String: String]) throws(ConfigError) -> AppleMusicToken {
        try load(
            file: tokenFile, key: "catalog.tokenFile", credential: credentialName,
            needed: "the apple-music provider needs a developer token", credentialsDirectory: credentialsDirectory(in: environment))
    }

    /// Reads a token: `file` when configured, else `credential` in `credentialsDirectory` (`Secret.load`).
    /// - Throws: `ConfigError` (exit 78) when the token is not configured, unreadable, empty or not one
    ///   line of visible ASCII; the message names the key or credential and the file, never the contents.
    package static func load(
        file: URL?, key: String, credential: String, needed: String,
        credentialsDirectory: URL?
    ) throws(ConfigError) -> AppleMusicToken {
        let secret = try Secret.load(
            file: file, key: key, credential: credential, needed: needed, credentialsDirectory: credentialsDirectory)
        // A header value cannot hold whitespace or non-ASCII characters either.
        guard secret.value.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && $0.value < 0x7F }) else {
            let source = file == nil ? "credential '\(credential)'" : key
            throw ConfigError(
                message:
                    "\(source): \((file ?? credentialsDirectory?.appendingPathComponent(credential))?.path ?? "") does not hold a single-line token"
            )
        }
        return AppleMusicToken(secret.value)
    }

    /// systemd's credential folder, `$CREDENTIALS_DIRECTORY`; nil when unset or empty.
    package static func credentialsDirectory(in environment: [String: String]) -> URL? {
        Secret.credentialsDirectory(in: environment)
    }
}
