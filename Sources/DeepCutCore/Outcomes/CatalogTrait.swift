import Foundation

/// How a catalog counts `limit` in `lookup?id=A,B,…`, as its answers showed it.
package enum LookupLimitReading: String, Sendable, Hashable {
    /// `limit` caps each artist's listing (an answer held more than `limit` collections).
    case perArtist
    /// `limit` looked like a cap on the whole answer (an answer held exactly `limit` and listed
    /// nothing after the cut): not proof, but reason not to spend small-limit lookups again.
    case perAnswer
}

/// Whether a catalog lists an artist's collections newest first when asked (`sort=recent`), as its
/// answers showed it. Apple documents the parameter for one song example only.
package enum SortReading: String, Sendable, Hashable {
    /// Listings came back with dates that never increase down the list, and cut ones held the
    /// newest release already known.
    case honoured
    /// A listing came back with a date later than one above it: the order is the catalog's own.
    case ignored
}

/// A behaviour the sweep learned from a catalog's answers, and when answers last showed it.
///
/// Never trusted for good: every answer that relies on a trait is checked against it, a run's own
/// answers replace what earlier runs learned, and a trait no answer has shown for `lifetime` is
/// forgotten, so the next run learns it again from whole listings.
package struct LearnedTrait<Reading: Sendable & Hashable>: Sendable, Hashable {
    package var reading: Reading
    /// When an answer last showed it.
    package var checkedAt: Date

    package init(_ reading: Reading, checkedAt: Date) {
        self.reading = reading
        self.checkedAt = checkedAt
    }

    /// How long a trait no answer has shown again is kept.
    package static var lifetime: TimeInterval { 30 * 86_400 }

    /// The trait if answers showed it within `lifetime` before `date`; nil once it is too old to trust.
    package func current(at date: Date) -> Self? {
        date.timeIntervalSince(checkedAt) < Self.lifetime ? self : nil
    }
}

/// The traits learned about one catalog: what earlier runs stored, or what a run's answers showed.
package struct CatalogTraitReadings: Sendable, Hashable {
    package var lookupLimit: LearnedTrait<LookupLimitReading>?
    package var sort: LearnedTrait<SortReading>?

    package init(lookupLimit: LearnedTrait<LookupLimitReading>? = nil, sort: LearnedTrait<SortReading>? = nil) {
        self.lookupLimit = lookupLimit
        self.sort = sort
    }

    /// Only the traits answers showed within their lifetime before `date`.
    package func current(at date: Date) -> Self {
        Self(lookupLimit: lookupLimit?.current(at: date), sort: sort?.current(at: date))
    }
}
