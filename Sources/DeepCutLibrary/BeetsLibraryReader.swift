import DeepCutConfig
import DeepCutCore
import DeepCutSQLite
import Foundation

/// Reads a beets `library.db`: one album per row of its `albums` table (`album`, `albumartist`),
/// opened read-only so deepcut can never change the user's beets library.
///
/// `mb_albumartistid` and `mb_releasegroupid` are kept when present, in the result's MusicBrainz maps,
/// so a MusicBrainz sweep can use an artist's id directly instead of searching by name.
package struct BeetsLibraryReader: LibraryReader {
    private static let sqliteHeader = Data("SQLite format 3\u{0}".utf8)

    package init() {}

    package func read(_ source: LibrarySource) throws -> LibraryReadResult {
        var result = LibraryReadResult(source: source)
        // Opened here first: a missing file gets the operating system's reason, a FIFO or device is
        // refused before SQLite can block on it, and anything else is checked for SQLite's header.
        let file = try LibraryFile(opening: source.path, sizeLimit: LibraryFile.streamedSizeLimit)
        guard try file.nextChunk()?.starts(with: Self.sqliteHeader) == true else {
            throw LibraryError(message: "\(result.sourceName): not a beets library (not a SQLite database)")
        }
        do {
            let database = try Database(path: source.path.path, access: .readOnly)
            try database.withConnection { connection in
                let beets = try BeetsDatabase(connection: connection, name: result.sourceName)
                let tracks = try beets.tracksByAlbum()
                for row in try beets.albums() {
                    if Task.isCancelled { throw LibraryReadCancelledError(file: source.path) }
                    let artist = try beets.creditedArtist(of: row)
                    guard let album = result.addRow(title: row.title, artist: artist, tracks: tracks[row.id],
                                                    at: .record("album \(row.id)")) else {
                        continue
                    }
                    let artistName = ArtistName.normalize(album.artist)
                    if let id = row.soleMusicBrainzArtistID, !ArtistName.isPlaceholder(artistName),
                       result.musicBrainzArtistIDs[artistName] == nil {
                        result.musicBrainzArtistIDs[artistName] = id
                    }
                    if let id = row.musicBrainzReleaseGroupID, result.musicBrainzReleaseGroupIDs[album.key] == nil {
                        result.musicBrainzReleaseGroupIDs[album.key] = id
                    }
                }
            }
        } catch let error as DatabaseError {
            throw LibraryError(message: "\(result.sourceName): \(error.detail)")
        }
        return result
    }
}
