import Foundation

/// One line of the published feed: a release the user does not own and has not dismissed.
package struct FeedEntry: Sendable, Hashable, Codable {
    package var id: String
    package var key: AlbumKey
    package var title: String
    package var artist: String
    package var type: RecordingType
    package var releaseDate: ReleaseDate
    package var artworkURL: String?
    package var url: String?
    /// Other editions of the same family, folded into this entry. Empty for most entries.
    package var alternates: [FeedAlternate]
    /// When this release first entered the feed (or the upcoming list): the feeds' publication
    /// date, so readers sort genuinely new things first and never re-surface old ones.
    package var addedAt: Date?
    /// When the entry's title or release date last changed while it was in the feed (Atom
    /// `updated`); nil while it is as it entered.
    package var updatedAt: Date?
    /// Set on a stale entry: its artist could not be checked in this run, and this is what the
    /// catalog listed when it last answered, at this time. Nil on entries checked in this run.
    package var lastCheckedAt: Date?

    /// True when the entry is carried from the artist's last definite answer (snapshot `stale`).
    package var isStale: Bool { lastCheckedAt != nil }

    package init(id: String, key: AlbumKey, title: String, artist: String, type: RecordingType,
                releaseDate: ReleaseDate, artworkURL: String?, url: String?, alternates: [FeedAlternate] = []) {
        self.id = id
        self.key = key
        self.title = title
        self.artist = artist
        self.type = type
        self.releaseDate = releaseDate
        self.artworkURL = artworkURL
        self.url = url
        self.alternates = alternates
    }

    package init(_ release: Release, releaseDate: ReleaseDate, alternates: [FeedAlternate] = []) {
        self.init(id: release.id, key: AlbumKey(title: release.title, artist: release.artist), title: release.title,
                  artist: release.artist, type: release.type, releaseDate: releaseDate,
                  artworkURL: release.artworkURL, url: release.url, alternates: alternates)
    }
}
