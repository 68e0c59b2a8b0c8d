import Foundation

/// One line of the published feed: a release the user does not own and has not dismissed.
package struct FeedEntry: Sendable, Hashable, Codable {
    package var id: String
    package var key: AlbumKey
    package var title: String
    package var artist: String
    package var type: RecordingType
    /// The release's secondary types (live, soundtrack, appearance, …); sorted, usually empty.
    package var secondaryTypes: [SecondaryType]
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
    /// Where the release can be heard: one listing per source that lists it, when the config names
    /// several catalogs (`catalogs`). Empty with one catalog, so its snapshots keep their shape.
    package var availability: [SourceListing] = []

    /// True when the entry is carried from the artist's last definite answer (snapshot `stale`).
    package var isStale: Bool { lastCheckedAt != nil }

    /// The type as commands print it: `album`, or `album (live, soundtrack)`.
    package var typeText: String {
        secondaryTypes.isEmpty ? type.rawValue : "\(type.rawValue) (\(secondaryTypes.map(\.rawValue).joined(separator: ", ")))"
    }

    package init(
        id: String, key: AlbumKey, title: String, artist: String, type: RecordingType,
        releaseDate: ReleaseDate, artworkURL: String?, url: String?, alternates: [FeedAlternate] = [],
        secondaryTypes: [SecondaryType] = []
    ) {
        self.id = id
        self.key = key
        self.title = title
        self.artist = artist
        self.type = type
        self.secondaryTypes = SecondaryType.normalized(secondaryTypes)
        self.releaseDate = releaseDate
        self.artworkURL = artworkURL
        self.url = url
        self.alternates = alternates
    }

    package init(_ release: Release, releaseDate: ReleaseDate, alternates: [FeedAlternate] = []) {
        self.init(
            id: release.id, key: AlbumKey(title: release.title, artist: release.artist), title: release.title,
            artist: release.artist, type: release.type, releaseDate: releaseDate,
            artworkURL: release.artworkURL, url: release.url, alternates: alternates, secondaryTypes: release.secondaryTypes)
    }
}

/// Another edition of a feed entry's release family (the clean twin, the standard edition),
/// listed so a person sees every version but the feed shows one.
package struct FeedAlternate: Sendable, Hashable, Codable {
    package var id: String
    package var title: String
    package var url: String?
    /// What tells this edition apart when its title does not: "Explicit" or "Clean" for twins of one
    /// title, else "N tracks"; nil when the title already differs (`Rumours (Super Deluxe)`).
    package var edition: String?

    package init(id: String, title: String, url: String?, edition: String? = nil) {
        self.id = id
        self.title = title
        self.url = url
        self.edition = edition
    }
}

/// The snapshot's entry shape: `secondaryTypes` appears only on a live, remix, soundtrack, demo or
/// appearance entry (`type` keeps the SPEC's four values), `alternates` only when an entry folds other editions
/// (an additive field, so schemaVersion 1 readers see the SPEC's shape for ordinary entries),
/// `updatedAt` only once the entry's title or date changed in the feed, and
/// `stale: true` with `lastCheckedAt` only on stale entries.
extension FeedEntry {
    enum CodingKeys: String, CodingKey {
        case id, key, title, artist, type, secondaryTypes, releaseDate, artworkURL, url, alternates, addedAt, updatedAt, stale,
            lastCheckedAt, availability
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            key: try container.decode(AlbumKey.self, forKey: .key),
            title: try container.decode(String.self, forKey: .title),
            artist: try container.decode(String.self, forKey: .artist),
            type: try container.decode(RecordingType.self, forKey: .type),
            releaseDate: try container.decode(ReleaseDate.self, forKey: .releaseDate),
            artworkURL: try container.decodeIfPresent(String.self, forKey: .artworkURL),
            url: try container.decodeIfPresent(String.self, forKey: .url),
            alternates: try container.decodeIfPresent([FeedAlternate].self, forKey: .alternates) ?? [],
            secondaryTypes: try container.decodeIfPresent([SecondaryType].self, forKey: .secondaryTypes) ?? [])
        addedAt = try container.decodeIfPresent(Date.self, forKey: .addedAt)
        updatedAt = try container.decodeIfPresent(Date.self, forKey: .updatedAt)
        if try container.decodeIfPresent(Bool.self, forKey: .stale) == true {
            lastCheckedAt = try container.decode(Date.self, forKey: .lastCheckedAt)
        }
        availability = try container.decodeIfPresent([SourceListing].self, forKey: .availability) ?? []
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(key, forKey: .key)
        try container.encode(title, forKey: .title)
        try container.encode(artist, forKey: .artist)
        try container.encode(type, forKey: .type)
        if !secondaryTypes.isEmpty { try container.encode(secondaryTypes, forKey: .secondaryTypes) }
        try container.encode(releaseDate, forKey: .releaseDate)
        try container.encodeIfPresent(artworkURL, forKey: .artworkURL)
        try container.encodeIfPresent(url, forKey: .url)
        if !alternates.isEmpty { try container.encode(alternates, forKey: .alternates) }
        try container.encodeIfPresent(addedAt, forKey: .addedAt)
        try container.encodeIfPresent(updatedAt, forKey: .updatedAt)
        if let lastCheckedAt {
            try container.encode(true, forKey: .stale)
            try container.encode(lastCheckedAt, forKey: .lastCheckedAt)
        }
        if !availability.isEmpty { try container.encode(availability, forKey: .availability) }
    }
}
