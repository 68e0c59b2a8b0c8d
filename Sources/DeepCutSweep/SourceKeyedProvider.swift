import DeepCutCatalog
import DeepCutCore

/// A catalog provider answering under its source's key (`itunes:jp`): every state table the sweep
/// writes (identity cache, memory, track lists) is keyed by the provider's name, so two storefronts
/// of one provider keep apart what each learned. Everything else is the provider's own.
struct SourceKeyedProvider: CatalogProvider {
    let base: any CatalogProvider
    let name: String

    /// `provider` itself when its name already is the key (the home source), else wrapped.
    static func keyed(_ provider: any CatalogProvider, as key: String) -> any CatalogProvider {
        provider.name == key ? provider : SourceKeyedProvider(base: provider, name: key)
    }

    var releaseBatchLimit: Int { base.releaseBatchLimit }

    func searchArtists(named name: String) async -> Result<[CatalogArtist], FetchFailure> {
        await base.searchArtists(named: name)
    }

    func releases(ofArtistID id: String, named name: String) async -> Result<[Release], FetchFailure> {
        await base.releases(ofArtistID: id, named: name)
    }

    func releases(ofEach artists: [CatalogArtist]) async -> [String: Result<[Release], FetchFailure>] {
        await base.releases(ofEach: artists)
    }

    func listings(ofEach artists: [CatalogArtist]) async -> [String: Result<ArtistListing, FetchFailure>] {
        await base.listings(ofEach: artists)
    }

    func trackList(ofRelease id: String) async -> Result<TrackList, FetchFailure>? {
        await base.trackList(ofRelease: id)
    }
}
