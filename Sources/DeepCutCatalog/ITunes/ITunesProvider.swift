import DeepCutCore
import DeepCutHTTP
import Foundation

/// The iTunes Search API: no key, about 20 requests a minute; one search per new artist, and one
/// lookup for up to `batchSize` known artists.
struct ITunesProvider: CatalogProvider {
    /// The lookup's documented ceiling; there is no paging beyond it.
    static let lookupLimit = ListingCoverage.catalogCeiling
    /// Collections per artist a warm lookup asks for once `limit` is known to count per artist:
    /// enough that the oldest of them is usually older than the feed window, so the answer covers
    /// every release the feed could show.
    static let newestLimit = 10
    /// Artists per warm lookup when `limit` counts per artist: 50 ids keep the URL near 600 bytes.
    static let wideBatchSize = 50
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
    /// The oldest release date the feed can show (its window's start): a listing cut short of it
    /// is asked for again alone, where that reaches further. nil wants every listing whole.
    let coverageNeeded: ReleaseDate?
    /// How `limit` counts in a multi-id lookup and whether `sort=recent` is honoured, learned from
    /// the answers.
    let traits: CatalogTraits
    /// Artist ids whose newest collections suffice in this run: known, and read whole recently
    /// enough (`catalog.fullListingDays`). Everyone else is asked at the ceiling.
    let newestSuffices: Set<String>
    /// Releases remembered per artist id. Within a batch the longest listings go last: should
    /// `limit` cap the whole answer, the cut then falls in a long listing that still reaches far
    /// enough back, not before short ones that would each need a lookup of their own.
    let listingSizes: [String: Int]
    /// The newest release remembered per artist id: a cut answer that lacks it is not newest first.
    let newestKnown: [String: String]

    init(
        baseURL: URL, country: String, requester: CatalogRequester, batchSize: Int = defaultBatchSize,
        coverageNeeded: ReleaseDate? = nil, traits: CatalogTraits = CatalogTraits(),
        newestSuffices: Set<String> = [], listingSizes: [String: Int] = [:], newestKnown: [String: String] = [:]
    ) {
        self.listingSizes = listingSizes
        self.newestKnown = newestKnown
        self.baseURL = baseURL
        self.country = country
        self.requester = requester
        self.batchSize = max(1, batchSize)
        self.coverageNeeded = coverageNeeded
        self.traits = traits
        self.newestSuffices = newestSuffices
    }

    /// Wide only when it pays: a warm sweep (some artists need only their newest collections) of a
    /// catalog whose way of counting `limit` is known: `warmJobSize` artists a call, 50 a lookup
    /// per artist, packed by remembered sizes per answer.
    var releaseBatchLimit: Int {
        traits.lookupLimit != nil && !newestSuffices.isEmpty && batchSize > 1 ? max(batchSize, Self.warmJobSize) : batchSize
    }

    /// Artists handed to one `listings(ofEach:)` call in a warm sweep: two wide lookups, or enough
    /// artists that packing by size leaves few half-filled lookups.
    static let warmJobSize = 100

    /// `search?entity=musicArtist`: the artist rows, in the catalog's order.
    func searchArtists(named name: String) async -> Result<[CatalogArtist], FetchFailure> {
        let url = baseURL.appending(
            path: "search",
            query: [
                "term": name, "entity": "musicArtist",
                "country": country, "limit": "10"
            ])
        return await requester.get(url) { body throws(BodyDecodingError) in try ITunesBody.decode(body).artists() }
    }

    /// `lookup?id=…&entity=album&sort=recent`: the artist's collections, collaborations that credit it included.
    func releases(ofArtistID id: String, named name: String) async -> Result<[Release], FetchFailure> {
        await listing(of: CatalogArtist(id: id, name: name)).releases
    }

    /// One artist's lookup at the ceiling. An answer cut at `lookupLimit` that proves itself newest
    /// first holds the newest releases and says how far back it reaches; one that does not covers
    /// nothing (see `ITunesListing`).
    func listing(of artist: CatalogArtist) async -> Result<ArtistListing, FetchFailure> {
        let answer = await requester.get(lookupURL(ids: [artist.id])) { [newestKnown] body throws(BodyDecodingError) in
            try ITunesBody.decode(body).listing(of: artist, limit: Self.lookupLimit, newestKnown: newestKnown[artist.id])
        }
        return answer.map { listing, order in
            traits.saw(order)
            return listing
        }
    }

