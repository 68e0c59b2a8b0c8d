import DeepCutCore
import DeepCutSQLite
import Foundation

/// What the sweep learned about how a catalog behaves, per provider, for the next run: the pace it
/// accepts, how it counts `limit` in a multi-id lookup, and whether it honours `sort=recent`.
package struct CatalogLearning {
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

    /// The traits earlier runs' answers showed (`CatalogTraits`), each with when an answer last showed it.
    package func traits(provider: String) throws -> CatalogTraitReadings {
        let rows = try database.withConnection { connection in
            try connection.query("SELECT name, value, learned_at FROM catalog_learning WHERE provider = ?", [provider]) { row in
                (
                    try row.get(0, as: String.self), try row.get(1, as: String.self),
                    Date(timeIntervalSince1970: try row.get(2, as: Double.self))
                )
            }
        }
        var traits = CatalogTraitReadings()
        for (name, value, checkedAt) in rows {
            switch name {
            case Self.lookupLimit: traits.lookupLimit = LookupLimitReading(rawValue: value).map { LearnedTrait($0, checkedAt: checkedAt) }
            case Self.sort: traits.sort = SortReading(rawValue: value).map { LearnedTrait($0, checkedAt: checkedAt) }
            default: continue
            }
        }
        return traits
    }

    /// Stores the traits a run's answers showed, replacing what earlier runs learned; a trait the run
    /// did not see is left as it was.
    package func saveTraits(_ traits: CatalogTraitReadings, provider: String) throws {
        if let limit = traits.lookupLimit {
            try save(Self.lookupLimit, value: limit.reading.rawValue, provider: provider, at: limit.checkedAt)
        }
        if let sort = traits.sort { try save(Self.sort, value: sort.reading.rawValue, provider: provider, at: sort.checkedAt) }
    }

    private static let lookupLimit = "lookupLimit"
    private static let sort = "sortRecent"

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
