import DeepCutCore
import DeepCutSQLite
import Foundation

/// What the sweep learned about how a catalog behaves, per provider, for the next run: the pace it
/// accepts and how it counts `limit` in a multi-id lookup.
package struct CatalogLearning: Sendable {
    let database: Database

    /// The requests per minute the catalog accepted at the end of the last run that met a rate
    /// limit; nil when no run did (the configured ceiling is the pace).
    package func pace(provider: String) throws -> Double? {
        try value("pace", provider: provider).flatMap(Double.init)
    }

    package func savePace(_ requestsPerMinute: Double, provider: String, at date: Date) throws {
        try save("pace", value: String(requestsPerMinute), provider: provider, at: date)
    }

    /// Forgets the learned pace: the catalog accepted the configured pace again.
    package func forgetPace(provider: String) throws {
        try database.withConnection { connection in
            try connection.execute("DELETE FROM catalog_learning WHERE provider = ? AND name = 'pace'", [provider])
        }
    }

    package func limitReading(provider: String) throws -> LookupLimitReading? {
        try value("lookupLimit", provider: provider).flatMap(LookupLimitReading.init(rawValue:))
    }

    package func saveLimitReading(_ reading: LookupLimitReading, provider: String, at date: Date) throws {
        try save("lookupLimit", value: reading.rawValue, provider: provider, at: date)
    }

    private func value(_ name: String, provider: String) throws -> String? {
        try database.withConnection { connection in
            try connection.query("SELECT value FROM catalog_learning WHERE provider = ? AND name = ?", [provider, name]) {
                try $0.get(0, as: String.self)
            }.first
        }
    }

    private func save(_ name: String, value: String, provider: String, at date: Date) throws {
        try database.withConnection { connection in
            try connection.execute(
                """
                INSERT OR REPLACE INTO catalog_learning (provider, name, value, learned_at) VALUES (?, ?, ?, ?)
                """, [provider, name, value, date.timeIntervalSince1970])
        }
    }
}

extension StateStore {
    /// What the sweep learned about each catalog (schema version 10).
    package var learning: CatalogLearning {
        CatalogLearning(database: database)
    }
}
