import DeepCutCore
import Foundation

/// Reads `config.json` strictly: every error is a `ConfigError` (exit 78) naming the file and the key path,
/// or the line and column for malformed JSON. Unknown keys are errors, so a typo never silently means a default.
///
/// Defaults where a key is absent:
///
/// | key                         | default                                                      |
/// | --------------------------- | ------------------------------------------------------------ |
/// | `library`                   | required, non-empty; each entry needs `format` and `path`    |
/// | `catalog.provider`          | `itunes` (`itunes`, `apple-music`, `musicbrainz`)            |
/// | `catalog.baseURL`           | per provider: `https://itunes.apple.com`, `https://api.music.apple.com`, `https://musicbrainz.org` |
/// | `catalog.country`           | `us` (two letters)                                           |
/// | `catalog.concurrency`       | `4` (1...64)                                                 |
/// | `catalog.requestsPerMinute` | per provider: itunes 20, apple-music 300, musicbrainz 60 (≥ 1) |
/// | `catalog.timeoutSeconds`    | `20` (1...600, whole seconds)                                |
/// | `catalog.maxAttempts`       | `3` (1...10)                                                 |
/// | `catalog.rateLimitWaitSeconds` | `300` (> 0, ≤ 86400): rate-limit waits per request         |
/// | `catalog.fullListingDays`   | `7` (1...365): days between two full listings of an artist   |
/// | `feed.types`                | the four types and `live`, `remix`, `soundtrack`, `demo` (not `appearance`); see `TypeSelection` |
/// | `feed.windowDays`           | `120` (≥ 1)                                                  |
/// | `publish.feedEntries`       | `500` (1...100000): entries in feed.json, feed.atom, index.html |
/// | `stateDatabase`             | `state.db`                                                   |
/// | `outputDirectory`           | `feed`                                                       |
/// | `keepSnapshots`             | `30` (≥ 1)                                                   |
/// | `ttlHours`                  | `24` (> 0, fractions allowed)                                |
///
/// Relative paths (`library[].path`, `stateDatabase`, `outputDirectory`) resolve against the config
/// file's folder; absolute paths stay as written.
package enum ConfigLoader {
    package static func load(from url: URL) throws -> Config {
        // Checked before `open`: a FIFO would block the run, a device would be read forever, and
        // "Permission denied" for /dev/null says nothing of what is wrong.
        if let kind = FileKind.of(url), kind != .regular {
            throw ConfigError(message: "\(url.path): cannot read config: it is \(kind.rawValue), not a regular file")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ConfigError(message: "\(url.path): cannot read config: \(error.fileSystemReason)")
        }
        let fileName = url.lastPathComponent
        let document: JSONValue
        do {
            document = try JSONParser.parse(data)
        } catch {
            throw ConfigError(message: error.message(file: fileName))
        }
        return try Config(ConfigField(value: document, path: .root, fileName: fileName), file: url)
    }
}

/// A configuration problem: exit 78, one line naming the file and the key path (or line and column).
package struct ConfigError: DeepCutError, Equatable {
    package var message: String
    package var exitCode: ExitCode { .config }

    package init(message: String) {
        self.message = message
    }
}
