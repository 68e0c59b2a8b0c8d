import DeepCutCore

/// Groups Library.xml tracks into owned albums.
///
/// An album is its album artist (falling back to the track artist) plus its album title, compared
/// by normalised form so whitespace, case and Unicode form never split one album in two.
/// Compilations are one album credited to "Various Artists"; their track artists join the sweep
/// only when `compilationArtists` is set.
struct ITunesAlbumGrouping {
    struct Album: Equatable {
        var title: String
        var artist: String
        var isCompilation: Bool
        var trackArtists: [String]
    }

    var albums: [Album] = []
    /// Music tracks with no album title: owned singles we cannot name as an album.
    var tracksWithoutAlbum = 0
    var tracksWithoutArtist = 0
    var skippedNonMusic = 0

    init(tracks: [ITunesTrack]) {
        var index: [String: Int] = [:]
        for track in tracks {
            guard track.isMusic else {
                skippedNonMusic += 1
                continue
            }
            guard let album = Self.clean(track.album), !album.isEmpty else {
                tracksWithoutAlbum += 1
                continue
            }
            let trackArtist = Self.clean(track.artist)
            let artist: String
            if track.isCompilation {
                artist = "Various Artists"
            } else if let credited = Self.clean(track.albumArtist) ?? trackArtist, !credited.isEmpty {
                artist = credited
            } else {
                tracksWithoutArtist += 1
                continue
            }
            let key = ArtistName.normalize(album) + "\u{1F}" + (track.isCompilation ? "" : ArtistName.normalize(artist))
            if let position = index[key] {
                if let trackArtist, !albums[position].trackArtists.contains(trackArtist) {
                    albums[position].trackArtists.append(trackArtist)
                }
            } else {
                index[key] = albums.count
                albums.append(Album(title: album, artist: artist, isCompilation: track.isCompilation,
                                    trackArtists: trackArtist.map { [$0] } ?? []))
            }
        }
    }

    /// Collapses the line breaks and tabs some export tools write inside values.
    static func clean(_ value: String?) -> String? {
        guard let value else { return nil }
        let cleaned = value.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return cleaned.isEmpty ? nil : cleaned
    }
}
