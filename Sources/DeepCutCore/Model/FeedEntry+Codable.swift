import Foundation

/// The snapshot's entry shape: `alternates` appears only when an entry folds other editions
/// (an additive field, so schemaVersion 1 readers see the SPEC's shape for ordinary entries),
/// `updatedAt` only once the entry's title or date changed in the feed, and
/// `stale: true` with `lastCheckedAt` only on stale entries.
extension FeedEntry {
    enum CodingKeys: String, CodingKey {
        case id, key, title, artist, type, releaseDate, artworkURL, url, alternates, addedAt, updatedAt, stale, lastCheckedAt
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try container.decode(String.self, forKey: .id),
                  key: try container.decode(AlbumKey.self, forKey: .key),
                  title: try container.decode(String.self, forKey: .title),
                  artist: try container.decode(String.self, forKey: .artist),
                  type: try container.decode(RecordingType.self, forKey: .type),
                  releaseDate: try container.decode(ReleaseDate.self, forKey: .releaseDate),
                  artworkURL: try container.decodeIfPresent(String.self, forKey: .artworkURL),
                  url: try container.decodeIfPresent(String.self, forKey: .url),
                  alternates: try container.decodeIfPresent([FeedAlternate].self, forKey: .alternates) ?? [])
        addedAt = try container.decodeIfPresent(Date.self, forKey: .addedAt)
        updatedAt = try container.decodeIfPresent(Date.self, forKey: .updatedAt)
        if try container.decodeIfPresent(Bool.self, forKey: .stale) == true {
            lastCheckedAt = try container.decode(Date.self, forKey: .lastCheckedAt)
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(key, forKey: .key)
        try container.encode(title, forKey: .title)
        try container.encode(artist, forKey: .artist)
        try container.encode(type, forKey: .type)
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
    }
}
