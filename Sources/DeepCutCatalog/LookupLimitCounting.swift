import DeepCutCore
import Synchronization

/// How the catalog counts `limit` in a multi-id lookup, as its own answers showed it: shared by
/// every lookup of one run, seeded from the state database (`CatalogLearning`) and saved back after.
///
/// Once `limit` is known to count per artist, a warm lookup can ask many artists for their newest
/// few collections each (`ITunesProvider.newestLimit`); until then the batch logic stays correct
/// under both readings and asks at the ceiling.
package final class LookupLimitCounting: Sendable {
    private let state: Mutex<LookupLimitReading?>

    package init(_ known: LookupLimitReading? = nil) {
        state = Mutex(known)
    }

    package var known: LookupLimitReading? { state.withLock { $0 } }

    /// Proof beats a hint: `perArtist` is never replaced by `perAnswer`.
    func learn(_ reading: LookupLimitReading) {
        state.withLock { known in
            if known != .perArtist { known = reading }
        }
    }
}
