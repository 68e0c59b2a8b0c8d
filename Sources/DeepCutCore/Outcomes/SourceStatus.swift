/// How one configured source fared in a several-catalogs run: the snapshot's and the health
/// report's `sources` arrays, one per source in config order.
package struct SourceStatus: Sendable, Hashable, Codable {
    package enum State: String, Sendable, Hashable, Codable {
        /// Every artist got a definite answer from this source.
        case complete
        /// Some artists could not be checked here: their listings are carried from memory (stale).
        case partial
        /// No artist got a definite answer here (or its credentials were refused).
        case failed
        /// Its circuit breaker opened: the catalog could not be reached.
        case unreachable
    }

    package var key: String
    package var provider: String
    package var storefront: String?
    package var status: State
    package var artists: ArtistCounts
    package var requests: Int
    /// Feed entries this source lists (stale listings included).
    package var listed: Int
    /// Why it failed, when it did (a refused credential, the unreachable host).
    package var message: String?
    /// Library artists this source gave no definite answer for this run (their listings here are
    /// carried, stale); nil when it answered for every artist. What "not in MusicBrainz yet" needs:
    /// MusicBrainz answered for the artist and does not list the release.
    package var incompleteArtists: [String]?

    package init(
        source: CatalogSource, status: State, artists: ArtistCounts, requests: Int, listed: Int = 0, message: String? = nil
    ) {
        self.key = source.key
        self.provider = source.provider
        self.storefront = source.storefront
        self.status = status
        self.artists = artists
        self.requests = requests
        self.listed = listed
        self.message = message
    }

    /// True when this source left something unchecked: the run is then partial.
    package var isIncomplete: Bool { status != .complete }
}
