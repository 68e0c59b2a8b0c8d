import DeepCutCore
import Synchronization

/// How the storefronts of one catalog share the artist searches of a run (`catalogs` listing, say,
/// iTunes us and jp).
///
/// An Apple artist id is one in every storefront, as album ids are (`ReleaseMerge`), so an artist
/// needs one search, not one per storefront. Each storefront starts its searches at its own share
/// of the library (the second of two at the middle) and posts what it finds by the artist's exact
/// name or an owned album (`StorefrontIdentities`); when it reaches an artist another storefront has
/// found already, it takes that id (`ResolutionMethod.storefront`) and only looks it up. The answer
/// confirms it: an id this storefront does not list is searched here by name in the same run
/// (`CatalogSweep.believe`), so a storefront missing an artist costs a search, never an answer.
/// Nothing waits on another storefront: an artist not found yet is searched as before.
package struct StorefrontSharing: Sendable {
    package let identities: StorefrontIdentities
    /// This storefront's place among the storefronts of its catalog, and how many there are.
    package let position: Int
    package let storefronts: Int

    package init(identities: StorefrontIdentities, position: Int, storefronts: Int) {
        self.identities = identities
        self.position = position
        self.storefronts = max(1, storefronts)
    }

    /// Where in `count` library artists this storefront's searches start.
    func searchStart(of count: Int) -> Int {
        count * min(position, storefronts - 1) / storefronts
    }

    /// The sharing of every source that has another storefront of its catalog, by source key.
    package static func plan(_ sources: [(key: String, catalog: String)]) -> [String: StorefrontSharing] {
        var plans: [String: StorefrontSharing] = [:]
        for (_, group) in Dictionary(grouping: sources, by: \.catalog) where group.count > 1 {
            let identities = StorefrontIdentities()
            for (position, source) in group.enumerated() {
                plans[source.key] = StorefrontSharing(identities: identities, position: position, storefronts: group.count)
            }
        }
        return plans
    }
}

/// The artists the storefronts of one catalog found in this run, by `ArtistName.normalize`d name.
package final class StorefrontIdentities: Sendable {
    private let found = Mutex<[String: CatalogArtist]>([:])

    package init() {}

    /// Only a choice the name or the library made is shared: a first hit or an ambiguous namesake
    /// is a guess each storefront makes for itself.
    static let shared: Set<ResolutionMethod> = [.exact, .owned]

    func post(_ artist: CatalogArtist, named name: String, method: ResolutionMethod) {
        guard Self.shared.contains(method) else { return }
        let key = ArtistName.normalize(name)
        found.withLock { $0[key] = artist }
    }

    func artist(named name: String) -> CatalogArtist? {
        let key = ArtistName.normalize(name)
        return found.withLock { $0[key] }
    }
}

extension ArtistResult {
    /// An id another storefront found that this one does not list: searched here by name before the
    /// run ends (`CatalogSweep.believe`), so not a failure, and not logged as one.
    package var isStorefrontMiss: Bool {
        guard resolution == .storefront, case .failed(let failure) = outcome else { return false }
        return failure.kind == .decoding || failure.saysArtistVanished
    }
}
