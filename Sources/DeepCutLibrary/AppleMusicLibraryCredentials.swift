import DeepCutConfig
import Foundation

/// The two tokens `/v1/me/library` needs: the developer token (sent as Bearer) and the user's
/// Music-User-Token. Read from the source's `tokenFile`/`userTokenFile`, else from systemd's
/// `$CREDENTIALS_DIRECTORY` (`apple-music-token`, `apple-music-user-token`).
///
/// Every error names the file or key, never the token; `description` is redacted so a stray
/// `print` cannot leak one either.
package struct AppleMusicLibraryCredentials: Sendable, CustomStringConvertible {
    static let developerTokenCredential = "apple-music-token"
    static let userTokenCredential = "apple-music-user-token"

    let developerToken: String
    let userToken: String

    /// - Throws: `ConfigError` (exit 78) when a token is not configured, unreadable, empty or malformed.
    package init(source: LibrarySource, credentialsDirectory: URL?) throws {
        developerToken = try Self.token(file: source.tokenFile, key: "tokenFile", credential: Self.developerTokenCredential,
                                        what: "developer token", credentialsDirectory: credentialsDirectory)
        userToken = try Self.token(file: source.userTokenFile, key: "userTokenFile", credential: Self.userTokenCredential,
                                   what: "Music-User-Token", credentialsDirectory: credentialsDirectory)
    }

    /// The request headers that carry the tokens.
    var headers: [String: String] {
        ["Authorization": "Bearer \(developerToken)", "Music-User-Token": userToken]
    }

    package var description: String { "AppleMusicLibraryCredentials(tokens redacted)" }

    private static func token(file: URL?, key: String, credential: String, what: String,
                              credentialsDirectory: URL?) throws -> String {
        guard let file = file ?? credentialsDirectory?.appendingPathComponent(credential) else {
            throw ConfigError(message: "apple-music-library: no \(what): set '\(key)' or provide the '\(credential)' credential ($CREDENTIALS_DIRECTORY)")
        }
        let contents: Data
        do {
            contents = try Data(contentsOf: file)
        } catch {
            throw ConfigError(message: "\(file.path): cannot read the \(what): \(error.fileSystemReason)")
        }
        let token = String(decoding: contents, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !token.isEmpty else { throw ConfigError(message: "\(file.path): the \(what) file is empty") }
        // A header value must be one line of visible ASCII; anything else is not a token and must not reach the wire.
        guard token.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw ConfigError(message: "\(file.path): the \(what) file holds characters no token has")
        }
        return token
    }
}
