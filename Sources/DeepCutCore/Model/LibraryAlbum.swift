/// An album the user owns, from one of the library sources.
package struct LibraryAlbum: Sendable, Hashable, Codable {
    package var title: String
    package var artist: String
    /// Which configured source it came from (e.g. `csv:library.csv`), for the health report.
    package var source: String
    /// The album's tracks when the source knows them (Library.xml, beets): evidence for the
    /// editions the title rules cannot place (`TrackEvidence`). Nil for CSV, JSON and the like.
    package var tracks: [TrackListing]?

    package init(title: String, artist: String, source: String, tracks: [TrackListing]? = nil) {
        self.title = title
        self.artist = artist
        self.source = source
        self.tracks = tracks
    }

    package var key: AlbumKey { AlbumKey(title: title, artist: artist) }
}
