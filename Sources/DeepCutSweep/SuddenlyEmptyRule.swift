import DeepCutCore
import DeepCutState
import Foundation

/// "A suddenly empty answer is not believed at once."
///
/// An artist whose last definite answer listed releases (or who was found at all) and who now
/// comes back with none (or as "no such artist"; an Apple Music artist whose albums now answer 404
/// while the artist answers is such an empty answer) is suspicious: it is asked once more in the same
/// run, and if the answer is still empty it is believed only when an earlier run already saw it
/// empty (a suspect mark); until then it counts as `suddenlyEmpty` (not definite), so its last
/// known releases stay, marked stale. When more than `maxVanishedPercent` of the previously known
/// artists asked in one run come back empty (and more than one does), the catalog itself is
/// taken as faulty (a storefront change, an API fault): none of the empty answers is re-asked
/// or believed, and nothing from the run is cached.
struct SuddenlyEmptyRule: Sendable {
    /// `catalog.maxVanishedPercent`.
    let maxVanishedPercent: Int

    /// The artists of `results` (asked in this run) whose empty answer contradicts what the
    /// catalog said before, in library order.
    func suspicious(_ results: [ArtistResult], remembered: [String: CatalogMemory.Remembered]) -> [String] {
        results.filter { result in
            guard result.source == .catalog, case .fetched(let before)? = remembered[result.artist]?.result.outcome else { return false }
            switch result.outcome {
            case .notFound: return true
            // A search for what was added (`ListingCoverage.added`) is empty whenever nothing is new.
            case .fetched(let now): return now.isEmpty && !before.isEmpty && !result.coverage.listsOnlyAdditions
            case .failed, .skipped: return false
            }
        }.map(\.artist)
    }

    /// Why the catalog looks faulty, or nil when the empty answers are few enough to check one by one.
    /// - Parameters:
    ///   - vanished: suspicious artists in this run.
    ///   - known: artists asked and answered in this run that the catalog had found before.
    func catalogFault(vanished: Int, known: Int) -> String? {
        guard vanished > 1, vanished * 100 > maxVanishedPercent * known else { return nil }
        return "the catalog looks faulty: \(vanished) of \(known) previously known artists came back empty or not found "
            + "(more than catalog.maxVanishedPercent \(maxVanishedPercent) %); nothing from this run was believed or cached"
    }

    /// The outcome of an artist whose empty answer is not believed yet.
    static func unconfirmed(_ artist: String, remembered: CatalogMemory.Remembered?, attempts: Int, reason: String) -> ArtistOutcome {
        let count = remembered?.result.outcome.releases.count ?? 0
        let since = remembered.map { " on \(Timestamp.string($0.checkedAt))" } ?? ""
        return .failed(
            FetchFailure(
                kind: .suddenlyEmpty, httpStatus: 200, attempts: max(1, attempts),
                message: "the catalog suddenly lists nothing for this artist (it listed \(count) releases\(since)); \(reason)"))
    }
}
