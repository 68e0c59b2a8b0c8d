/// How much of an artist's catalog listing one answer covers.
///
/// A catalog that caps a listing (iTunes' `lookup` holds at most 200 collections, newest first with
/// `sort=recent`) may leave the oldest releases out. Such an answer says only what it covers: the
/// newest `count` collections, back to `since`. "Withdrawn" and "nothing new" are concluded only
/// inside that range.
package enum ListingCoverage: Sendable, Hashable {
    /// The whole listing.
    case complete
    /// Only the newest `count` collections; `since` is the oldest date among them (nil when none was dated).
    case newest(count: Int, since: ReleaseDate?)

    /// True when a release dated `date` lies inside the covered range, so its absence from the
    /// answer means something. An undated release is inside only a complete listing.
    package func covers(_ date: ReleaseDate?) -> Bool {
        switch self {
        case .complete: return true
        case .newest(_, let since):
            guard let since, let date else { return false }
            return date >= since
        }
    }

    /// True when the answer lists everything released on or after `date`: complete, or cut at
    /// (or before) an older release.
    package func reaches(back date: ReleaseDate) -> Bool {
        switch self {
        case .complete: return true
        case .newest(_, let since): return since.map { $0 <= date } ?? false
        }
    }

    package var isComplete: Bool { self == .complete }

    /// True when nothing more can be had: complete, or cut at the catalog's own ceiling (200 for
    /// iTunes), where a deeper request does not exist.
    package var isWhole: Bool {
        switch self {
        case .complete: true
        case .newest(let count, _): count >= Self.catalogCeiling
        }
    }

    /// The most collections one iTunes lookup lists for an artist.
    package static let catalogCeiling = 200
}

/// How a catalog counts `limit` in `lookup?id=A,B,…`, as its answers showed it.
package enum LookupLimitReading: String, Sendable {
    /// `limit` caps each artist's listing (an answer held more than `limit` collections).
    case perArtist
    /// `limit` looked like a cap on the whole answer (an answer held exactly `limit` and listed
    /// nothing after the cut): not proof, but reason not to spend small-limit lookups again.
    case perAnswer
}
