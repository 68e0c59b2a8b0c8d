import DeepCutCore
import DeepCutHTTP
import Foundation

/// A behaviour `deepcut probe` checks on the configured catalog, in the order it reports them.
package enum ProbeBehaviour: String, Sendable, CaseIterable, Codable {
    /// `sort=recent` lists an artist's collections newest first (iTunes; undocumented for albums).
    case sortRecent
    /// How `limit` counts in a lookup of several ids (iTunes; undocumented for `id=` lists).
    case lookupLimit
    /// The largest page the catalog answered whole.
    case largestPage
    /// The storefront the answers come from.
    case storefront
    /// How the configured pace compares with what the catalog allows.
    case rateLimit
    /// When the catalog's credentials stop working.
    case tokenExpiry
}

/// What the probe found about one behaviour.
package struct ProbeFinding: Sendable, Hashable, Codable {
    package var behaviour: ProbeBehaviour
    /// The reading, e.g. `honoured`, `ignored`, `perArtist`, `100`, `us`; `unknown` when the answers
    /// did not tell, `n/a` when the catalog has no such behaviour.
    package var reading: String
    /// True when the behaviour the sweep hopes for holds, false when it does not (the sweep then
    /// falls back), nil when it does not apply or the answers did not tell.
    package var holds: Bool?
    /// One line saying what the answers showed.
    package var detail: String

    package init(_ behaviour: ProbeBehaviour, reading: String, holds: Bool?, detail: String) {
        self.behaviour = behaviour
        self.reading = reading
        self.holds = holds
        self.detail = detail
    }

    static func notApplicable(_ behaviour: ProbeBehaviour, _ detail: String) -> Self {
        Self(behaviour, reading: "n/a", holds: nil, detail: detail)
    }
}

/// A catalog `deepcut probe` can question: a handful of polite requests (through the provider's own
/// requester, so its rate limiter and retries apply) about artists it already knows.
package protocol ProbingCatalog: CatalogProvider {
    /// The findings this catalog's answers can show, about `artists` (known catalog artists, the
    /// longest listings first); rate limit and token rows are the caller's.
    func probe(_ artists: [CatalogArtist]) async -> [ProbeFinding]
}

extension CatalogProvider {
    /// The probe this provider supports, if any.
    package var probing: (any ProbingCatalog)? { self as? any ProbingCatalog }
}

/// How a probe's failed request reads in a finding.
extension FetchFailure {
    var probeDetail: String { "the request failed (\(kind.rawValue)): \(message)" }
}
