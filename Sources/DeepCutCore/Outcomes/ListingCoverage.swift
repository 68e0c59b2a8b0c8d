/// How much of an artist's catalog listing one answer covers.
///
/// A catalog that caps a listing (iTunes' `lookup` holds at most 200 collections) may leave
/// releases out. When the answer proves itself newest first (`sort=recent` is undocumented for
/// album lookups, so every answer is checked), it covers the newest `count` collections, back to
/// `since`, and "withdrawn" and "nothing new" are concluded only inside that range. A cut answer
/// that does not prove its order covers nothing: no release is concluded missing from it.
package enum ListingCoverage: Sendable, Hashable {
    /// The whole listing.
    case complete
    /// Only the newest `count` collections; `since` is the oldest date among them (nil when none was dated).
    case newest(count: Int, since: ReleaseDate?)
    /// `count` collections cut from a listing in an order the answer did not prove newest first:
    /// any release may be missing from it, the newest included.
    case unordered(count: Int)
    /// What a search found first released on or after `since`, on top of the remembered listing
    /// (MusicBrainz's warm plan): new releases only. A search index lags its database, so nothing
    /// is concluded missing from it, and it never counts as a full listing.
    case added(since: ReleaseDate)

    /// True when a release dated `date` lies inside the covered range, so its absence from the
    /// answer means something. An undated release is inside only a complete listing.
    package func covers(_ date: ReleaseDate?) -> Bool {
        switch self {
        case .complete: return true
        case .newest(_, let since):
            guard let since, let date else { return false }
            return date >= since
        case .unordered, .added: return false
        }
    }

    /// True when the answer lists everything released on or after `date`: complete, cut at (or
    /// before) an older release, or a search's additions to a full listing read lately.
    package func reaches(back date: ReleaseDate) -> Bool {
        switch self {
        case .complete: return true
        case .newest(_, let since): return since.map { $0 <= date } ?? false
        // Additions on top of a full listing read lately: the two together reach as far as it did.
        case .added: return true
        case .unordered: return false
        }
    }

    package var isComplete: Bool { self == .complete }

    /// True for a search's additions (`added`): its releases come on top of the remembered listing.
    package var listsOnlyAdditions: Bool {
        if case .added = self { true } else { false }
    }

    /// True when nothing more can be had: complete, or cut at the catalog's own ceiling (200 for
    /// iTunes), where a deeper request does not exist.
    package var isWhole: Bool {
        switch self {
        case .complete: true
        case .newest(let count, _), .unordered(let count): count >= Self.catalogCeiling
        case .added: false
        }
    }

    /// The collections a cut answer held; nil for a complete one.
    package var cutCount: Int? {
        switch self {
        case .complete: nil
        case .newest(let count, _), .unordered(let count): count
        case .added: nil
        }
    }

    /// The most collections one iTunes lookup lists for an artist.
    package static let catalogCeiling = 200
}
