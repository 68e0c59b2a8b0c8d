/// An album the user owns, from one of the library sources.
package struct LibraryAlbum: Sendable, Hashable, Codable {
    package var title: String
    package var artist: String
    /// Which configured source it came from (e.g. `csv:library.csv`), for the health report.
    package var source: String
    /// The album's tracks when the source knows them (Library.xml, beets): evidence for the
    /// editions the title rules cannot place (`TrackEvidence`). Nil for CSV, JSON and the like.
    package var tracks: [TrackListing]?
    /// The album's year when the source dates it (Library.xml `Year`): a single or EP of its name
    /// is this album's only when dated within two years of it.
    package var year: Int?

    package init(title: String, artist: String, source: String, tracks: [TrackListing]? = nil, year: Int? = nil) {
        self.title = title
        self.artist = artist
        self.source = source
        self.tracks = tracks
        self.year = year
    }

    package var key: AlbumKey { AlbumKey(title: title, artist: artist) }

    /// The year of each dated album, by key (the earliest when two sources disagree).
    package static func years(of albums: [LibraryAlbum]) -> [AlbumKey: Int] {
        var years: [AlbumKey: Int] = [:]
        for album in albums {
            guard let year = album.year else { continue }
            years[album.key] = min(years[album.key] ?? year, year)
        }
        return years
    }
}
