import DeepCutCore
import DeepCutHTTP
import Synchronization

/// A batched `lookup?id=A,B,C&entity=album&limit=N&sort=recent` answer split per artist, with what
/// each listing covers, and the artists it says nothing certain about, which must be asked about
/// one by one.
///
/// How `limit` applies to a multi-id lookup is undocumented for `id=` lists, so the answer is read
/// so that both readings stay correct. Collections belong to the artist wrapper they follow (a
/// collaboration's own `artistId` names someone else), newest first.
/// - Per artist (Apple's documented reading for `amgArtistId` lists): a listing holding `limit`
///   collections may have been cut, so it covers only its newest ones.
/// - Per answer: when the answer holds `limit` collections or results, the listing being written
///   then covers only its newest ones, and every listing after it is unsure; earlier listings were
///   closed by the next wrapper.
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

    init(_ body: ITunesBody, requested: [CatalogArtist], limit: Int) throws(BodyDecodingError) {
        let requestedByID = Dictionary(requested.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        guard let listings = try Self.listings(body, requestedByID: requestedByID) else {
            unsure = requested
            return
        }
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
            let coverage: ListingCoverage =
                cutHere || listing.collectionCount >= limit
                ? .newest(count: listing.collectionCount, since: listing.oldest) : .complete
            self.listings[listing.artist.id] = ArtistListing(releases: listing.releases, coverage: coverage)
        }
        unsure = requested.filter { self.listings[$0.id] == nil }
    }

    /// One artist's part of the answer.
    private struct Listing {
        var artist: CatalogArtist
        /// Every collection row under the wrapper, credited or not: what counts against `limit`.
        var collectionCount = 0
        /// The oldest date among those rows: how far back a cut listing reaches.
        var oldest: ReleaseDate?
        var releases: [Release] = []
    }

    /// The listings in answer order, or nil when the answer cannot be attributed to the request.
    private static func listings(_ body: ITunesBody, requestedByID: [String: CatalogArtist]) throws(BodyDecodingError) -> [Listing]? {
        var listings: [Listing] = []
        for (index, row) in body.results.enumerated() {
            switch row.wrapperType {
            case "artist":
                let wrapper = try ITunesBody.artist(row, index: index)
                guard requestedByID[wrapper.id] != nil, !listings.contains(where: { $0.artist.id == wrapper.id }) else {
                    return nil
                }
                listings.append(Listing(artist: wrapper))
            case "collection":
                guard let last = listings.indices.last else { return nil }
                listings[last].collectionCount += 1
                if let date = row.releaseDate.flatMap({ ReleaseDate(iso: $0) }) {
                    listings[last].oldest = min(listings[last].oldest ?? date, date)
                }
                listings[last].releases.append(try ITunesBody.release(row, index: index, listedUnder: listings[last].artist))
            default:
                continue
            }
        }
        return listings
    }
}

/// How the catalog counts `limit` in a multi-id lookup, as its own answers showed it: shared by
/// every lookup of one run, seeded from the state database (`CatalogLearning`) and saved back after.
///
/// Once `limit` is known to count per artist, a warm lookup can ask many artists for their newest
/// few collections each (`ITunesProvider.newestLimit`); until then the batch logic stays correct
/// under both readings and asks at the ceiling.
package final class LookupLimitCounting: Sendable {
    private let state: Mutex<LookupLimitReading?>

    package init(_ known: LookupLimitReading? = nil) {
        state = Mutex(known)
    }

    package var known: LookupLimitReading? { state.withLock { $0 } }

    /// Proof beats a hint: `perArtist` is never replaced by `perAnswer`.
    func learn(_ reading: LookupLimitReading) {
        state.withLock { known in
            if known != .perArtist { known = reading }
        }
    }
}
