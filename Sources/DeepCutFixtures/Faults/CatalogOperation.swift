/// What a catalog request asks for, in every API's terms: find an artist, or list an artist's releases.
enum CatalogOperation: Sendable, Hashable {
    case search
    case lookup
}
