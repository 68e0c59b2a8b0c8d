import DeepCutCore
import DeepCutState
import Foundation

/// What a warm sweep knows before it asks: which artists need only their newest collections,
/// how long each listing is, and the newest release each listed.
///
/// An artist whose listing was read whole within `catalog.fullListingDays` is asked only for its
/// newest collections; each artist's period is spread over its second half, so the full listings
/// of one library never fall due in one run. Listing sizes let batches put the longest listings
/// last; the newest release known is what a newest-first answer must hold (`ListingOrder`).
struct WarmPlan: Sendable {
    /// Catalog artist ids whose newest collections suffice in this run.
    var newestSuffices: Set<String>
    /// How many releases each known catalog artist lists, by catalog id.
    var sizes: [String: Int]
    /// The newest release each known catalog artist listed, by catalog id.
    var newestKnown: [String: String]
    /// For the artists of `newestSuffices`: the earliest first-release date a search for what they
    /// added must reach back to (MusicBrainz): `searchLeadDays` before their last full listing, since
    /// MusicBrainz often gains a release days or weeks after the stores (issue 32).
    var addedSince: [String: ReleaseDate]

    /// How far before an artist's last full listing a search for its additions reaches.
    static let searchLeadDays = 30

    /// - Parameter listed: the catalog memory's listings of the library's artists.
    init(listed: [String: CatalogMemory.Listed], fullListingDays: Int, at date: Date) {
        let period = Double(fullListingDays) * 86_400
        newestSuffices = Set(
            listed.compactMap { artist, listing -> String? in
                guard let at = listing.readWholeAt else { return nil }
                let due = period * (0.5 + 0.5 * ResolutionMethod.unitSpread(ArtistName.normalize(artist)))
                let age = date.timeIntervalSince(at)
                return age >= 0 && age < due ? listing.catalogID : nil
            })
        let suffices = newestSuffices
        addedSince = Dictionary(
            listed.values.compactMap { listing -> (String, ReleaseDate)? in
                guard suffices.contains(listing.catalogID), let at = listing.readWholeAt else { return nil }
                return (listing.catalogID, ReleaseDate(epochDay: at.epochDay - Self.searchLeadDays))
            }, uniquingKeysWith: min)
        sizes = Dictionary(listed.values.map { ($0.catalogID, $0.releases) }, uniquingKeysWith: max)
        newestKnown = Dictionary(
            listed.values.compactMap { listing in listing.newestReleaseID.map { (listing.catalogID, $0) } }, uniquingKeysWith: max)
    }
}
