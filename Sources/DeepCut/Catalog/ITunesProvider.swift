import Foundation
import DeepCutCore

/// The iTunes Search API: no key, about 20 requests a minute, two calls per artist.
struct ITunesProvider: CatalogProvider {
    /// The lookup's documented ceiling; there is no paging beyond it.
    static let lookupLimit = 200

    let name = "itunes"
    let baseURL: URL
    /// Two-letter storefront country, e.g. `us`.
    let country: String
    let requester: CatalogRequester

    init(baseURL: URL, country: String, requester: CatalogRequester) {
        self.baseURL = baseURL
        self.country = country
        self.requester = requester
    }

    /// `search?entity=musicArtist`: an exact match of the normalised name wins over the catalog's
    /// first hit (a search may rank a namesake first); no hits at all is a definite `.notFound`.
    func resolveArtist(named name: String) async -> ArtistResolution {
        let url = baseURL.appending(path: "search", query: ["term": name, "entity": "musicArtist",
                                                            "country": country, "limit": "10"])
        let result = await requester.get(url) { body throws(BodyDecodingError) in try ITunesBody.decode(body).artists() }
        switch result {
        case .failure(let failure):
            return .failed(failure)
        case .success(let artists):
            let wanted = ArtistName.normalize(name)
            guard let artist = artists.first(where: { ArtistName.normalize($0.name) == wanted }) ?? artists.first else {
                return .notFound
            }
            return .found(id: artist.id, name: artist.name)
        }
    }

    /// `lookup?id=…&entity=album`: the artist's collections, including collaborations credited to others.
    func releases(ofArtistID id: String, named name: String) async -> Result<[Release], FetchFailure> {
        let url = baseURL.appending(path: "lookup", query: ["id": id, "entity": "album",
                                                            "limit": String(Self.lookupLimit), "country": country])
        return await requester.get(url) { body throws(BodyDecodingError) in
            try ITunesBody.decode(body).releases(creditedTo: name)
        }
    }
}
