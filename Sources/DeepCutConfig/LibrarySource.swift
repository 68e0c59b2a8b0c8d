import Foundation

/// One entry of the config's `library` array, with the options its format takes.
///
/// | key                  | formats               | default                                                |
/// | -------------------- | --------------------- | ------------------------------------------------------ |
/// | `path`               | all but `apple-music-library` | required                                       |
/// | `compilationArtists` | `itunes-xml`          | `false`: compilations are owned, their track artists not swept |
/// | `baseURL`            | `apple-music-library` | `https://api.music.apple.com`                          |
/// | `tokenFile`          | `apple-music-library` | `$CREDENTIALS_DIRECTORY/apple-music-token`             |
/// | `userTokenFile`      | `apple-music-library` | `$CREDENTIALS_DIRECTORY/apple-music-user-token`        |
///
/// A key a format does not take is an unknown key (exit 78), so a misplaced option never goes unnoticed.
package struct LibrarySource: Sendable, Hashable {
    package static let appleMusicBaseURL = URL(string: "https://api.music.apple.com")!

    package var format: LibraryFormat
    /// Where the library lives: the file for file formats, the API's base URL for `apple-music-library`.
    package var path: URL
    /// `itunes-xml`: the track artists of compilation albums join the sweep too.
    package var compilationArtists: Bool
    /// `apple-music-library`: the file holding the developer token (ES256 JWT).
    package var tokenFile: URL?
    /// `apple-music-library`: the file holding the Music-User-Token.
    package var userTokenFile: URL?

    package init(
        format: LibraryFormat, path: URL, compilationArtists: Bool = false, tokenFile: URL? = nil,
        userTokenFile: URL? = nil
    ) {
        self.format = format
        self.path = path
        self.compilationArtists = compilationArtists
        self.tokenFile = tokenFile
        self.userTokenFile = userTokenFile
    }

    /// How messages and the health report name the source: the file's name, or the API's host.
    package var name: String {
        guard !path.isFileURL, let host = path.host else { return path.lastPathComponent }
        return path.port.map { "\(host):\($0)" } ?? host
    }
}

extension LibrarySource {
    /// Reads one `library[]` entry: `format` always; `path` for files (resolved against `folder`), the
    /// API keys for `apple-music-library`; per-format options otherwise count as unknown keys.
    init(_ field: ConfigField, folder: URL) throws {
        var entry = try field.object()
        let format = try entry.required("format").oneOf(LibraryFormat.self)
        switch format {
        case .appleMusicLibrary:
            self.init(
                format: format, path: try entry.optional("baseURL")?.httpURL() ?? Self.appleMusicBaseURL,
                tokenFile: try entry.optional("tokenFile")?.path(relativeTo: folder),
                userTokenFile: try entry.optional("userTokenFile")?.path(relativeTo: folder))
        case .itunesXML:
            self.init(
                format: format, path: try entry.required("path").path(relativeTo: folder),
                compilationArtists: try entry.optional("compilationArtists").map(Self.flag) ?? false)
        case .csv, .json, .beets:
            self.init(format: format, path: try entry.required("path").path(relativeTo: folder))
        }
        try entry.rejectUnknownKeys()
    }

    private static func flag(_ field: ConfigField) throws -> Bool {
        guard case .boolean(let flag) = field.value else { throw field.failure("expected boolean, got \(field.value.kindName)") }
        return flag
    }
}

/// The library export formats. Raw values are the config's `format` strings.
package enum LibraryFormat: String, Sendable, Hashable, CaseIterable {
    case csv
    case json
    case itunesXML = "itunes-xml"
    case beets
    case appleMusicLibrary = "apple-music-library"
}
