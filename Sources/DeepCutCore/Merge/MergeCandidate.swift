/// One source's feed entry (or a release it left out as owned or dismissed), with the evidence the
/// merge reads to tell whether another source's entry is the same release.
package struct MergeCandidate: Sendable, Hashable {
    /// The source that listed it, and its place in the config's order (0 = the home source).
    package var source: CatalogSource
    package var order: Int
    /// The entry as that source's diff built it (for a left-out release: built from the release).
    package var entry: FeedEntry
    package var barcode: String?
    package var links: [ReleaseLink]
    package var trackCount: Int?
    /// Set when the source's diff left the release out because the user owns or dismissed it:
    /// the merged entry it belongs to is left out too.
    package var droppedAs: DropReason?

    package init(
        source: CatalogSource, order: Int, entry: FeedEntry, barcode: String? = nil, links: [ReleaseLink] = [],
        trackCount: Int? = nil, droppedAs: DropReason? = nil
    ) {
        self.source = source
        self.order = order
        self.entry = entry
        self.barcode = barcode
        self.links = links
        self.trackCount = trackCount
        self.droppedAs = droppedAs
    }

    /// True for iTunes and Apple Music, whose album ids name one catalog across storefronts.
    package var isAppleStore: Bool { source.provider == "itunes" || source.provider == "apple-music" }

    /// The ids this candidate is known by, its own and those it links to.
    var names: Set<ReleaseLink> {
        var names = Set(links)
        if isAppleStore { names.insert(ReleaseLink(.apple, entry.id)) }
        if source.isMusicBrainz { names.insert(ReleaseLink(.musicbrainzReleaseGroup, entry.id)) }
        return names
    }

    /// The (source, release id) pair the entry-id table remembers.
    package var listingKey: ListingKey { ListingKey(source: source.key, releaseID: entry.id) }
}

/// One source's release id: the key of the remembered merged-entry ids (`EntryIDs`).
package struct ListingKey: Sendable, Hashable, Comparable {
    package var source: String
    package var releaseID: String

    package init(source: String, releaseID: String) {
        self.source = source
        self.releaseID = releaseID
    }

    package static func < (lhs: ListingKey, rhs: ListingKey) -> Bool {
        (lhs.source, lhs.releaseID) < (rhs.source, rhs.releaseID)
    }
}
