import DeepCutCore
import DeepCutSQLite
import Foundation

/// The resolution cache: library artist name → catalog artist, per provider, so a warm sweep
/// spends no search requests on artists it already knows.
///
/// Rows never expire here; how long one is trusted is the sweep's decision (`ResolutionMethod.cacheLifetime`).
package struct ArtistResolutionRepository {
    let database: Database

    private static let columns = "artist_key, catalog_id, catalog_name, method, resolved_at"

    /// Every resolution cached for `provider`, by artist key.
    package func all(provider: String) throws -> [String: ArtistResolutionRecord] {
        let records = try database.withConnection { connection in
            try connection.query("SELECT \(Self.columns) FROM artist_resolutions WHERE provider = ?", [provider], Self.record)
        }
        return Dictionary(records.map { ($0.artistKey, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Stores (or replaces) resolutions in one transaction: all land or none do.
    package func save(_ records: [ArtistResolutionRecord], provider: String) throws {
        guard !records.isEmpty else { return }
        try database.transaction { connection in
            for record in records {
                try connection.execute(
                    """
                    INSERT OR REPLACE INTO artist_resolutions (provider, \(Self.columns)) VALUES (?, ?, ?, ?, ?, ?)
                    """, [provider, record.artistKey, record.artist?.id, record.artist?.name, record.method, record.resolvedAt])
            }
        }
    }

    /// Removes the resolutions of these artist keys, so the next sweep searches them afresh.
    package func forget(_ artistKeys: [String], provider: String) throws {
        guard !artistKeys.isEmpty else { return }
        try database.transaction { connection in
            for key in artistKeys {
                try connection.execute("DELETE FROM artist_resolutions WHERE provider = ? AND artist_key = ?", [provider, key])
            }
        }
    }

    private static func record(_ row: Row) throws -> ArtistResolutionRecord {
        let id: String? = try row.get(1)
        let name: String? = try row.get(2)
        let artist = id.flatMap { id in name.map { CatalogArtist(id: id, name: $0) } }
        return ArtistResolutionRecord(
            artistKey: try row.get(0), artist: artist, method: try row.get(3),
            resolvedAt: try row.get(4))
    }
}

/// One cached answer to "which catalog artist is this library name?".
package struct ArtistResolutionRecord: Sendable, Hashable {
    /// `ArtistName.normalize` of the library's name.
    package var artistKey: String
    /// The catalog artist; nil exactly when `method` is `.notFound`.
    package var artist: CatalogArtist?
    package var method: ResolutionMethod
    package var resolvedAt: Date

    package init(artistKey: String, artist: CatalogArtist? = nil, method: ResolutionMethod, resolvedAt: Date) {
        self.artistKey = artistKey
        self.artist = artist
        self.method = method
        self.resolvedAt = resolvedAt
    }
}

extension StateStore {
    /// The artist resolution cache (schema version 3).
    package var artistResolutions: ArtistResolutionRepository {
        ArtistResolutionRepository(database: database)
    }
}
