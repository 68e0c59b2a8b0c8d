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
        /// Named tracks with their lengths, for `TrackEvidence`.
        var tracks: [TrackListing] = []
    }

    /// A music track that could not be counted as part of an album.
    struct Problem: Equatable {
        var trackID: String?
        var problem: String
    }

    var albums: [Album] = []
    /// Music tracks with no album title or no artist at all: owned music we cannot name as an album.
    var problems: [Problem] = []
    /// Movies, TV shows, music videos, podcasts and the like: left out on purpose.
    var skippedNonMusic = 0

    init(tracks: [ITunesTrack]) {
        var index: [String: Int] = [:]
        for track in tracks {
            guard track.isMusic else {
                skippedNonMusic += 1
                continue
            }
            guard let album = Self.clean(track.album) else {
                problems.append(Problem(trackID: track.trackID, problem: "music track without an album title"))
                continue
            }
            let trackArtist = Self.clean(track.artist)
            let artist: String
            if track.isCompilation {
                artist = "Various Artists"
            } else if let credited = Self.clean(track.albumArtist) ?? trackArtist {
                artist = credited
            } else {
                problems.append(Problem(trackID: track.trackID, problem: "music track without an artist or album artist"))
                continue
            }
            let key = ArtistName.normalize(album) + "\u{1F}" + (track.isCompilation ? "" : ArtistName.normalize(artist))
            let position: Int
            if let known = index[key] {
                position = known
                if let trackArtist, !albums[position].trackArtists.contains(trackArtist) {
                    albums[position].trackArtists.append(trackArtist)
                }
            } else {
                position = albums.count
                index[key] = position
                albums.append(Album(title: album, artist: artist, isCompilation: track.isCompilation,
                                    trackArtists: trackArtist.map { [$0] } ?? []))
            }
            if let name = Self.clean(track.name) {
                albums[position].tracks.append(TrackListing(title: name, seconds: track.totalTime.map { ($0 + 500) / 1000 }))
            }
        }
    }

    /// Collapses the line breaks and tabs some export tools write inside values; blank is nil.
    static func clean(_ value: String?) -> String? {
        guard let value else { return nil }
        let cleaned = value.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return cleaned.isEmpty ? nil : cleaned
    }
}
