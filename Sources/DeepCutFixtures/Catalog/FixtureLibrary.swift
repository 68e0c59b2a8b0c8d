import DeepCutCore

/// The user's Apple Music library a `FixtureServer` serves at `/v1/me/library/albums`, and the
/// tokens it accepts: a request without both is refused as Apple refuses it.
package struct FixtureLibrary: Sendable, Hashable {
    package var albums: [FixtureLibraryAlbum]
    /// Expected as `Authorization: Bearer <developerToken>`; anything else is a 401.
    package var developerToken: String
    /// Expected as `Music-User-Token`; anything else is a 403.
    package var userToken: String
    /// When set, every library request is answered `302 Found` to this absolute URL (checked before the
    /// tokens, as a moved or hostile API would): where a client must not take its tokens.
    package var redirect: String?

    package init(
        albums: [FixtureLibraryAlbum] = [], developerToken: String = "fixture-developer-token",
        userToken: String = "fixture-user-token", redirect: String? = nil
    ) {
        self.albums = albums
        self.redirect = redirect
        self.developerToken = developerToken
        self.userToken = userToken
    }
}

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

    package init(
        title: String, artist: String, catalogAlbumID: String? = nil, catalogArtistID: String? = nil,
        tracks: [TrackListing]? = nil
    ) {
        self.title = title
        self.artist = artist
        self.catalogAlbumID = catalogAlbumID
        self.catalogArtistID = catalogArtistID
        self.tracks = tracks
    }
}
