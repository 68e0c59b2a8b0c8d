import DeepCutCore

/// One entry of the config's catalogs: the catalog's settings and the source it is in the state.
package struct ConfiguredSource: Sendable, Hashable {
    package var source: CatalogSource
    package var catalog: CatalogConfig

    package init(source: CatalogSource, catalog: CatalogConfig) {
        self.source = source
        self.catalog = catalog
    }

    /// The source `catalog` is at `index` of the config's catalogs. The first (home) source keys as its
    /// provider's name, as a one-catalog config always did, so moving from `catalog` to `catalogs`
    /// keeps the identity cache, memory, traits and feed stamps; the others as `provider:storefront`,
    /// MusicBrainz (no storefront) as `musicbrainz`.
    package init(_ catalog: CatalogConfig, at index: Int) {
        let provider = catalog.provider.rawValue
        let storefront = catalog.storefrontCode
        let key = index == 0 ? provider : storefront.map { "\(provider):\($0)" } ?? provider
        self.init(source: CatalogSource(key: key, provider: provider, storefront: storefront), catalog: catalog)
    }

    /// True for iTunes and Apple Music, which sell in storefronts (`feed.playableIn`).
    package var isStore: Bool { catalog.provider != .musicbrainz }
}

extension CatalogConfig {
    /// The storefront a store catalog answers for: `storefront` if given, else `country`; nil for
    /// MusicBrainz, which has none.
    package var storefrontCode: String? {
        provider == .musicbrainz ? nil : storefront ?? country
    }
}
