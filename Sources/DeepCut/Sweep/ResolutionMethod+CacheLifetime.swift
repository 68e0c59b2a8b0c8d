import DeepCutCore
import Foundation

extension ResolutionMethod {
    /// How long a cached resolution is trusted before the artist is searched again.
    ///
    /// A found artist keeps its id for 90 days: catalog ids are stable, and re-searching costs
    /// a request per artist. "Not found" and "ambiguous" are retried after 7 days: a new artist
    /// reaches the catalog, and a new purchase can tell namesakes apart. Overrides come from the
    /// config on every run and are never cached.
    var cacheLifetime: TimeInterval {
        switch self {
        case .exact, .owned, .first: 90 * 86_400
        case .ambiguous, .notFound: 7 * 86_400
        case .override: 0
        }
    }
}
