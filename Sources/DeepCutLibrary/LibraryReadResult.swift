import DeepCutConfig
import DeepCutCore
import Foundation

/// What one reader got from one source: the albums, a warning for every row it had to skip, and
/// what the source knows beyond titles and artists.
package struct LibraryReadResult: Sendable, Hashable {
    package let source: LibrarySource
    package private(set) var albums: [LibraryAlbum] = []
    package private(set) var warnings: [LibraryWarning] = []
    /// Artists to sweep who are no album's artist: the track artists of compilations, when
    /// `compilationArtists` is on. In source order; duplicates are dropped by `LoadLibrary`.
    package var additionalArtists: [String] = []
    /// Items deliberately left out, not errors: non-music tracks of a Library.xml.
    package var skipped = 0
    /// MusicBrainz artist ids by `ArtistName.normalize`d name, so a MusicBrainz sweep can skip the name search.
    package var musicBrainzArtistIDs: [String: String] = [:]
    /// MusicBrainz release-group ids of owned albums.
    package var musicBrainzReleaseGroupIDs: [AlbumKey: String] = [:]
    /// Apple Music catalog artist ids by `ArtistName.normalize`d name (a library album's catalog artist).
    package var appleMusicArtistIDs: [String: String] = [:]
    /// Apple Music catalog album ids of owned albums.
    package var appleMusicAlbumIDs: [AlbumKey: String] = [:]

    package init(source: LibrarySource) {
        self.source = source
    }

    /// The source's name, as messages show it: the file's name, or the API's host.
    var sourceName: String { source.name }

    /// Adds one row as an album, or as a warning naming what is missing. Values are trimmed; blank counts as missing.
    /// - Returns: the album added, if any.
    @discardableResult
    package mutating func addRow(
        title: String?, artist: String?, tracks: [TrackListing]? = nil, year: Int? = nil,
        at location: LibraryWarning.Location
    ) -> LibraryAlbum? {
        let title = title.map(Self.trimmed) ?? ""
        let artist = artist.map(Self.trimmed) ?? ""
        switch (title.isEmpty, artist.isEmpty) {
        case (false, false):
            let album = LibraryAlbum(
                title: title, artist: artist, source: "\(source.format.rawValue):\(sourceName)", tracks: tracks, year: year)
            albums.append(album)
            return album
        case (true, true): addWarning("missing title and artist", at: location)
        case (true, false): addWarning("missing title", at: location)
        case (false, true): addWarning("missing artist", at: location)
        }
        return nil
    }

    /// Without surrounding whitespace and newlines. Text that starts and ends in printable ASCII
    /// has none and is kept as it is: Foundation's trim bridged every field of a 50,000-row
    /// library (4 % of an offline run, BENCHMARKS.md §4).
    static func trimmed(_ text: String) -> String {
        let isBare = { (byte: UInt8) in byte > 0x20 && byte < 0x80 }
        if let first = text.utf8.first, let last = text.utf8.last, isBare(first), isBare(last) { return text }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    mutating func addWarning(_ problem: String, at location: LibraryWarning.Location) {
        warnings.append(LibraryWarning(file: sourceName, location: location, problem: problem))
    }
}

/// A library row that was skipped: reported and counted, never fatal, so one bad row cannot hide a library.
package struct LibraryWarning: Sendable, Hashable, CustomStringConvertible {
    /// Where in the source.
    package enum Location: Sendable, Hashable {
        /// A line of a text format.
        case line(Int)
        /// A 1-based position in a JSON array or an API's list.
        case item(Int)
        /// A record named by its own id, such as `album 17` in a beets database or `track 1234` in a Library.xml.
        case record(String)
    }

    /// The source's name, as messages show it.
    package var file: String
    package var location: Location
    package var problem: String

    package init(file: String, location: Location, problem: String) {
        self.file = file
        self.location = location
        self.problem = problem
    }

    /// `library.csv:14: missing artist`, `library.json: item 7: missing title` or `library.db: album 17: missing title`.
    package var description: String {
        switch location {
        case .line(let line): "\(file):\(line): \(problem)"
        case .item(let item): "\(file): item \(item): \(problem)"
        case .record(let record): "\(file): \(record): \(problem)"
        }
    }
}
