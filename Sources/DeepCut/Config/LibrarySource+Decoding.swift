import Foundation

extension LibrarySource {
    /// Reads one `library[]` entry: `format` and `path` are required; the path resolves against `folder`.
    init(_ field: ConfigField, folder: URL) throws {
        var entry = try field.object()
        self.init(format: try entry.required("format").oneOf(LibraryFormat.self),
                  path: try entry.required("path").path(relativeTo: folder))
        try entry.rejectUnknownKeys()
    }
}
