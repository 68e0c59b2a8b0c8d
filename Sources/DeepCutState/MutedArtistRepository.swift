import DeepCutCore
import DeepCutSQLite
import Foundation

/// The artists the user muted (`deepcut mute`), one row per `ArtistName.normalize`d name.
///
/// `unmute` does not delete the row: it sets `unmuted_at`, which tells the next `sweep --if-stale`
/// that the feed lacks releases it should show (`unmutedSince`). Muting again clears it.
package struct MutedArtistRepository {
    let database: Database

    private static let columns = "artist_key, name, muted_at, catalog_name, catalog_id, artwork_url"

    // MARK: Reading

    /// Every muted artist, most recently muted first; equal times in key order so listings are stable.
    package func all() throws -> [MutedArtist] {
        try database.withConnection { connection in
            try connection.query(
                "SELECT \(Self.columns) FROM muted_artists WHERE unmuted_at IS NULL ORDER BY muted_at DESC, artist_key",
                [], Self.mutedArtist)
        }
    }

    /// The muted artists as the diff matches them.
    package func matcher() throws -> MutedArtists {
        MutedArtists(try all().map(\.artistKey))
    }

    /// The muted artist with this name (any spelling `ArtistName.normalize` folds together).
    package func find(name: String) throws -> MutedArtist? {
        try database.withConnection { connection in try Self.find(key: ArtistName.normalize(name), in: connection) }
    }

    /// True when an artist was unmuted after `date`: a feed published before then lacks its releases.
    package func unmutedSince(_ date: Date) throws -> Bool {
        try database.withConnection { connection in
            try !connection.query(
                "SELECT 1 FROM muted_artists WHERE unmuted_at > ? LIMIT 1", [date.timeIntervalSince1970]
            ) { _ in true }.isEmpty
        }
    }

    /// What the state database knows to show for an artist: the catalog's name and id from the
    /// resolution cache, and the artwork of the newest release the catalog memory holds.
    package func displayData(for name: String, provider: String, mutedAt date: Date) throws -> MutedArtist {
        let key = ArtistName.normalize(name)
        return try database.withConnection { connection in
            let resolved = try connection.query(
                "SELECT catalog_name, catalog_id FROM artist_resolutions WHERE provider = ? AND artist_key = ?", [provider, key]
            ) { row in (try row.get(0, as: String?.self), try row.get(1, as: String?.self)) }.first
            let artwork = try connection.query(
                """
                SELECT artwork_url FROM catalog_releases
                WHERE provider = ? AND artist = ? AND withdrawn_at IS NULL AND artwork_url IS NOT NULL
                ORDER BY release_date DESC, release_id LIMIT 1
                """, [provider, key]
            ) { try $0.get(0, as: String.self) }.first
            return MutedArtist(
                name: name, mutedAt: date.timeIntervalSince1970, catalogName: resolved?.0, catalogID: resolved?.1,
                artworkURL: artwork)
        }
    }

    // MARK: Writing

    /// Mutes an artist. - Returns: false when it was muted already (the first mute and its data are kept).
    @discardableResult
    package func mute(_ artist: MutedArtist) throws -> Bool {
        try database.transaction { connection in try Self.save(artist, in: connection) }
    }

    /// Unmutes an artist. - Returns: the mute lifted, or nil when the artist was not muted.
    package func unmute(name: String, at date: Date = Date()) throws -> MutedArtist? {
        try database.transaction { connection in
            let key = ArtistName.normalize(name)
            guard let muted = try Self.find(key: key, in: connection) else { return nil }
            _ = try connection.execute(
                "UPDATE muted_artists SET unmuted_at = ? WHERE artist_key = ?", [date.timeIntervalSince1970, key])
            return muted
        }
    }

    // MARK: Rows

    /// Stores a mute unless the artist is muted already. An artist unmuted before is muted again.
    static func save(_ artist: MutedArtist, in connection: Connection) throws -> Bool {
        guard try find(key: artist.artistKey, in: connection) == nil else { return false }
        try connection.execute(
            "INSERT OR REPLACE INTO muted_artists (\(columns), unmuted_at) VALUES (?, ?, ?, ?, ?, ?, NULL)",
            [
                artist.artistKey, artist.name, Dismissal.roundedTime(artist.mutedAt), artist.catalogName, artist.catalogID,
                artist.artworkURL
            ])
        return true
    }

    private static func find(key: String, in connection: Connection) throws -> MutedArtist? {
        try connection.query(
            "SELECT \(columns) FROM muted_artists WHERE artist_key = ? AND unmuted_at IS NULL", [key], mutedArtist
        ).first
    }

    private static func mutedArtist(_ row: Row) throws -> MutedArtist {
        var artist = MutedArtist(
            name: try row.get(1), mutedAt: try row.get(2), catalogName: try row.get(3), catalogID: try row.get(4),
            artworkURL: try row.get(5))
        artist.artistKey = try row.get(0)
        return artist
    }
}

extension StateStore {
    /// The muted artists (schema version 14).
    package var mutes: MutedArtistRepository {
        MutedArtistRepository(database: database)
    }
}
