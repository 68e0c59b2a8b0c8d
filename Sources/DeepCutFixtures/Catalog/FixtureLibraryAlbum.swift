import DeepCutCore

/// One album in the fixture's Apple Music library: `attributes.name` and `attributes.artistName`,
/// and with `include=catalog` the catalog album it is (and that album's catalog artist).
package struct FixtureLibraryAlbum: Sendable, Hashable {
    package var title: String
    package var artist: String
    /// The catalog album id `relationships.catalog` names; nil: the album has no catalog match (an import).
    package var catalogAlbumID: String?
    /// The catalog artist id of that album (`relationships.catalog.data[0].relationships.artists`).
    package var catalogArtistID: String?
    /// The library tracks `include=tracks` lists (`relationships.tracks`); nil lists none.
    package var tracks: [TrackListing]?

    package init(title: String, artist: String, catalogAlbumID: String? = nil, catalogArtistID: String? = nil,
                tracks: [TrackListing]? = nil) {
        self.title = title
        self.artist = artist
        self.catalogAlbumID = catalogAlbumID
        self.catalogArtistID = catalogArtistID
        self.tracks = tracks
    }
}
