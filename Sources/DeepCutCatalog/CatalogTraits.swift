import DeepCutCore
import Foundation
import Synchronization

/// What one run's answers show about catalog behaviours no documentation promises, over what
/// earlier runs learned: shared by every request of the run, seeded from the state database and
/// saved back after (`CatalogLearning`).
///
/// A stored trait only decides how the run asks: every answer that relies on it is still checked,
/// and what this run's answers show replaces it. So a catalog that changes its ways costs a few
/// requests, never a release.
package final class CatalogTraits: Sendable {
    private struct State {
        var stored: CatalogTraitReadings
        var lookupLimit: LookupLimitReading?
        var newestFirstListings = 0
        var disorderedListings = 0
    }

    private let state: Mutex<State>

    /// - Parameter stored: what earlier runs learned, already dropped where it is too old to trust.
    package init(_ stored: CatalogTraitReadings = CatalogTraitReadings()) {
        state = Mutex(State(stored: stored))
    }

    /// Listings in the newest-first order, with none out of it, before a run calls the sort honoured:
    /// one listing can be newest first by chance.
    static let newestFirstEvidence = 3

    /// How `limit` counts in a multi-id lookup: this run's answers first, then earlier runs'.
    package var lookupLimit: LookupLimitReading? {
        state.withLock { $0.lookupLimit ?? $0.stored.lookupLimit?.reading }
    }

    /// Whether the catalog honours `sort=recent`: this run's answers first, then earlier runs'.
    package var sort: SortReading? {
        state.withLock { Self.sortShown($0) ?? $0.stored.sort?.reading }
    }

    /// What this run's answers showed, stamped `date`; a trait they did not show is nil.
    package func shown(at date: Date) -> CatalogTraitReadings {
        state.withLock { state in
            CatalogTraitReadings(
                lookupLimit: state.lookupLimit.map { LearnedTrait($0, checkedAt: date) },
                sort: Self.sortShown(state).map { LearnedTrait($0, checkedAt: date) })
        }
    }

    /// Within a run, proof beats a hint: `perArtist` (an answer held more than `limit`) is never
    /// replaced by `perAnswer`. An earlier run's reading is replaced by either.
    func learn(_ reading: LookupLimitReading) {
        state.withLock { state in
            if state.lookupLimit != .perArtist { state.lookupLimit = reading }
        }
    }

    /// One listing's order, as `ListingOrder` read it.
    func saw(_ order: ListingOrder) {
        state.withLock { state in
            switch order.evidence {
            case .newestFirst: state.newestFirstListings += 1
            case .disordered: state.disorderedListings += 1
            case nil: break
            }
        }
    }

    private static func sortShown(_ state: State) -> SortReading? {
        if state.disorderedListings > 0 { return .ignored }
        return state.newestFirstListings >= newestFirstEvidence ? .honoured : nil
    }
}

/// The order of one listing's dated rows, as they came down the answer.
struct ListingOrder: Sendable {
    private var last: ReleaseDate?
    private var distinctDates = 0
    /// A row dated later than one above it.
    private(set) var increased = false

    mutating func add(_ date: ReleaseDate?) {
        guard let date else { return }
        if let last {
            if date > last { increased = true }
            if date != last { distinctDates += 1 }
        } else {
            distinctDates = 1
        }
        last = date
    }

    /// No row dated later than one above it (vacuously true of a listing with one date).
    var isNewestFirst: Bool { !increased }

    enum Evidence { case newestFirst, disordered }

    /// What the listing says about the catalog's sort: out of order proves it ignored; in order
    /// counts toward honoured only with at least two dates to order.
    var evidence: Evidence? {
        if increased { return .disordered }
        return distinctDates >= 2 ? .newestFirst : nil
    }
}
