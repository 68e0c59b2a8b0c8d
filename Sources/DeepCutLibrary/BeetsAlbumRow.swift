/// One row of a beets `albums` table, as far as deepcut cares. Columns an older beets lacks read as nil.
struct BeetsAlbumRow: Sendable, Hashable {
    var id: Int
    var title: String?
    var albumArtist: String?
    var isCompilation: Bool
    /// `mb_albumartistid`: the first credited album artist's MusicBrainz id.
    var musicBrainzArtistID: String?
    /// `mb_albumartistids`: every credited album artist's id, when this beets records them.
    var musicBrainzArtistIDs: [String]?
    var musicBrainzReleaseGroupID: String?

    /// The artist id that stands for the whole album artist: a collaboration's `mb_albumartistid`
    /// names only its first artist, and sweeping that artist's releases for "A & B" would be wrong.
    var soleMusicBrainzArtistID: String? {
        guard let id = musicBrainzArtistID, (musicBrainzArtistIDs?.count ?? 1) <= 1 else { return nil }
        return id
    }
}
