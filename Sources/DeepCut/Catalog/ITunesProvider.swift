import Foundation
import DeepCutCore

/// The iTunes Search API: no key, about 20 requests a minute; one search per new artist, and one
/// lookup for up to `batchSize` known artists.
struct ITunesProvider: CatalogProvider {
    /// The lookup's documented ceiling; there is no paging beyond it.
    static let lookupLimit = 200
    /// Artists per batched lookup. Small enough that most batches stay under `lookupLimit`
    /// collections (a cut answer costs single lookups for the artists it may have cut).
    static let defaultBatchSize = 10

    let name = "itunes"
    let baseURL: URL
    /// Two-letter storefront country, e.g. `us`.
    let country: String
    let requester: CatalogRequester
    /// Artist ids per lookup; 1 turns batching off.
    let batchSize: Int

    init(baseURL: URL, country: String, requester: CatalogRequester, batchSize: Int = defaultBatchSize) {
        self.baseURL = baseURL
        self.country = country
        self.requester = requester
        self.batchSize = max(1, batchSize)
    }

    var releaseBatchLimit: Int { batchSize }

    /// `search?entity=musicArtist`: the artist rows, in the catalog's order.
    func searchArtists(named name: String) async -> Result<[CatalogArtist], FetchFailure> {
        let url = baseURL.appending(path: "search", query: ["term": name, "entity": "musicArtist",
                                                            "country": country, "limit": "10"])
        return await requester.get(url) { body throws(BodyDecodingError) in try ITunesBody.decode(body).artists() }
    }

    /// `lookup?id=…&entity=album`: the artist's collections, collaborations that credit it included.
    func releases(ofArtistID id: String, named name: String) async -> Result<[Release], FetchFailure> {
        let artist = CatalogArtist(id: id, name: name)
        return await requester.get(lookupURL(ids: [id])) { body throws(BodyDecodingError) in
            try ITunesBody.decode(body).releases(listedUnder: artist)
        }
    }

    /// `lookup?id=A,B,C&entity=album`: one request per `batchSize` artists, then single lookups for
    /// any artist an answer may have cut short (see `ITunesBatchAnswer`). A batch that fails is
    /// asked again one artist at a time, so one bad artist cannot fail its neighbours, except when
    /// the catalog is rate limiting (asking per artist would only make that worse) or the sweep was
    /// cancelled.
    func releases(ofEach artists: [CatalogArtist]) async -> [String: Result<[Release], FetchFailure>] {
        var results: [String: Result<[Release], FetchFailure>] = [:]
        for batch in artists.chunked(into: batchSize) {
            results.merge(await batchLookup(batch)) { _, later in later }
        }
        return results
    }

    private func batchLookup(_ artists: [CatalogArtist]) async -> [String: Result<[Release], FetchFailure>] {
        guard artists.count > 1 else { return await releasesOneByOne(artists) }
        let answer = await requester.get(lookupURL(ids: artists.map(\.id))) { body throws(BodyDecodingError) in
            try ITunesBatchAnswer(ITunesBody.decode(body), requested: artists, limit: Self.lookupLimit)
        }
        switch answer {
        case .success(let answer):
            var results = answer.releases.mapValues { Result<[Release], FetchFailure>.success($0) }
            results.merge(await releasesOneByOne(answer.unsure)) { _, single in single }
            return results
        case .failure(let failure) where failure.kind == .rateLimited || failure.kind == .cancelled:
            return Dictionary(artists.map { ($0.id, .failure(failure)) }, uniquingKeysWith: { first, _ in first })
        case .failure:
            return await releasesOneByOne(artists)
        }
    }

    private func lookupURL(ids: [String]) -> URL {
        baseURL.appending(path: "lookup", query: ["id": ids.joined(separator: ","), "entity": "album",
                                                  "limit": String(Self.lookupLimit), "country": country])
    }
}
