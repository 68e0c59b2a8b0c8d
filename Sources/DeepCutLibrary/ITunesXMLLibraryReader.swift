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
        // A missing file gets the operating system's reason, a FIFO or a device is refused before it
        // can block or stream forever; the parser is fed this file's chunks, the size cap and the
        // run's cancellation checked between them.
        let file = try LibraryFile(opening: source.path, sizeLimit: LibraryFile.streamedSizeLimit)
        let tracks: [ITunesTrack]
        do {
            tracks = try ITunesTrackStream.tracks(readingChunks: file.nextChunk)
        } catch let error as ITunesTrackStream.ParseError {
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
struct ITunesAlbumGrouping: Equatable {
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

    /// An album as its tracks spell it, before normalising: tracks of one album repeat the same
    /// strings, so only the first of them pays for `ArtistName.normalize`.
    private struct SpelledAlbum: Hashable {
        var title: String
        /// Nil for a compilation: one album whoever the track artists are.
        var artist: String?
    }

    init(tracks: [ITunesTrack]) {
        var index: [String: Int] = [:]
        var spelled: [SpelledAlbum: Int] = [:]
        var audioKinds: [String: Bool] = [:]
        var spokenGenres: [String: Bool] = [:]
        let isAudio = { (kind: String) in
            if let known = audioKinds[kind] { return known }
            let audio = ITunesTrack.isAudio(kind: kind)
            audioKinds[kind] = audio
            return audio
        }
        let isSpoken = { (genre: String) in
            if let known = spokenGenres[genre] { return known }
            let spoken = ITunesTrack.isSpoken(genre: genre)
            spokenGenres[genre] = spoken
            return spoken
        }
        for track in tracks {
            guard track.isMusic(isAudio: isAudio, isSpoken: isSpoken) else {
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
            let spelling = SpelledAlbum(title: album, artist: track.isCompilation ? nil : artist)
            var key: String?
            if spelled[spelling] == nil { key = Self.key(album: album, artist: artist, isCompilation: track.isCompilation) }
            let position: Int
            if let known = spelled[spelling] ?? key.flatMap({ index[$0] }) {
                position = known
                if let trackArtist, !albums[position].trackArtists.contains(trackArtist) {
                    albums[position].trackArtists.append(trackArtist)
                }
            } else {
                position = albums.count
                index[key ?? Self.key(album: album, artist: artist, isCompilation: track.isCompilation)] = position
                albums.append(
                    Album(
                        title: album, artist: artist, isCompilation: track.isCompilation,
                        trackArtists: trackArtist.map { [$0] } ?? []))
            }
            spelled[spelling] = position
            if let year = track.year, (1000...9999).contains(year) {
                albums[position].year = min(albums[position].year ?? year, year)
            }
            if let name = Self.clean(track.name) {
                albums[position].tracks.append(TrackListing(title: name, seconds: track.totalTime.map { ($0 + 500) / 1000 }))
            }
        }
    }

    /// The album's identity: normalised title and artist (a compilation's artist left out).
    private static func key(album: String, artist: String, isCompilation: Bool) -> String {
        ArtistName.normalize(album) + "\u{1F}" + (isCompilation ? "" : ArtistName.normalize(artist))
    }

    /// Collapses the line breaks and tabs some export tools write inside values; blank is nil.
    static func clean(_ value: String?) -> String? {
        guard let value else { return nil }
        if isClean(value) { return value }
        let cleaned = value.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return cleaned.isEmpty ? nil : cleaned
    }

    /// Whether `clean` would return `value` unchanged, decided on its UTF-8 bytes (asking each
    /// `Character` whether it is white space is most of a 60,000-track library's load): not empty,
    /// no control character, single spaces only between other characters and never before a
    /// non-ASCII one (a space and a combining mark are one white-space `Character`), and none of
    /// the non-ASCII white-space scalars (U+0085, U+00A0, U+1680, U+2000…U+200A, U+2028, U+2029,
    /// U+202F, U+205F, U+3000). Anything else takes the `Character` path.
    static func isClean(_ value: String) -> Bool {
        var value = value
        return value.withUTF8 { bytes in
            guard let first = bytes.first, let last = bytes.last, first != 0x20, last != 0x20 else { return false }
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case 0x20:
                    if bytes[index + 1] == 0x20 || bytes[index + 1] >= 0x80 { return false }
                case 0..<0x20, 0x7F: return false
                case 0xC2: if index + 1 < bytes.count, bytes[index + 1] == 0x85 || bytes[index + 1] == 0xA0 { return false }
                case 0xE1: if index + 2 < bytes.count, bytes[index + 1] == 0x9A, bytes[index + 2] == 0x80 { return false }
                case 0xE2:
                    if index + 2 < bytes.count {
                        let (second, third) = (bytes[index + 1], bytes[index + 2])
                        if second == 0x80 && ((0x80...0x8A).contains(third) || [0xA8, 0xA9, 0xAF].contains(third)) { return false }
                        if second == 0x81 && third == 0x9F { return false }
                    }
                case 0xE3: if index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] == 0x80 { return false }
                default: break
                }
                index += 1
            }
            return true
        }
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
        isMusic(isAudio: Self.isAudio(kind:), isSpoken: Self.isSpoken(genre:))
    }

    /// `isMusic` with the two tests on `Kind` and `Genre` handed in, so a whole library can ask
    /// them once per distinct value (`ITunesAlbumGrouping`).
    func isMusic(isAudio: (String) -> Bool, isSpoken: (String) -> Bool) -> Bool {
        if isVideoOrSpoken || trackType == "URL" { return false }
        if let kind, !isAudio(kind) { return false }
        if kind == nil && trackType != "Remote" { return false }
        return !isSpoken(genre ?? "")
    }

    static func isAudio(kind: String) -> Bool {
        kind.localizedLowercase.contains("audio")
    }

    private static let spokenGenres: Set<String> = ["audiobooks", "audiobook", "spoken word", "podcast", "podcasts", "books & spoken"]

    static func isSpoken(genre: String) -> Bool {
        spokenGenres.contains(genre.localizedLowercase)
    }
}
