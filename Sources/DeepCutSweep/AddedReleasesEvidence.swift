import DeepCutCore
import DeepCutState

extension SweepOutcome {
    /// The outcome with each release a search re-found (`ListingCoverage.added`) keeping the barcode
    /// and Apple links its artist's remembered listing holds: a search answer carries neither, and
    /// the memory keeps what the last answer said, so without this a warm search would erase the
    /// merge evidence a full listing read. What the search says anew (title, date, types) stands.
    func keepingEvidence(of remembered: [String: CatalogMemory.Remembered]) -> SweepOutcome {
        var outcome = self
        for index in outcome.results.indices {
            let result = outcome.results[index]
            guard result.coverage.listsOnlyAdditions, case .fetched(let found) = result.outcome,
                let known = remembered[result.artist]?.result.outcome.releases, !known.isEmpty
            else { continue }
            let byID = Dictionary(known.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            outcome.results[index].outcome = .fetched(
                found.map { release in
                    guard let old = byID[release.id] else { return release }
                    var release = release
                    if release.barcode == nil { release.barcode = old.barcode }
                    if release.links.isEmpty { release.links = old.links }
                    return release
                })
        }
        return outcome
    }
}
