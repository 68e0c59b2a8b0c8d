import DeepCutConfig
import Foundation

/// The Apple Music developer token (an ES256 JWT, treated as opaque), read from `catalog.tokenFile`
/// or the systemd credential `apple-music-token` (`LoadCredential=` puts it in `$CREDENTIALS_DIRECTORY`).
///
/// It prints as `<redacted>` so no interpolation can put it in a log line, message or report.
package struct AppleMusicToken: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The systemd credential's name, and the file name inside `$CREDENTIALS_DIRECTORY`.
    static let credentialName = "apple-music-token"

    /// The token itself; only the `Authorization` header and redaction read it.
    let value: String

    init(_ value: String) {
        self.value = value
    }

    package var description: String { "<redacted>" }
    package var debugDescription: String { "<redacted>" }

    /// Reads the token: `tokenFile` when configured, else the systemd credential.
    /// - Throws: `ConfigError` (exit 78) naming the key or credential and the file, never its contents.
    package static func load(tokenFile: URL?, environment: [String: String]) throws(ConfigError) -> AppleMusicToken {
        if let tokenFile {
            return try read(tokenFile, source: "catalog.tokenFile")
        }
        guard let folder = environment["CREDENTIALS_DIRECTORY"], !folder.isEmpty else {
            throw ConfigError(message: "catalog.tokenFile: the apple-music provider needs a developer token: "
                + "set catalog.tokenFile, or pass the systemd credential '\(credentialName)' (LoadCredential=)")
        }
        let file = URL(fileURLWithPath: folder).appendingPathComponent(credentialName)
        return try read(file, source: "credential '\(credentialName)'")
    }

    private static func read(_ file: URL, source: String) throws(ConfigError) -> AppleMusicToken {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw ConfigError(message: "\(source): cannot read \(file.path): \(error.fileSystemReason)")
        }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw ConfigError(message: "\(source): \(file.path) is empty") }
        // A header value cannot hold whitespace or control characters; a file with two lines is a mistake.
        guard text.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && $0.value < 0x7F }) else {
            throw ConfigError(message: "\(source): \(file.path) does not hold a single-line token")
        }
        return AppleMusicToken(text)
    }
}
