import DeepCutCore

/// Stage 1's result: what the user owns, which artists to sweep, and what was skipped on the way.
public struct LibraryOutcome: Sendable, Hashable {
    /// Every album of every source, in library order. Placeholder-artist albums included: they are still owned.
    public var albums: [LibraryAlbum]
    /// The artists to sweep: one per `ArtistName.normalize` form, first spelling wins, library order,
    /// placeholders such as "Various Artists" left out.
    public var artists: [String]
    public var sources: [LibrarySourceSummary]
    public var warnings: [LibraryWarning]

    public init(albums: [LibraryAlbum], artists: [String], sources: [LibrarySourceSummary], warnings: [LibraryWarning]) {
        self.albums = albums
        self.artists = artists
        self.sources = sources
        self.warnings = warnings
    }
}
