import DeepCutCatalog
import DeepCutCore

extension Dictionary where Key == String, Value == Result<[Release], FetchFailure> {
    /// The answer `releases(ofEach:)` gave for `artist`. A provider that left an artist out broke
    /// its contract; that is a failure for the artist, never an empty release list.
    func answer(for artist: CatalogArtist) -> Value {
        self[artist.id] ?? .failure(FetchFailure(kind: .decoding, attempts: 0,
                                                 message: "the catalog's answer left out artist id \(artist.id)"))
    }
}

extension Dictionary where Key == String, Value == Result<ArtistListing, FetchFailure> {
    /// The listing `listings(ofEach:)` gave for `artist`; left out is a failure, as above.
    func answer(for artist: CatalogArtist) -> Value {
        self[artist.id] ?? .failure(FetchFailure(kind: .decoding, attempts: 0,
                                                 message: "the catalog's answer left out artist id \(artist.id)"))
    }
}
