import DeepCutCore
import DeepCutTestKit

@testable import DeepCutCatalog

extension CatalogArtist {
    /// The exact normalised-name match among hits, else the first; none is `.notFound`.
    static func resolution(of name: String, among hits: [CatalogArtist]) -> ArtistResolution {
        let wanted = ArtistName.normalize(name)
        guard let artist = hits.first(where: { ArtistName.normalize($0.name) == wanted }) ?? hits.first else { return .notFound }
        return .found(id: artist.id, name: artist.name)
    }
}
