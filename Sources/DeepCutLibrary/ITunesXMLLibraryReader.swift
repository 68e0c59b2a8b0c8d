import DeepCutConfig
import Foundation

/// Reads a Music/iTunes "Export Library" plist: music tracks grouped into albums by album artist
/// (falling back to the track artist) and album title.
///
/// Non-music items (movies, TV shows, music videos, podcasts, iTunes U, anything with video) are
/// counted as skipped, never read as albums, so directors and hosts are never swept. Compilations are
/// owned albums credited to "Various Artists"; their track artists are swept only with `compilationArtists`.
package struct ITunesXMLLibraryReader: LibraryReader {
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
            result.addRow(title: album.title, artist: album.artist, tracks: album.tracks.isEmpty ? nil : album.tracks,
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
