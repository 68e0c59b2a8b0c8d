import Foundation

/// What the user owns, in the forms the diff asks for: the albums (for track evidence), their
/// match keys, their years, and the catalog ids of those the library holds for the provider in use.
package struct OwnedAlbums: Sendable {
    package var albums: [LibraryAlbum]
    package var keys: Set<AlbumKey>
    /// The years of dated albums, by key (`LibraryAlbum.years`).
    package var years: [AlbumKey: Int]
    /// Catalog album ids for the provider being swept (beets' release groups, Apple Music's catalog albums).
    package var catalogIDs: Set<String>

    package init(_ albums: [LibraryAlbum], catalogIDs: Set<String>) {
        self.albums = albums
        keys = Set(albums.map(\.key))
        years = LibraryAlbum.years(of: albums)
        self.catalogIDs = catalogIDs
    }
}
