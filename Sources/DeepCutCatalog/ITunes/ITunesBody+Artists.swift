import DeepCutCore
import DeepCutHTTP

extension ITunesBody {
    /// The artist rows of a `search?entity=musicArtist` answer, in the catalog's order.
    func artists() throws(BodyDecodingError) -> [CatalogArtist] {
        var artists: [CatalogArtist] = []
        for (index, row) in results.enumerated() where row.wrapperType == "artist" {
            artists.append(try Self.artist(row, index: index))
        }
        return artists
    }

    static func artist(_ row: Row, index: Int) throws(BodyDecodingError) -> CatalogArtist {
        guard let id = row.artistId else { throw BodyDecodingError("results[\(index)].artistId is missing") }
        guard let name = row.artistName else { throw BodyDecodingError("results[\(index)].artistName is missing") }
        return CatalogArtist(id: String(id), name: name)
    }
}
