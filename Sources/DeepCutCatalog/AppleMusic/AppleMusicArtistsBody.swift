/// `GET /v1/catalog/{storefront}/artists?ids=…&include=albums`: the artists, each with the first page
/// of its albums as the `albums` relationship (`{"href", "next", "data"}`, an album page's shape).
struct AppleMusicArtistsBody: Decodable, Sendable {
    struct Artist: Decodable, Sendable {
        var id: String
        var relationships: Relationships?
    }

    struct Relationships: Decodable, Sendable {
        var albums: AppleMusicAlbumPage?
    }

    var data: [Artist]
}
