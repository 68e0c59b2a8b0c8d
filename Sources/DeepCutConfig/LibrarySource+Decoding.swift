import Foundation

extension LibrarySource {
    /// Reads one `library[]` entry: `format` always; `path` for files (resolved against `folder`), the
    /// API keys for `apple-music-library`; per-format options otherwise count as unknown keys.
    init(_ field: ConfigField, folder: URL) throws {
        var entry = try field.object()
        let format = try entry.required("format").oneOf(LibraryFormat.self)
        switch format {
        case .appleMusicLibrary:
            self.init(format: format, path: try entry.optional("baseURL")?.httpURL() ?? Self.appleMusicBaseURL,
                      tokenFile: try entry.optional("tokenFile")?.path(relativeTo: folder),
                      userTokenFile: try entry.optional("userTokenFile")?.path(relativeTo: folder))
        case .itunesXML:
            self.init(format: format, path: try entry.required("path").path(relativeTo: folder),
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
