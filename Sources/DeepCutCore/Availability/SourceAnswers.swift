/// Which sources gave a definite answer in a run, and for whom: what the availability rules need
/// to tell "this storefront does not list it" from "this storefront was not asked".
package struct SourceAnswers: Sendable, Hashable {
    /// Sources whose sweep answered (complete or partial); a failed or unreachable source is left out.
    package var sources: [CatalogSource]
    /// For a partial source: the artists (as `ArtistName.normalize` gives them) it could not answer for.
    package var unansweredArtists: [String: Set<String>]

    package init(sources: [CatalogSource] = [], unansweredArtists: [String: Set<String>] = [:]) {
        self.sources = sources
        self.unansweredArtists = unansweredArtists
    }

    /// No source answered: every rule says nothing.
    package static let none = SourceAnswers()

    /// The sources that answered for this entry's artist in this run. A stale entry's artist was
    /// checked by none of them: the rules then tell nothing they could not know.
    package func answered(for entry: FeedEntry) -> [CatalogSource] {
        guard !entry.isStale else { return [] }
        let artist = ArtistName.normalize(entry.artist)
        return sources.filter { !(unansweredArtists[$0.key]?.contains(artist) ?? false) }
    }
}
