import DeepCutCore

/// One artist a catalog's search returned: its id and its spelling of the name.
struct CatalogArtist: Sendable, Hashable {
    var id: String
    var name: String

    /// The artist a library name means among search hits: an exact normalised-name match wins over the
    /// catalog's ranking (a search may rank a namesake first); no hits at all is a definite `.notFound`.
    static func resolution(of name: String, among hits: [CatalogArtist]) -> ArtistResolution {
        let wanted = ArtistName.normalize(name)
        guard let artist = hits.first(where: { ArtistName.normalize($0.name) == wanted }) ?? hits.first else {
            return .notFound
        }
        return .found(id: artist.id, name: artist.name)
    }
}
