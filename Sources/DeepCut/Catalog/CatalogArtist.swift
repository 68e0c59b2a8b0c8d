/// One artist as a catalog lists it. Ids are strings so every catalog's fit.
struct CatalogArtist: Sendable, Hashable {
    var id: String
    /// The catalog's spelling, credited on releases whose rows name no artist.
    var name: String
}
