import DeepCutCore
import Foundation

/// One cached answer to "which catalog artist is this library name?".
struct ArtistResolutionRecord: Sendable, Hashable {
    /// `ArtistName.normalize` of the library's name.
    var artistKey: String
    /// The catalog artist; nil exactly when `method` is `.notFound`.
    var artist: CatalogArtist?
    var method: ResolutionMethod
    var resolvedAt: Date
}
