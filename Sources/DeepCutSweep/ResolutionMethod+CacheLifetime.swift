import DeepCutCore
import Foundation

extension ResolutionMethod {
    /// How long a cached resolution is trusted before the artist is searched again.
    ///
    /// A found artist keeps its id for 90 days: catalog ids are stable, and re-searching costs
    /// a request per artist. "Not found" and "ambiguous" are retried after 7 days: a new artist
    /// reaches the catalog, and a new purchase can tell namesakes apart. Overrides and library ids
    /// come from the config and the library on every run and are never cached.
    var cacheLifetime: TimeInterval {
        switch self {
        case .exact, .owned, .first: 90 * 86_400
        case .ambiguous, .notFound: 7 * 86_400
        case .override, .library: 0
        }
    }

    /// `cacheLifetime` spread per artist over its last quarter (75–100 %), deterministically from
    /// the artist key: resolutions cached in one run never all expire in one later run, so an old
    /// install never re-searches its whole library at once (and never meets a catalog fault with
    /// every artist at once).
    func cacheLifetime(artistKey: String) -> TimeInterval {
        cacheLifetime * (0.75 + 0.25 * Self.unitSpread(artistKey))
    }

    /// A stable number in `0..<1` for a key: FNV-1a, then SplitMix64's finaliser so keys that differ
    /// in their last byte land far apart (Swift's `Hasher` is seeded per process).
    package static func unitSpread(_ key: String) -> Double {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        hash = (hash ^ (hash >> 30)) &* 0xbf58_476d_1ce4_e5b9
        hash = (hash ^ (hash >> 27)) &* 0x94d0_49bb_1331_11eb
        hash ^= hash >> 31
        return Double(hash >> 11) / Double(UInt64(1) << 53)
    }
}
