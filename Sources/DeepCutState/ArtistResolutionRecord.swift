import DeepCutCore
import Foundation

/// One cached answer to "which catalog artist is this library name?".
package struct ArtistResolutionRecord: Sendable, Hashable {
    /// `ArtistName.normalize` of the library's name.
    package var artistKey: String
    /// The catalog artist; nil exactly when `method` is `.notFound`.
    package var artist: CatalogArtist?
    package var method: ResolutionMethod
    package var resolvedAt: Date

    package init(artistKey: String, artist: CatalogArtist? = nil, method: ResolutionMethod, resolvedAt: Date) {
        self.artistKey = artistKey
        self.artist = artist
        self.method = method
        self.resolvedAt = resolvedAt
    }
}
