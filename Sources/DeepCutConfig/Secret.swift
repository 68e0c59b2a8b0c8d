import DeepCutCore
import Foundation

/// A credential kept out of the config file: read from the file a config key names, else from a
/// systemd credential (`LoadCredential=` puts it in `$CREDENTIALS_DIRECTORY`). Apple Music tokens,
/// the SMTP password, the ntfy token, the webhook's signing secret.
///
/// It prints as `<redacted>` so no interpolation can put it in a log line, message or report.
package struct Secret: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The secret itself; only the code that sends it reads it.
    package let value: String

    package init(_ value: String) {
        self.value = value
    }

    package var description: String { "<redacted>" }
    package var debugDescription: String { "<redacted>" }

    /// Reads a secret: `file` when configured, else `credential` in `credentialsDirectory`.
    /// - Parameters:
    ///   - key: the config key that names the file, as messages show it (`catalog.tokenFile`).
    ///   - needed: who needs which secret, for the message when neither is there.
    /// - Throws: `ConfigError` (exit 78) when the secret is not configured, unreadable, empty or not
    ///   one line; the message names the key or credential and the file, never the contents.
    package static func load(
        file: URL?, key: String, credential: String, needed: String, credentialsDirectory: URL?
    ) throws(ConfigError) -> Secret {
        if let file {
            return try read(file, source: key)
        }
        guard let credentialsDirectory else {
            throw ConfigError(message: "\(key): \(needed): set \(key), or pass the systemd credential '\(credential)' (LoadCredential=)")
        }
        return try read(credentialsDirectory.appendingPathComponent(credential), source: "credential '\(credential)'")
    }

    /// An optional secret (an ntfy token, a signing secret): `file` when configured (it must then be
    /// readable), else `credential` when that file exists, else nil.
    package static func loadIfPresent(
        file: URL?, key: String, credential: String, credentialsDirectory: URL?
    ) throws(ConfigError) -> Secret? {
        if let file {
            return try read(file, source: key)
        }
        guard let credentialsDirectory else { return nil }
        let credentialFile = credentialsDirectory.appendingPathComponent(credential)
        guard FileManager.default.fileExists(atPath: credentialFile.path) else { return nil }
        return try read(credentialFile, source: "credential '\(credential)'")
    }

    /// systemd's credential folder, `$CREDENTIALS_DIRECTORY`; nil when unset or empty.
    package static func credentialsDirectory(in environment: [String: String]) -> URL? {
        guard let folder = environment["CREDENTIALS_DIRECTORY"], !folder.isEmpty else { return nil }
        return URL(fileURLWithPath: folder)
    }

    private static func read(_ file: URL, source: String) throws(ConfigError) -> Secret {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw ConfigError(message: "\(source): cannot read \(file.path): \(error.fileSystemReason)")
        }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw ConfigError(message: "\(source): \(file.path) is empty") }
        // A header value or an SMTP password cannot hold control characters; a file with two lines is a mistake.
        guard !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw ConfigError(message: "\(source): \(file.path) does not hold a single-line token")
        }
        return Secret(text)
    }
}
