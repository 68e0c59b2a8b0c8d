import DeepCutCore
import DeepCutSQLite
import Foundation

/// Albums the user recorded as owned with `deepcut library add`: they count as owned in every
/// future feed, whatever the library files say.
package struct OwnedAlbumRepository {
    let database: Database

    package func add(title: String, artist: String, at date: Date = Date()) throws {
        try database.withConnection { connection in
            _ = try connection.execute(
                """
                INSERT INTO owned_albums (album_key, title, artist, added_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (album_key) DO UPDATE SET title = excluded.title, artist = excluded.artist
                """, [AlbumKey(title: title, artist: artist), title, artist, date.timeIntervalSince1970])
        }
    }

    package func keys() throws -> Set<AlbumKey> {
        try database.withConnection { connection in
            Set(try connection.query("SELECT album_key FROM owned_albums") { try $0.get(0, as: AlbumKey.self) })
        }
    }

    package func all() throws -> [LibraryAlbum] {
        try database.withConnection { connection in
            try connection.query("SELECT title, artist FROM owned_albums ORDER BY added_at, album_key") { row in
                LibraryAlbum(title: try row.get(0), artist: try row.get(1), source: "state:library add")
            }
        }
    }
}
