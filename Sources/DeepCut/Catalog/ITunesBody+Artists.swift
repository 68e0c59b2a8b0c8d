extension ITunesBody {
    /// The artist rows of a `search?entity=musicArtist` answer, in the catalog's order.
    func artists() throws(BodyDecodingError) -> [ITunesArtist] {
        var artists: [ITunesArtist] = []
        for (index, row) in results.enumerated() where row.wrapperType == "artist" {
            guard let id = row.artistId else { throw BodyDecodingError("results[\(index)].artistId is missing") }
            guard let name = row.artistName else { throw BodyDecodingError("results[\(index)].artistName is missing") }
            artists.append(ITunesArtist(id: String(id), name: name))
        }
        return artists
    }
}
