import DeepCutCore

/// Stage 1's result: what the user owns, which artists to sweep, and what was skipped on the way.
package struct LibraryOutcome: Sendable, Hashable {
    /// Every album of every source, in library order. Placeholder-artist albums included: they are still owned.
    package var albums: [LibraryAlbum]
    /// The artists to sweep: source by source, its album artists then its additional artists (compilation
    /// track artists); one per `ArtistName.normalize` form, first spelling wins, placeholders such as
    /// "Various Artists" left out.
    package var artists: [String]
    package var sources: [LibrarySourceSummary]
    package var warnings: [LibraryWarning]
    /// MusicBrainz artist ids by `ArtistName.normalize`d name (from beets), so a MusicBrainz sweep can
    /// use an artist's id directly and skip the name search. First id seen for a name wins.
    package var musicBrainzArtistIDs: [String: String]
    /// MusicBrainz release-group ids of owned albums (from beets), for matching owned albums by id.
    package var musicBrainzReleaseGroupIDs: [AlbumKey: String]
    /// Apple Music catalog artist ids by `ArtistName.normalize`d name (from the Apple Music library), for
    /// an apple-music sweep to use without a search. First id seen for a name wins.
    package var appleMusicArtistIDs: [String: String] = [:]
    /// Apple Music catalog album ids of owned albums (from the Apple Music library).
    package var appleMusicAlbumIDs: [AlbumKey: String] = [:]

    package init(albums: [LibraryAlbum], artists: [String], sources: [LibrarySourceSummary], warnings: [LibraryWarning],
                musicBrainzArtistIDs: [String: String] = [:], musicBrainzReleaseGroupIDs: [AlbumKey: String] = [:]) {
        self.albums = albums
        self.artists = artists
        self.sources = sources
        self.warnings = warnings
        self.musicBrainzArtistIDs = musicBrainzArtistIDs
        self.musicBrainzReleaseGroupIDs = musicBrainzReleaseGroupIDs
    }
}
