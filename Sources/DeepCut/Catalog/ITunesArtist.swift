/// One `wrapperType: "artist"` row of an iTunes search.
struct ITunesArtist: Sendable, Hashable {
    var id: String
    var name: String
}
