import DeepCutCatalog
import DeepCutCore

/// One unit of sweep work: find one artist, or fetch the releases of up to a batch of identified artists.
enum SweepJob: Sendable {
    case resolve(index: Int, name: String)
    case fetch([SweepJob.Member])

    /// An identified artist and its place in the library's order.
    struct Member: Sendable {
        var index: Int
        var artist: CatalogArtist
    }

    /// What a job brought back, with the job's own details.
    enum Answer: Sendable {
        case resolved(index: Int, name: String, ResolvedArtist)
        case fetched([Member], [String: Result<ArtistListing, FetchFailure>])
    }
}
