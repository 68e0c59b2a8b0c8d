import DeepCutCore
package 
/// An artist search answer, `GET /ws/2/artist?query=…&fmt=json`: `{"count", "offset", "artists": [...]}`,
/// best score first. `disambiguation` is absent (not empty) when there is none, so it is not read.
struct MusicBrainzArtistSearchBody: Decodable, Sendable {
    struct Artist: Decodable, Sendable {
        /// The MBID.
        var id: String
        var name: String
    }

    var artists: [Artist]

    var hits: [CatalogArtist] {
        artists.map { CatalogArtist(id: $0.id, name: $0.name) }
    }
}