    func releases(ofEach artists: [CatalogArtist]) async -> [String: Result<[Release], FetchFailure>] {
        await listings(ofEach: artists).mapValues(\.releases)
    }

    /// `lookup?id=A,B,C&entity=album&sort=recent`: one request per `batchSize` artists, then single
    /// lookups for the artists the answer says nothing certain about, for those whose listing it
    /// cut before `coverageNeeded` when a lookup of their own can reach further, and for those whose
    /// cut listing did not prove itself newest first (see `ITunesBatchAnswer`). A batch that fails
    /// is asked again one artist at a time, so one bad artist cannot fail its neighbours, except
    /// when the catalog is rate limiting (asking per artist would only make that worse) or the
    /// sweep was cancelled.
    ///
    /// Artists whose newest collections suffice are asked `newestLimit` each, `wideBatchSize` to a
    /// request, once the answers have shown that `limit` counts per artist and that the catalog
    /// honours `sort=recent`; each such answer is checked again, and an artist whose answer does not
    /// hold up is asked for its whole listing in the same run. When the sort is not honoured, they
    /// are asked for whole listings, `wholeWideBatchSize` to a request. Until the answers tell,
    /// every listing is asked at the ceiling.
    func listings(ofEach artists: [CatalogArtist]) async -> [String: Result<ArtistListing, FetchFailure>] {
        var results: [String: Result<ArtistListing, FetchFailure>] = [:]
        // Newest-only and wide lookups need `limit` known to count per artist, and pay when they
        // ask several artists; a lone artist rides along with the whole listings.
        var wide = batchSize > 1 && traits.lookupLimit == .perArtist ? artists.filter { newestSuffices.contains($0.id) } : []
        if wide.count < 2 { wide = [] }
        let whole = artists.filter { !wide.contains($0) }
        // Per answer, listings of known size are packed; the rest go `batchSize` to a lookup.
        let packable = traits.lookupLimit == .perAnswer && batchSize > 1 ? whole.filter { listingSizes[$0.id] != nil } : []
        let unpacked = whole.filter { !packable.contains($0) }
        for batch in packed(packable) + unpacked.chunked(into: batchSize) {
            results.merge(await batchLookup(batch, limit: Self.lookupLimit)) { _, later in later }
        }
        for batch in wide.chunked(into: Self.wideBatchSize) {
            // Asked per batch: an answer of this run may have just shown the sort ignored.
            if traits.sort == .honoured {
                results.merge(await batchLookup(batch, limit: Self.newestLimit)) { _, later in later }
            } else {
                for part in batch.chunked(into: Self.wholeWideBatchSize) {
                    results.merge(await batchLookup(part, limit: Self.lookupLimit)) { _, later in later }
                }
            }
        }
        return results
    }

    /// Artists per whole-listing lookup once `limit` counts per artist: each listing is whole (up to
    /// the ceiling) whatever the order, and 25 listings keep an answer near a megabyte.
    static let wholeWideBatchSize = 25

    /// Rows a packed batch plans for: remembered collections plus one per artist for its wrapper.
    /// The cap counts collections, so the wrappers' share is the room for releases added since.
    static let packedCollections = lookupLimit
    /// A remembered listing this long is packed last in a batch, where a per-answer cap cuts it
    /// and its newest collections still reach back far enough.
    static let longListing = 100

    /// Batches for a catalog whose `limit` caps the whole answer: short listings packed up to
    /// `packedCollections` by their remembered sizes, then one long listing as the last member of
    /// each batch, where the cap falls inside it; long listings left over are asked alone.
    private func packed(_ artists: [CatalogArtist]) -> [[CatalogArtist]] {
        let size = { (artist: CatalogArtist) in (listingSizes[artist.id] ?? 0) + 1 }
        let (long, short) = (artists.filter { size($0) > Self.longListing }, artists.filter { size($0) <= Self.longListing })
        var batches: [[CatalogArtist]] = []
        var current: [CatalogArtist] = []
        var planned = 0
        for artist in short.sorted(by: { size($0) < size($1) }) {
            if !current.isEmpty, planned + size(artist) > Self.packedCollections || current.count >= Self.wideBatchSize {
                batches.append(current)
                (current, planned) = ([], 0)
            }
            current.append(artist)
            planned += size(artist)
        }
        if !current.isEmpty { batches.append(current) }
        var leftover = long[...]
        for index in batches.indices {
            guard let next = leftover.popFirst() else { break }
            batches[index].append(next)
        }
        return batches + leftover.map { [$0] }
    }

