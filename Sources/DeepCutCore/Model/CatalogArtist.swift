/// One artist as a catalog lists it. Ids are strings so every catalog's fit.
package struct CatalogArtist: Sendable, Hashable {
    package var id: String
    /// The catalog's spelling, credited on releases whose rows name no artist.
    package var name: String

    package init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}
