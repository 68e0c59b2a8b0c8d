/// The iTunes response shape, decoded strictly: numeric ids must be JSON numbers or decoding fails.
struct ITunesTestResponse: Decodable {
    let resultCount: Int
    let results: [ITunesTestResult]

    var collections: [ITunesTestResult] { results.filter { $0.wrapperType == "collection" } }
    var artists: [ITunesTestResult] { results.filter { $0.wrapperType == "artist" } }
}

struct ITunesTestResult: Decodable {
    let wrapperType: String
    let artistType: String?
    let artistId: Int
    let artistName: String
    let artistLinkUrl: String?
    let primaryGenreName: String?
    let collectionType: String?
    let collectionId: Int?
    let collectionName: String?
    let collectionCensoredName: String?
    let artistViewUrl: String?
    let collectionViewUrl: String?
    let artworkUrl60: String?
    let artworkUrl100: String?
    let collectionExplicitness: String?
    let trackCount: Int?
    let country: String?
    let currency: String?
    let releaseDate: String?
}
