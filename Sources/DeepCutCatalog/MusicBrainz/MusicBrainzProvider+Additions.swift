import DeepCutCore
import DeepCutHTTP
import Foundation

/// The warm plan: WS/2 has no newest-first browse and no browse over several artists, so an artist
/// read whole recently is not browsed again; one release-group search asks what up to
/// `searchBatchSize` such artists added: `arid:(A OR B …) AND firstreleasedate:[DATE TO *]`.
extension MusicBrainzProvider {
    /// Artists per search: 50 MBIDs keep the URL near 2.3 KB, well inside common request-line limits.
    static let searchBatchSize = 50
    /// Artists handed to one `listings(ofEach:)` call in a warm sweep: two searches.
    static let warmJobSize = 100
    /// Search pages per batch before the answer is refused (and the batch browsed whole).
    static let maximumSearchPages = 10

    var releaseBatchLimit: Int { addedSince.isEmpty ? 1 : Self.warmJobSize }

    /// Artists of `addedSince` are searched together, the others browsed whole. A search whose answer
    /// fails its check (`MusicBrainzAdditionsAnswer`) or fails outright is followed by the whole
    /// browse of each of its artists in the same run, unless the catalog is rate limiting or the
    /// sweep was cancelled, where more requests would only make things worse.
    func listings(ofEach artists: [CatalogArtist]) async -> [String: Result<ArtistListing, FetchFailure>] {
        var results: [String: Result<ArtistListing, FetchFailure>] = [:]
        let searched = artists.filter { addedSince[$0.id] != nil }
        for artist in artists where addedSince[artist.id] == nil {
            results[artist.id] = await releases(ofArtistID: artist.id, named: artist.name).map { ArtistListing(releases: $0) }
        }
        for batch in searched.chunked(into: Self.searchBatchSize) {
            let since = batch.compactMap { addedSince[$0.id] }.min() ?? ReleaseDate(year: 1)
            switch await additions(of: batch, since: since) {
            case .success(let answer):
                for artist in batch {
                    results[artist.id] = .success(ArtistListing(releases: answer.releases(of: artist), coverage: .added(since: since)))
                }
            case .failure(let failure) where failure.kind == .rateLimited || failure.kind == .cancelled:
                for artist in batch { results[artist.id] = .failure(failure) }
            case .failure:
                for artist in batch {
                    results[artist.id] = await releases(ofArtistID: artist.id, named: artist.name).map { ArtistListing(releases: $0) }
                }
            }
        }
        return results
    }

    /// Every page of the search for what `artists` added since `since`, checked.
    func additions(of artists: [CatalogArtist], since: ReleaseDate) async -> Result<MusicBrainzAdditionsAnswer, FetchFailure> {
        let query = Self.additionsQuery(artistIDs: artists.map(\.id), since: since)
        let asked = Set(artists.map(\.id))
        var answer = MusicBrainzAdditionsAnswer()
        var paging = MusicBrainzPaging(
            endpoint: CatalogRequester.endpoint(baseURL.appending(path: "ws/2/release-group")), noun: "release groups",
            page: "search page", maximumPages: Self.maximumSearchPages)
        for _ in 0..<paging.maximumPages {
            let offset = paging.offset
            let url = baseURL.appending(
                path: "ws/2/release-group",
                query: ["query": query, "limit": String(Self.pageSize), "offset": String(offset), "fmt": "json"])
            let page = await requester.get(url) { body throws(BodyDecodingError) in
                let page = try JSONBody.decode(MusicBrainzAdditionsPage.self, from: body)
                guard page.offset == offset else { throw BodyDecodingError("a page at offset \(page.offset), asked \(offset)") }
                guard page.groups.count <= Self.pageSize else { throw BodyDecodingError("\(page.groups.count) groups on one page") }
                var checked = MusicBrainzAdditionsAnswer()
                try checked.add(page, asked: asked, since: since)
                return (page, checked)
            }
            switch page {
            case .failure(let failure): return .failure(failure)
            case .success(let (page, checked)):
                answer.merge(checked)
                switch paging.turn(listed: page.groups.count, of: page.count) {
                case .complete: return .success(answer)
                case .failed(let failure): return .failure(failure)
                case .more: continue
                }
            }
        }
        return .failure(paging.tooLong)
    }

    /// `arid:(A OR B) AND firstreleasedate:[2026-01-01 TO *]`. MBIDs are UUIDs, which need no
    /// escaping; anything else is quoted as a Lucene phrase.
    static func additionsQuery(artistIDs: [String], since: ReleaseDate) -> String {
        let ids = artistIDs.map { id in
            id.allSatisfy { $0.isHexDigit || $0 == "-" } ? id : "\"" + id.replacingOccurrences(of: "\"", with: "") + "\""
        }
        return "arid:(\(ids.joined(separator: " OR "))) AND firstreleasedate:[\(since.description) TO *]"
    }
}
