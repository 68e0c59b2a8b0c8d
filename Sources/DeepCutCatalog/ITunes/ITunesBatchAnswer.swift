import DeepCutCore
import DeepCutHTTP

/// A batched `lookup?id=A,B,C&entity=album&limit=N&sort=recent` answer split per artist, with what
/// each listing covers, and the artists it says nothing certain about, which must be asked about
/// one by one.
///
/// How `limit` applies to a multi-id lookup is undocumented for `id=` lists, so the answer is read
/// so that both readings stay correct. Collections belong to the artist wrapper they follow (a
/// collaboration's own `artistId` names someone else).
/// - Per artist (Apple's documented reading for `amgArtistId` lists): a listing holding `limit`
///   collections may have been cut.
/// - Per answer: when the answer holds `limit` collections or results, the listing being written
///   then may have been cut, and every listing after it is unsure; earlier listings were closed by
///   the next wrapper.
/// A cut listing covers its newest collections only when it proves itself newest first (see
/// `ITunesListing.coverage`): `sort=recent` is undocumented for album lookups.
/// A requested artist without a wrapper is unsure too, and an answer that cannot be attributed at
/// all (collections before any wrapper, a wrapper nobody asked for, one artist listed twice) leaves
/// every artist unsure.
struct ITunesBatchAnswer: Sendable {
    /// Listings of the artists the answer speaks for, by artist id.
    var listings: [String: ArtistListing] = [:]
    /// Artists to look up alone, in request order.
    var unsure: [CatalogArtist] = []
    /// True when the answer proves that `limit` counts per artist: it holds more collections than
    /// `limit`, which a per-answer cap never allows.
    var provesLimitPerArtist = false
    /// True when the answer holds exactly `limit` collections and lists nothing after the listing
    /// it ends in: what a per-answer cap looks like (a per-artist cap would rarely leave every
    /// artist after it empty).
    var looksLimitedPerAnswer = false
    /// The order each attributed listing came in, for learning whether the catalog honours the sort.
    var orders: [ListingOrder] = []

    /// - Parameter newestKnown: by artist id, the newest release an earlier answer listed, which a
    ///   cut listing must hold to count as newest first.
    init(_ body: ITunesBody, requested: [CatalogArtist], limit: Int, newestKnown: [String: String] = [:]) throws(BodyDecodingError) {
        let requestedByID = Dictionary(requested.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        guard let listings = try Self.listings(body, requestedByID: requestedByID) else {
            unsure = requested
            return
        }
        orders = listings.map(\.order)
        let collections = listings.reduce(0) { $0 + $1.collectionCount }
        provesLimitPerArtist = collections > limit
        var cut = listings.endIndex
        if !provesLimitPerArtist, collections >= limit || body.results.count >= limit {
            cut = listings.lastIndex { $0.collectionCount > 0 } ?? listings.startIndex
            looksLimitedPerAnswer = collections == limit && (cut < listings.count - 1 || listings.count < requested.count)
        }
        for (index, listing) in listings.enumerated() {
            let cutHere = index == cut && listing.collectionCount > 0
            guard index < cut || cutHere else { continue }
            let coverage = listing.coverage(limit: limit, cutByAnswer: cutHere, newestKnown: newestKnown[listing.artist.id])
            self.listings[listing.artist.id] = ArtistListing(releases: listing.releases, coverage: coverage)
        }
        unsure = requested.filter { self.listings[$0.id] == nil }
    }

    /// The listings in answer order, or nil when the answer cannot be attributed to the request.
    private static func listings(_ body: ITunesBody, requestedByID: [String: CatalogArtist]) throws(BodyDecodingError) -> [ITunesListing]? {
        var listings: [ITunesListing] = []
        for (index, row) in body.results.enumerated() {
            switch row.wrapperType {
            case "artist":
                let wrapper = try ITunesBody.artist(row, index: index)
                guard requestedByID[wrapper.id] != nil, !listings.contains(where: { $0.artist.id == wrapper.id }) else {
                    return nil
                }
                listings.append(ITunesListing(artist: wrapper))
            case "collection":
                guard let last = listings.indices.last else { return nil }
                try listings[last].add(row, index: index)
            default:
                continue
            }
        }
        return listings
    }
}
