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
    package var sourceName: String { source.name }

    /// Adds one row as an album, or as a warning naming what is missing. Values are trimmed; blank counts as missing.
    /// - Returns: the album added, if any.
    @discardableResult
    package mutating func addRow(title: String?, artist: String?, tracks: [TrackListing]? = nil,
                                at location: LibraryWarning.Location) -> LibraryAlbum? {
        let title = title?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let artist = artist?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        switch (title.isEmpty, artist.isEmpty) {
        case (false, false):
            let album = LibraryAlbum(title: title, artist: artist, source: "\(source.format.rawValue):\(sourceName)", tracks: tracks)
            albums.append(album)
            return album
        case (true, true): addWarning("missing title and artist", at: location)
        case (true, false): addWarning("missing title", at: location)
        case (false, true): addWarning("missing artist", at: location)
        }
        return nil
    }

    package mutating func addWarning(_ problem: String, at location: LibraryWarning.Location) {
        warnings.append(LibraryWarning(file: sourceName, location: location, problem: problem))
    }
}
