import Foundation

/// An artist that came from listening history or a followed list (`artistSources`), and where it
/// stands: pending until the user accepts it (or `autoAcceptPlays` does), or rejected for good.
package struct ListenedArtist: Sendable, Hashable {
    package enum Status: String, Sendable, Hashable, CaseIterable {
        case pending
        case accepted
        case rejected
    }

    /// The spelling first seen (or the one the user typed in `accept`/`reject`).
    package var name: String
    package var status: Status
    /// The most plays any source's last good import counted; nil when only followed lists name it.
    package var plays: Int?
    /// The sources whose last good import names it (`lastfm:rj`), in name order.
    package var sources: [String]
    /// Seconds since 1970, as the store keeps times.
    package var firstSeenAt: Double
    /// When it was accepted or rejected; nil while pending.
    package var decidedAt: Double?
    /// `user`, `autoAcceptPlays` or `import` (a rejection from a dismissals file); nil while pending.
    package var decidedBy: String?

    package init(
        name: String, status: Status, plays: Int? = nil, sources: [String] = [], firstSeenAt: Double, decidedAt: Double? = nil,
        decidedBy: String? = nil
    ) {
        self.name = name
        self.status = status
        self.plays = plays
        self.sources = sources
        self.firstSeenAt = firstSeenAt
        self.decidedAt = decidedAt
        self.decidedBy = decidedBy
    }

    /// The key the store and every comparison use.
    package var artistKey: String { ArtistName.normalize(name) }
}
