import DeepCutConfig
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

    package init(
        albums: [LibraryAlbum], artists: [String], sources: [LibrarySourceSummary], warnings: [LibraryWarning],
        musicBrainzArtistIDs: [String: String] = [:], musicBrainzReleaseGroupIDs: [AlbumKey: String] = [:]
    ) {
        self.albums = albums
        self.artists = artists
        self.sources = sources
        self.warnings = warnings
        self.musicBrainzArtistIDs = musicBrainzArtistIDs
        self.musicBrainzReleaseGroupIDs = musicBrainzReleaseGroupIDs
    }
}

/// Per-source counts for the health report.
package struct LibrarySourceSummary: Sendable, Hashable {
    /// The source's name: the file's name, or the API's host.
    package var source: String
    package var format: LibraryFormat
    package var albums: Int
    package var warnings: Int
    /// Items deliberately left out, not errors: non-music tracks of a Library.xml.
    package var skipped: Int

    package init(source: String, format: LibraryFormat, albums: Int, warnings: Int, skipped: Int = 0) {
        self.source = source
        self.format = format
        self.albums = albums
        self.warnings = warnings
        self.skipped = skipped
    }
}

/// The library cannot silently vanish: an empty library, or one whose artists shrank sharply since
/// the last complete run, is refused (exit 65) before anything is swept, published or remembered.
///
/// A truncated export (a header-only CSV, a Library.xml cut short, a beets database being rebuilt)
/// reads as a valid library of a few artists; swept, it would report every other artist's releases
/// `artistRemoved` and become the baseline.
package struct LibraryGuard: Sendable {
    /// `library.maxShrinkPercent`.
    var maxShrinkPercent: Int
    /// `sweep --accept-library-change`: the operator says the shrink is intended.
    var acceptChange: Bool

    /// - Parameters:
    ///   - loaded: what the configured sources gave, before albums recorded with `library add`.
    ///   - library: everything swept, the artists the run history keeps.
    ///   - previous: the newest complete run and its library artist count, if any.
    package func check(loaded: LibraryOutcome, library: LibraryOutcome, previous: (runID: String, artists: Int)?) throws {
        let sources = loaded.sources.map { "\($0.source) (\($0.format.rawValue))" }.joined(separator: ", ")
        guard !loaded.albums.isEmpty else {
            throw LibraryError(
                message: "library is empty: no albums in \(sources); refusing to sweep an empty library "
                    + "(a truncated export?); nothing published, baseline kept")
        }
        guard !acceptChange, let previous, previous.artists > 0 else { return }
        let lost = previous.artists - library.artists.count
        guard lost * 100 > maxShrinkPercent * previous.artists else { return }
        throw LibraryError(
            message: "library shrank from \(previous.artists) to \(library.artists.count) artists "
                + "(-\(lost * 100 / previous.artists) %) since the last complete run \(previous.runID), more than "
                + "library.maxShrinkPercent \(maxShrinkPercent) allows; sources: \(sources); nothing published, baseline kept. "
                + "If the change is intended, run `deepcut sweep --accept-library-change`")
    }

    package init(maxShrinkPercent: Int, acceptChange: Bool) {
        self.maxShrinkPercent = maxShrinkPercent
        self.acceptChange = acceptChange
    }
}
