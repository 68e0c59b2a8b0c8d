import DeepCutCore
import Foundation

/// One household profile's share of the sweep of every profile's artists (`profiles`): the
/// results, stale releases and remembered releases of its own artists, as a sweep of them alone
/// would have handed them over. What the sweep learned as a whole (its pace, traits, fault,
/// discoveries and withdrawals, all keyed by release) stays whole: a profile reads only what its
/// artists' releases look up.
extension CatalogSweep.Outcome {
    /// - Parameter artists: the profile's artists, as its library spells them; matched by
    ///   `ArtistName.normalize`, since the sweep asked each artist once under the first profile's spelling.
    package func share(for artists: [String]) -> CatalogSweep.Outcome {
        let wanted = Set(artists.map(ArtistName.normalize))
        let mine = { (artist: String) in wanted.contains(ArtistName.normalize(artist)) }
        var share = self
        share.sweep.results = sweep.results.filter { mine($0.artist) }
        share.sweep.answeredInThisRun = sweep.status != .failed
        share.stale = stale.restricted(to: Set(share.sweep.results.map(\.artist)))
        share.beyondCoverage = beyondCoverage.filter { mine($0.artist) }
        share.reusedArtists = reusedArtists.filter(mine)
        share.cutListings = cutListings.filter(mine)
        return share
    }
}
