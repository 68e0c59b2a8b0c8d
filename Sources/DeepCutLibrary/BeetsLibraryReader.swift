import DeepCutConfig
import DeepCutCore
import DeepCutSQLite
import Foundation

/// Reads a beets `library.db`: one album per row of its `albums` table (`album`, `albumartist`),
/// opened read-only so deepcut can never change the user's beets library.
///
/// `mb_albumartistid` and `mb_releasegroupid` are kept when present, in the result's MusicBrainz maps,
/// so a MusicBrainz sweep can use an artist's id directly instead of searching by name.
package struct BeetsLibraryReader: LibraryFileReader {
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
                    if BlockingQueue.isCancelled { throw LibraryReadCancelledError(file: source.path) }
                    let artist = try beets.creditedArtist(of: row)
                    guard
                        let album = result.addRow(
                            title: row.title, artist: artist, tracks: tracks[row.id],
                            at: .record("album \(row.id)"))
                    else {
                        continue
                    }
                    let artistName = ArtistName.normalize(album.artist)
                    if let id = row.soleMusicBrainzArtistID, !ArtistName.isPlaceholder(artistName),
                        result.musicBrainzArtistIDs[artistName] == nil
                    {
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

/// The parts of a beets `library.db` deepcut reads, over whichever schema the installed beets wrote.
///
/// beets only ever adds columns, so databases from older versions lack some (`mb_albumartistids`,
/// `mb_releasegroupid` in very old ones); `PRAGMA table_info` says which exist, and a missing
/// optional column reads as NULL instead of failing the query.
struct BeetsDatabase {
    /// Separates values in beets' multi-value text columns: a backslash and U+2400 SYMBOL FOR NULL.
    static let multiValueSeparator = "\\\u{2400}"

    private let connection: Connection
    private let albumColumns: Set<String>
    private let itemColumns: Set<String>

    /// - Throws: `LibraryError` naming `name` when the file has no `albums` table with `album` and
    ///   `albumartist` columns; `DatabaseError` when SQLite cannot read it.
    init(connection: Connection, name: String) throws {
        self.connection = connection
        albumColumns = try Self.columns(of: "albums", in: connection)
        itemColumns = try Self.columns(of: "items", in: connection)
        guard !albumColumns.isEmpty else { throw LibraryError(message: "\(name): not a beets library (no albums table)") }
        for required in ["album", "albumartist"] where !albumColumns.contains(required) {
            throw LibraryError(message: "\(name): not a beets library (albums table has no '\(required)' column)")
        }
    }

    /// Every album, in id order.
    func albums() throws -> [BeetsAlbumRow] {
        let optional = ["comp", "mb_albumartistid", "mb_albumartistids", "mb_releasegroupid"]
            .map { albumColumns.contains($0) ? $0 : "NULL" }
        let sql = "SELECT rowid, album, albumartist, \(optional.joined(separator: ", ")) FROM albums ORDER BY rowid"
        return try connection.query(sql) { row in
            BeetsAlbumRow(
                id: try row.get(0, as: Int.self),
                title: Self.text(try row.get(1)),
                albumArtist: Self.text(try row.get(2)),
                isCompilation: Self.flag(try row.get(3)),
                musicBrainzArtistID: Self.text(try row.get(4)),
                musicBrainzArtistIDs: Self.text(try row.get(5)).map(Self.multipleValues),
                musicBrainzReleaseGroupID: Self.text(try row.get(6)))
        }
    }

    /// Every album's tracks (`items.title`, `items.length` in seconds) by album id, for
    /// `TrackEvidence`; empty when the `items` table lacks the columns.
    func tracksByAlbum() throws -> [Int: [TrackListing]] {
        guard itemColumns.isSuperset(of: ["album_id", "title", "length"]) else { return [:] }
        let order = itemColumns.isSuperset(of: ["disc", "track"]) ? "album_id, disc, track" : "album_id, rowid"
        var tracks: [Int: [TrackListing]] = [:]
        let rows = try connection.query("SELECT album_id, title, length FROM items WHERE album_id IS NOT NULL ORDER BY \(order)") { row in
            (try row.get(0, as: Int.self), Self.text(try row.get(1)), try row.get(2, as: DatabaseValue.self))
        }
        for (album, title, length) in rows {
            guard let title else { continue }
            let seconds: Int? =
                switch length {
                case .real(let value) where value.isFinite && value > 0 && value < 86_400: Int(value.rounded())
                case .integer(let value) where value > 0 && value < 86_400: Int(value)
                default: nil
                }
            tracks[album, default: []].append(TrackListing(title: title, seconds: seconds))
        }
        return tracks
    }

    /// The album's artist: `albumartist`, or when that is blank "Various Artists" for an album beets
    /// marked a compilation, else the one artist all its tracks name; nil (a warning) failing both.
    /// The sort name is no fallback: "Beatles, The" finds nothing in a catalog search.
    func creditedArtist(of album: BeetsAlbumRow) throws -> String? {
        if let artist = album.albumArtist { return artist }
        return album.isCompilation ? "Various Artists" : try soleTrackArtist(ofAlbum: album.id)
    }

    /// The one artist every track of the album credits, for albums whose `albumartist` is blank;
    /// nil when the tracks name several artists (or none), or the `items` table lacks the columns.
    private func soleTrackArtist(ofAlbum id: Int) throws -> String? {
        guard itemColumns.isSuperset(of: ["album_id", "artist"]) else { return nil }
        let artists = try connection.query("SELECT DISTINCT artist FROM items WHERE album_id = ?", [id]) { row in
            Self.text(try row.get(0))
        }
        let distinct = Dictionary(artists.compactMap { $0 }.map { (ArtistName.normalize($0), $0) }) { first, _ in first }
        return distinct.count == 1 ? distinct.values.first : nil
    }

    private static func columns(of table: String, in connection: Connection) throws -> Set<String> {
        Set(try connection.query("PRAGMA table_info(\(table))") { try $0.get(1, as: String.self) })
    }

    /// Text as beets stored it: old versions wrote some strings as UTF-8 blobs. Blank is nil.
    private static func text(_ value: DatabaseValue) -> String? {
        let text: String? =
            switch value {
            case .text(let text): text
            case .blob(let data): String(data: data, encoding: .utf8)
            case .integer(let integer): String(integer)
            case .real(let real): String(real)
            case .null: nil
            }
        guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        return trimmed
    }

    private static func flag(_ value: DatabaseValue) -> Bool {
        if case .integer(let integer) = value { return integer != 0 }
        return false
    }

    private static func multipleValues(_ text: String) -> [String] {
        text.components(separatedBy: multiValueSeparator).filter { !$0.isEmpty }
    }
}

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
