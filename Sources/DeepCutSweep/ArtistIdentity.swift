import DeepCutCore

/// Which catalog artist a library artist is, and how that was decided.
struct ArtistIdentity: Sendable, Hashable {
    /// nil when the catalog has no such artist (`method` is `.notFound`).
    var artist: CatalogArtist?
    var method: ResolutionMethod
}
