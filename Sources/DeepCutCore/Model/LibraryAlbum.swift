/// An album the user owns, from one of the library sources.
public struct LibraryAlbum: Sendable, Hashable, Codable {
    public var title: String
    public var artist: String
    /// Which configured source it came from (e.g. `csv:library.csv`), for the health report.
    public var source: String

    public init(title: String, artist: String, source: String) {
        self.title = title
        self.artist = artist
        self.source = source
    }

    public var key: AlbumKey { AlbumKey(title: title, artist: artist) }
}
