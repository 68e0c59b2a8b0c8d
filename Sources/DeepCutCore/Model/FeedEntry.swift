import Foundation

/// One line of the published feed: a release the user does not own and has not dismissed.
public struct FeedEntry: Sendable, Hashable, Codable {
    public var id: String
    public var key: AlbumKey
    public var title: String
    public var artist: String
    public var type: RecordingType
    public var releaseDate: ReleaseDate
    public var artworkURL: String?
    public var url: String?
    /// Other editions of the same family, folded into this entry. Empty for most entries.
    public var alternates: [FeedAlternate]
    /// When this release first entered the feed (or the upcoming list): the feeds' publication
    /// date, so readers sort genuinely new things first and never re-surface old ones.
    public var addedAt: Date?
    /// When the entry's title or release date last changed while it was in the feed (Atom
    /// `updated`); nil while it is as it entered.
    public var updatedAt: Date?
    /// Set on a stale entry: its artist could not be checked in this run, and this is what the
    /// catalog listed when it last answered, at this time. Nil on entries checked in this run.
    public var lastCheckedAt: Date?

    /// True when the entry is carried from the artist's last definite answer (snapshot `stale`).
    public var isStale: Bool { lastCheckedAt != nil }

    public init(id: String, key: AlbumKey, title: String, artist: String, type: RecordingType,
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

    public init(_ release: Release, releaseDate: ReleaseDate, alternates: [FeedAlternate] = []) {
        self.init(id: release.id, key: AlbumKey(title: release.title, artist: release.artist), title: release.title,
                  artist: release.artist, type: release.type, releaseDate: releaseDate,
                  artworkURL: release.artworkURL, url: release.url, alternates: alternates)
    }
}
