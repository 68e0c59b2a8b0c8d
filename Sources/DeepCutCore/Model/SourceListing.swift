/// One catalog in one storefront, as the config's `catalogs` list names it: the unit a sweep asks,
/// with its own rate budget, identity cache, memory, learned traits and health.
package struct CatalogSource: Sendable, Hashable, Codable, Comparable {
    /// The state's key for this source: the provider's name for a config with one catalog (so
    /// state written before several sources existed stays this source's), else `provider:storefront`
    /// (`itunes:jp`) or the provider alone for a catalog without storefronts (`musicbrainz`).
    package var key: String
    /// The config's provider string: `itunes`, `apple-music`, `musicbrainz`.
    package var provider: String
    /// The storefront (ISO 3166-1 alpha-2, lower case); nil for MusicBrainz, which has none.
    package var storefront: String?

    package init(key: String, provider: String, storefront: String?) {
        self.key = key
        self.provider = provider
        self.storefront = storefront
    }

    /// True for MusicBrainz, the source "not in MusicBrainz yet" is about.
    package var isMusicBrainz: Bool { provider == "musicbrainz" }

    package static func < (lhs: CatalogSource, rhs: CatalogSource) -> Bool { lhs.key < rhs.key }
}

/// Where one release can be heard: one source that lists it, with that source's id, link and date.
/// A feed entry merged from several sources carries one listing per source (`FeedEntry.availability`).
package struct SourceListing: Sendable, Hashable, Codable {
    /// `CatalogSource.key` of the source that lists the release.
    package var source: String
    package var provider: String
    package var storefront: String?
    /// That source's id for the release (iTunes collectionId, Apple Music album id, MusicBrainz release-group MBID).
    package var id: String
    package var url: String?
    /// The earliest date that source gives the release; nil when it gives none.
    package var releaseDate: ReleaseDate?

    package init(source: CatalogSource, id: String, url: String?, releaseDate: ReleaseDate?) {
        self.source = source.key
        self.provider = source.provider
        self.storefront = source.storefront
        self.id = id
        self.url = url
        self.releaseDate = releaseDate
    }
}

/// An id that names the same release in another catalog, read from the catalog's own answer:
/// a MusicBrainz url-relationship to an Apple Music or iTunes album page, an Apple album id seen
/// from a MusicBrainz release. iTunes and Apple Music share album ids, so both are `.apple`.
package struct ReleaseLink: Sendable, Hashable, Codable {
    package enum Namespace: String, Sendable, Hashable, Codable, CaseIterable {
        /// An iTunes collectionId, which is also the Apple Music album id.
        case apple
        /// A MusicBrainz release-group MBID.
        case musicbrainzReleaseGroup = "musicbrainz-release-group"
        /// A MusicBrainz release MBID.
        case musicbrainzRelease = "musicbrainz-release"
    }

    package var namespace: Namespace
    package var id: String

    package init(_ namespace: Namespace, _ id: String) {
        self.namespace = namespace
        self.id = id
    }
}