    private func batchLookup(_ batch: [CatalogArtist], limit: Int) async -> [String: Result<ArtistListing, FetchFailure>] {
        guard batch.count > 1 else { return await listingsOneByOne(batch) }
        let artists = batch.enumerated().sorted { left, right in
            let (a, b) = (listingSizes[left.element.id] ?? 0, listingSizes[right.element.id] ?? 0)
            return a != b ? a < b : left.offset < right.offset
        }.map(\.element)
        let answer = await requester.get(lookupURL(ids: artists.map(\.id), limit: limit)) { [newestKnown] body throws(BodyDecodingError) in
            try ITunesBatchAnswer(ITunesBody.decode(body), requested: artists, limit: limit, newestKnown: newestKnown)
        }
        switch answer {
        case .success(let answer):
            if answer.provesLimitPerArtist {
                traits.learn(.perArtist)
            } else if answer.looksLimitedPerAnswer {
                traits.learn(.perAnswer)
            }
            answer.orders.forEach(traits.saw)
            var results = answer.listings.mapValues { Result<ArtistListing, FetchFailure>.success($0) }
            // Unsure artists (no listing) and listings that cover too little are asked again: whole,
            // batched, after a newest-only lookup; alone at the ceiling.
            let deeper = artists.filter { artist in answer.listings[artist.id].map { needsDeeperLookup($0.coverage) } ?? true }
            if limit < Self.lookupLimit, deeper.count > 1 {
                for part in deeper.chunked(into: batchSize) {
                    results.merge(await batchLookup(part, limit: Self.lookupLimit)) { _, whole in whole }
                }
            } else {
                results.merge(await listingsOneByOne(deeper)) { _, single in single }
            }
            return results
        case .failure(let failure) where failure.kind == .rateLimited || failure.kind == .cancelled:
            return Dictionary(artists.map { ($0.id, .failure(failure)) }, uniquingKeysWith: { first, _ in first })
        case .failure:
            return await listingsOneByOne(artists)
        }
    }

    /// True when a lookup of the artist's own at the ceiling can cover more than this: the listing
    /// was cut below the ceiling, before the feed window's start or in an order it did not prove.
    private func needsDeeperLookup(_ coverage: ListingCoverage) -> Bool {
        switch coverage {
        case .complete: false
        case .newest(let count, _): count < Self.lookupLimit && !reachesFarEnough(coverage)
        case .unordered(let count): count < Self.lookupLimit
        case .added: false
        }
    }

    /// True when a listing covers every release the feed could show.
    private func reachesFarEnough(_ coverage: ListingCoverage) -> Bool {
        coverageNeeded.map { coverage.reaches(back: $0) } ?? coverage.isComplete
    }

    private func listingsOneByOne(_ artists: [CatalogArtist]) async -> [String: Result<ArtistListing, FetchFailure>] {
        var results: [String: Result<ArtistListing, FetchFailure>] = [:]
        for artist in artists {
            results[artist.id] = await listing(of: artist)
        }
        return results
    }

    func lookupURL(ids: [String], limit: Int = lookupLimit) -> URL {
        baseURL.appending(
            path: "lookup",
            query: [
                "id": ids.joined(separator: ","), "entity": "album",
                "limit": String(limit), "sort": "recent", "country": country
            ])
    }
}

extension ITunesProvider {
    /// `lookup?id=<collectionId>&entity=song`: the collection row, then one row per track
    /// (`trackName`, `trackTimeMillis`) the storefront offers — fewer than `trackCount` when
    /// some are unavailable there.
    func trackList(ofRelease id: String) async -> Result<TrackList, FetchFailure>? {
        let url = baseURL.appending(
            path: "lookup",
            query: [
                "id": id, "entity": "song", "limit": String(Self.lookupLimit),
                "country": country
            ])
        return await requester.get(url) { body throws(BodyDecodingError) in
            try JSONBody.decode(ITunesTrackRows.self, from: body).trackList(of: id)
        }
    }
}
