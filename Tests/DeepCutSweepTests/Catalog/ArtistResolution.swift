import DeepCutCore
import DeepCutTestKit

@testable import DeepCutCatalog
@testable import DeepCutSweep

extension CatalogProvider {
    /// What the sweep's resolver makes of this provider's search for `name`.
    func resolveArtist(named name: String) async -> ArtistResolution {
        switch await ArtistResolver(provider: self, ownedKeys: []).resolve(name) {
        case .found(let artist, _, _): .found(id: artist.id, name: artist.name)
        case .notFound: .notFound
        case .failed(let failure): .failed(failure)
        }
    }
}
