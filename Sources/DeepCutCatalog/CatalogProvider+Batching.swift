import DeepCutCore

extension CatalogProvider {
    var releaseBatchLimit: Int { 1 }

    func trackList(ofRelease id: String) async -> Result<TrackList, FetchFailure>? { nil }

    func releases(ofEach artists: [CatalogArtist]) async -> [String: Result<[Release], FetchFailure>] {
        await releasesOneByOne(artists)
    }

    func listings(ofEach artists: [CatalogArtist]) async -> [String: Result<ArtistListing, FetchFailure>] {
        await releases(ofEach: artists).mapValues { $0.map { ArtistListing(releases: $0) } }
    }

    /// One `releases(ofArtistID:named:)` call per artist, in order: the unbatched form, and the
    /// fallback a batching provider uses for artists a batch could not answer for.
    func releasesOneByOne(_ artists: [CatalogArtist]) async -> [String: Result<[Release], FetchFailure>] {
        var results: [String: Result<[Release], FetchFailure>] = [:]
        for artist in artists {
            results[artist.id] = await releases(ofArtistID: artist.id, named: artist.name)
        }
        return results
    }
}
