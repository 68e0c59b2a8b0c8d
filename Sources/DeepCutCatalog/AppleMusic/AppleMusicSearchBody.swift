import DeepCutCore
package 
/// A catalog search answer, `GET /v1/catalog/{storefront}/search?types=artists`:
/// `{"results": {"artists": {"href", "next"?, "data": [...]}}, "meta": …}`.
/// Without a hit Apple omits `artists` (`"results": {}`), which is a definite "no such artist".
struct AppleMusicSearchBody: Decodable, Sendable {
    struct Results: Decodable, Sendable {
        var artists: ArtistList?
    }

    struct ArtistList: Decodable, Sendable {
        var data: [Artist]
    }

    struct Artist: Decodable, Sendable {
        var id: String
        var attributes: Attributes
    }

    struct Attributes: Decodable, Sendable {
        var name: String
    }

    var results: Results

    /// The artist hits in the catalog's order.
    var artists: [CatalogArtist] {
        (results.artists?.data ?? []).map { CatalogArtist(id: $0.id, name: $0.attributes.name) }
    }
}
