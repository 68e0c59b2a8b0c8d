/// One album in the fixture's Apple Music library: `attributes.name` and `attributes.artistName`.
public struct FixtureLibraryAlbum: Sendable, Hashable {
    public var title: String
    public var artist: String

    public init(title: String, artist: String) {
        self.title = title
        self.artist = artist
    }
}
