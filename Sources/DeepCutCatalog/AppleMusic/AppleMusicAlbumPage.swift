/// One page of an artist's albums, `GET /v1/catalog/{storefront}/artists/{id}/albums`:
/// `{"next": "/v1/…?offset=25", "data": [{"id", "type": "albums", "attributes": {…}}]}`.
///
/// Fields the feed needs are typed strictly (a wrong type fails the page); everything the mapping can
/// do without is optional, since Apple omits keys freely (`contentRating`, `url` on library albums).
struct AppleMusicAlbumPage: Decodable, Sendable {
    struct Album: Decodable, Sendable {
        var id: String
        var attributes: Attributes
    }

    struct Attributes: Decodable, Sendable {
        var name: String
        var artistName: String?
        /// `YYYY`, `YYYY-MM` or `YYYY-MM-DD`.
        var releaseDate: String?
        var isCompilation: Bool?
        /// `explicit`, `clean`, or absent.
        var contentRating: String?
        var artwork: Artwork?
        var url: String?
        var trackCount: Int?
    }

    struct Artwork: Decodable, Sendable {
        /// A template: `…/{w}x{h}bb.jpg`.
        var url: String
    }

    var data: [Album]
    /// The next page as a path relative to the API root; absent on the last page.
    var next: String?
}
