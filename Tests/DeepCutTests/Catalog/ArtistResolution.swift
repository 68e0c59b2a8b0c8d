@testable import DeepCut
@testable import DeepCutCatalog
import DeepCutCore
@testable import DeepCutSweep

/// What a provider's search resolves a library name to, as the sweep's resolver decides it:
/// lets provider tests check search decoding and the exact-name rule in one assertion.
enum ArtistResolution: Equatable {
    case found(id: String, name: String)
    case notFound
    case failed(FetchFailure)
}

extension CatalogProvider {
    func resolveArtist(named name: String) async -> ArtistResolution {
        switch await ArtistResolver(provider: self, ownedKeys: []).resolve(name) {
        case .found(let artist, _, _): .found(id: artist.id, name: artist.name)
        case .notFound: .notFound
        case .failed(let failure): .failed(failure)
        }
    }
}

extension CatalogArtist {
    /// The exact normalised-name match among hits, else the first; none is `.notFound`.
    static func resolution(of name: String, among hits: [CatalogArtist]) -> ArtistResolution {
        let wanted = ArtistName.normalize(name)
        guard let artist = hits.first(where: { ArtistName.normalize($0.name) == wanted }) ?? hits.first else { return .notFound }
        return .found(id: artist.id, name: artist.name)
    }
}
