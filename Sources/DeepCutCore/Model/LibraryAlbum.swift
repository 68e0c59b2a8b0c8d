/// An album the user owns, from one of the library sources.
public struct LibraryAlbum: Sendable, Hashable, Codable {
    public var title: String
    public var artist: String
    /// Which configured source it came from (e.g. `csv:library.csv`), for the health report.
    public var source: String
    /// The album's tracks when the source knows them (Library.xml, beets): evidence for the
    /// editions the title rules cannot place (`TrackEvidence`). Nil for CSV, JSON and the like.
    public var tracks: [TrackListing]?

    public init(title: String, artist: String, source: String, tracks: [TrackListing]? = nil) {
        self.title = title
        self.artist = artist
        self.source = source
        self.tracks = tracks
    }

    public var key: AlbumKey { AlbumKey(title: title, artist: artist) }
}
