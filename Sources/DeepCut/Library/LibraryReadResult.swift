import Foundation
import DeepCutCore

/// What one reader got from one source: the albums, and a warning for every row it had to skip.
public struct LibraryReadResult: Sendable, Hashable {
    public let source: LibrarySource
    public private(set) var albums: [LibraryAlbum] = []
    public private(set) var warnings: [LibraryWarning] = []

    public init(source: LibrarySource) {
        self.source = source
    }

    /// The file's name, as messages show it.
    public var fileName: String { source.path.lastPathComponent }

    /// Adds one row as an album, or as a warning naming what is missing. Values are trimmed; blank counts as missing.
    public mutating func addRow(title: String?, artist: String?, at location: LibraryWarning.Location) {
        let title = title?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let artist = artist?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        switch (title.isEmpty, artist.isEmpty) {
        case (false, false):
            albums.append(LibraryAlbum(title: title, artist: artist, source: "\(source.format.rawValue):\(fileName)"))
        case (true, true): addWarning("missing title and artist", at: location)
        case (true, false): addWarning("missing title", at: location)
        case (false, true): addWarning("missing artist", at: location)
        }
    }

    public mutating func addWarning(_ problem: String, at location: LibraryWarning.Location) {
        warnings.append(LibraryWarning(file: fileName, location: location, problem: problem))
    }
}
