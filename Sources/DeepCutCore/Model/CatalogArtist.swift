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

/// How a library artist name was tied to a catalog artist. Raw values are stored in the resolution
/// cache and shown in the health report.
package enum ResolutionMethod: String, Codable, Sendable, CaseIterable {
    /// The only catalog artist whose normalised name equals the library's.
    case exact
    /// Several catalog artists share the name; the one listing an album the user owns was taken.
    case owned
    /// No catalog artist has exactly the name; the catalog's first hit was taken.
    case first
    /// Several catalog artists share the name and none lists an album the user owns: the catalog's
    /// first was taken, and may be the wrong one. Operators see these in the health report.
    case ambiguous
    /// `artistOverrides` in the config pins the name to an id.
    case override
    /// The library itself names the catalog artist (beets' `mb_albumartistid`, an Apple Music
    /// library album's catalog artist): no search, and it wins over any search.
    case library
    /// The catalog has no artist by that name.
    case notFound
    /// Another storefront of the same catalog found the artist in this run, by its exact name or an
    /// owned album: an Apple artist id is one in every storefront, as album ids are. This storefront's
    /// own listing of the id confirms it; one it does not list is searched here by name.
    case storefront
}
