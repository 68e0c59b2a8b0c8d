import DeepCutCatalog
import DeepCutCore

/// What resolving one library artist name found.
enum ResolvedArtist: Sendable {
    /// The catalog artist and how it was chosen. `releases` is set when telling namesakes apart
    /// already fetched them, so they are not fetched twice.
    case found(CatalogArtist, ResolutionMethod, releases: Result<ArtistListing, FetchFailure>?)
    case notFound
    /// The search (or a namesake's releases) failed: no answer, and nothing to cache.
    case failed(FetchFailure)
}
