import DeepCutCore
import DeepCutHTTP

/// One artist's collections as one `lookup?…&entity=album&sort=recent` answer lists them, and what
/// that answer can be trusted to cover.
struct ITunesListing: Sendable {
    var artist: CatalogArtist
    /// Every collection row under the wrapper, credited or not: what counts against `limit`.
    var collectionCount = 0
    /// The oldest date among those rows: how far back a newest-first cut listing reaches.
    var oldest: ReleaseDate?
    var releases: [Release] = []
    var order = ListingOrder()

    init(artist: CatalogArtist) {
        self.artist = artist
    }

    mutating func add(_ row: ITunesBody.Row, index: Int) throws(BodyDecodingError) {
        collectionCount += 1
        let date = row.releaseDate.flatMap { ReleaseDate(iso: $0) }
        if let date { oldest = min(oldest ?? date, date) }
        order.add(date)
        releases.append(try ITunesBody.release(row, index: index, listedUnder: artist))
    }

    /// What the listing covers. Uncut, it is complete whatever its order. Cut (it holds `limit`
    /// collections, or a per-answer cap fell inside it), it covers its newest collections only
    /// when it proves itself newest first: no date increases down the list, and it holds
    /// `newestKnown`, the newest release an earlier answer listed for the artist. Otherwise it is
    /// a cut of unknown order, from which nothing may be concluded.
    func coverage(limit: Int, cutByAnswer: Bool = false, newestKnown: String?) -> ListingCoverage {
        guard cutByAnswer || collectionCount >= limit else { return .complete }
        let holdsNewest = newestKnown.map { id in releases.contains { $0.id == id } } ?? true
        return order.isNewestFirst && holdsNewest ? .newest(count: collectionCount, since: oldest) : .unordered(count: collectionCount)
    }
}
