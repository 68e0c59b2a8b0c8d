import DeepCutSQLite
import Foundation
import Testing

/// Builds beets `library.db` files for tests: the current schema (derived from beets' source, in
/// `Tests/Samples/beets_library_schema_derived.sql`) or an early one, filled through the Store wrapper and left in beets' own
/// rollback-journal mode.
package enum BeetsTestDatabase {
    /// An album row; nil columns are left NULL, columns the schema lacks are not written.
    package struct Album {
        package var album: String?
        package var albumartist: String?
        package var comp = false
        package var mbAlbumArtistID: String?
        package var mbAlbumArtistIDs: String?
        package var mbReleaseGroupID: String?

        package init(
            album: String? = nil, albumartist: String? = nil, comp: Bool = false, mbAlbumArtistID: String? = nil,
            mbAlbumArtistIDs: String? = nil, mbReleaseGroupID: String? = nil
        ) {
            self.album = album
            self.albumartist = albumartist
            self.comp = comp
            self.mbAlbumArtistID = mbAlbumArtistID
            self.mbAlbumArtistIDs = mbAlbumArtistIDs
            self.mbReleaseGroupID = mbReleaseGroupID
        }
    }

    /// An early beets: `albums` without `mb_albumartistids` or `mb_releasegroupid`, `items` without
    /// most of today's columns. beets only ever adds columns, so this is what an old library looks like.
    package static let earlySchema = """
        CREATE TABLE albums (id INTEGER PRIMARY KEY, artpath BLOB, added REAL, albumartist TEXT, albumartist_sort TEXT,
            album TEXT, genre TEXT, year INTEGER, comp INTEGER, mb_albumid TEXT, mb_albumartistid TEXT);
        CREATE TABLE items (id INTEGER PRIMARY KEY, path BLOB, album_id INTEGER, title TEXT, artist TEXT, album TEXT,
            albumartist TEXT, comp INTEGER);
        """

    /// Today's schema, from the shared sample; nil (and a recorded issue) when the sample is missing.
    package static func currentSchema(sourceLocation: SourceLocation = #_sourceLocation) throws -> String? {
        guard let url = SharedSamples.url("beets_library_schema_derived.sql", sourceLocation: sourceLocation) else { return nil }
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// Creates `url` with `schema`, then inserts `albums` and `items` (`(albumID, artist)` pairs).
    package static func create(at url: URL, schema: String, albums: [Album], items: [(albumID: Int, artist: String)] = []) throws {
        let database = try Database(path: url.path, access: .readWrite)
        try database.withConnection { connection in
            try connection.executeScript(schema)
            let columns = Set(try connection.query("PRAGMA table_info(albums)") { try $0.get(1, as: String.self) })
            for album in albums {
                let values: [(String, any DatabaseValueConvertible)] = [
                    ("album", album.album), ("albumartist", album.albumartist), ("comp", album.comp ? 1 : 0),
                    ("mb_albumartistid", album.mbAlbumArtistID), ("mb_albumartistids", album.mbAlbumArtistIDs),
                    ("mb_releasegroupid", album.mbReleaseGroupID)
                ].filter { columns.contains($0.0) }
                let names = values.map(\.0).joined(separator: ", ")
                let marks = Array(repeating: "?", count: values.count).joined(separator: ", ")
                try connection.execute("INSERT INTO albums (\(names)) VALUES (\(marks))", values.map(\.1))
            }
            for item in items {
                try connection.execute("INSERT INTO items (album_id, artist) VALUES (?, ?)", [item.albumID, item.artist])
            }
            _ = try connection.query("PRAGMA journal_mode=DELETE") { _ in () }
        }
    }
}
