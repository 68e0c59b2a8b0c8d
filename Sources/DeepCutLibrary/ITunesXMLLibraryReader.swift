import DeepCutConfig
import DeepCutCore
import Foundation

/// Reads a Music/iTunes "Export Library" plist: music tracks grouped into albums by album artist
/// (falling back to the track artist) and album title.
///
/// Non-music items (movies, TV shows, music videos, podcasts, iTunes U, anything with video) are
/// counted as skipped, never read as albums, so directors and hosts are never swept. Compilations are
/// owned albums credited to "Various Artists"; their track artists are swept only with `compilationArtists`.
package struct ITunesXMLLibraryReader: LibraryFileReader {
    package init() {}

    package func read(_ source: LibrarySource) throws -> LibraryReadResult {
        var result = LibraryReadResult(source: source)
        // Opened here, not by XMLParser: a missing file gets the operating system's reason, a FIFO or a
        // device is refused before it can block or stream forever, and the parser reads this very file.
        let file = try LibraryFile(opening: source.path, sizeLimit: LibraryFile.streamedSizeLimit)
        // The descriptor must stay open while the parser reads through /proc/self/fd.
        defer { withExtendedLifetime(file) {} }
        let tracks: [ITunesTrack]
        do {
            tracks = try ITunesLibraryParser.tracks(in: file.openedPath)
        } catch {
            if error.cancelled { throw LibraryReadCancelledError(file: source.path) }
            let place = error.line > 0 ? ":\(error.line)" : ""
            throw LibraryError(message: "\(result.sourceName)\(place): \(error.message)")
        }
        let grouping = ITunesAlbumGrouping(tracks: tracks)
        for album in grouping.albums {
            result.addRow(
                title: album.title, artist: album.artist, tracks: album.tracks.isEmpty ? nil : album.tracks, year: album.year,
                at: .record("album \(album.title)"))
            if album.isCompilation && source.compilationArtists {
                result.additionalArtists += album.trackArtists
            }
        }
        for problem in grouping.problems {
            result.addWarning(problem.problem, at: .record("track \(problem.trackID ?? "without id")"))
        }
        result.skipped = grouping.skippedNonMusic
        return result
    }
}

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
        /// The earliest `Year` of its tracks (a compilation's bonus track may be later).
        var year: Int?
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
                albums.append(
                    Album(
                        title: album, artist: artist, isCompilation: track.isCompilation,
                        trackArtists: trackArtist.map { [$0] } ?? []))
            }
            if let year = track.year, (1000...9999).contains(year) {
                albums[position].year = min(albums[position].year ?? year, year)
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

/// The fields of one Library.xml track that decide whether and how it counts as an owned album.
struct ITunesTrack: Sendable, Hashable {
    /// The `Track ID`, for warnings that point at the track.
    var trackID: String?
    var name: String?
    /// `Total Time` in milliseconds: evidence for editions the title rules cannot place.
    var totalTime: Int?
    var artist: String?
    var albumArtist: String?
    var album: String?
    var kind: String?
    var genre: String?
    /// `Year`: dates the album, so a same-named single or EP decades apart is not taken for it.
    var year: Int?
    var trackType: String?
    var isCompilation = false
    /// Movie, TV show, music video, podcast, iTunes U or any item with video.
    var isVideoOrSpoken = false

    /// Only audio music counts: movies, TV, music videos, podcasts, iTunes U, streams and
    /// audiobooks are skipped, so their credits (directors, hosts) are never swept as artists.
    var isMusic: Bool {
        if isVideoOrSpoken || trackType == "URL" { return false }
        if let kind, !kind.localizedLowercase.contains("audio") { return false }
        if kind == nil && trackType != "Remote" { return false }
        let spokenGenres: Set<String> = ["audiobooks", "audiobook", "spoken word", "podcast", "podcasts", "books & spoken"]
        return !spokenGenres.contains(genre?.localizedLowercase ?? "")
    }
}
