import DeepCutCore
import Foundation

extension HealthReport {
    /// What the sweep knows of the catalog's undocumented behaviours (`sweep.catalogTraits`), the
    /// sweep planned by: each trait's reading, when an answer last showed it, and whether this
    /// run's answers did. Absent for catalogs with no such trait (Apple Music, MusicBrainz).
    package struct CatalogTraits: Sendable, Hashable, Codable {
        /// Whether `sort=recent` lists collections newest first: `honoured`, `ignored` or `unknown`.
        package var sortRecent: Trait
        /// How `limit` counts in a multi-id lookup: `perArtist`, `perAnswer` or `unknown`.
        package var lookupLimit: Trait

        package struct Trait: Sendable, Hashable, Codable {
            package var reading: String
            /// When an answer last showed it; absent while unknown.
            package var checkedAt: Date?
            /// True when this run's answers showed it (false: carried from an earlier run).
            package var shownThisRun: Bool

            package init<Reading: RawRepresentable<String>>(
                stored: LearnedTrait<Reading>?, shown: LearnedTrait<Reading>?
            ) {
                let trait = shown ?? stored
                reading = trait?.reading.rawValue ?? "unknown"
                checkedAt = trait?.checkedAt
                shownThisRun = shown != nil
            }
        }

        /// - Parameters:
        ///   - stored: what earlier runs learned and the run started from.
        ///   - shown: what this run's answers showed.
        package init(stored: CatalogTraitReadings, shown: CatalogTraitReadings) {
            sortRecent = Trait(stored: stored.sort, shown: shown.sort)
            lookupLimit = Trait(stored: stored.lookupLimit, shown: shown.lookupLimit)
        }

        /// One line for `health.txt` and the page.
        var summary: String {
            let describe = { (name: String, trait: Trait) -> String in
                let when =
                    trait.shownThisRun ? "shown this run" : trait.checkedAt.map { "last shown \(Timestamp.string($0))" } ?? "not shown yet"
                return "\(name) \(trait.reading) (\(when))"
            }
            return [describe("sort=recent", sortRecent), describe("lookup limit", lookupLimit)].joined(separator: "; ")
        }
    }
}
