import DeepCutCore

/// A batched `lookup?id=A,B,C&entity=album&limit=N` answer split per artist, and the artists whose
/// listing it may have cut short, which must be asked about one by one.
///
/// How `limit` applies to a multi-id lookup is undocumented, so the answer is read defensively.
/// Collections belong to the artist wrapper they follow (a collaboration's own `artistId` names
/// someone else). When the answer holds `limit` collections or results, it may have been cut: the
/// listing that was being written then, and every listing after it, are unsure, while earlier
/// listings were closed by the next wrapper and are whole. A requested artist without a wrapper is
/// unsure too, and an answer that cannot be attributed at all (collections before any wrapper, a
/// wrapper nobody asked for, one artist listed twice) leaves every artist unsure.
struct ITunesBatchAnswer: Sendable {
    /// Releases of the artists whose listing is certainly whole, by artist id.
    var releases: [String: [Release]] = [:]
    /// Artists to look up alone, in request order.
    var unsure: [CatalogArtist] = []

    init(_ body: ITunesBody, requested: [CatalogArtist], limit: Int) throws(BodyDecodingError) {
        let requestedByID = Dictionary(requested.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        guard let listings = try Self.listings(body, requestedByID: requestedByID) else {
            unsure = requested
            return
        }
        let collections = listings.reduce(0) { $0 + $1.collectionCount }
        var cut = listings.endIndex
        if collections >= limit || body.results.count >= limit {
            cut = listings.lastIndex { $0.collectionCount > 0 } ?? listings.startIndex
        }
        var whole: Set<String> = []
        for listing in listings[..<cut] {
            releases[listing.artist.id] = listing.releases
            whole.insert(listing.artist.id)
        }
        unsure = requested.filter { !whole.contains($0.id) }
    }

    /// One artist's part of the answer.
    private struct Listing {
        var artist: CatalogArtist
        /// Every collection row under the wrapper, credited or not: what counts against `limit`.
        var collectionCount = 0
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
                if ITunesBody.isCredited(row, to: listings[last].artist) {
                    listings[last].releases.append(try ITunesBody.release(row, index: index, creditedTo: listings[last].artist.name))
                }
            default:
                continue
            }
        }
        return listings
    }
}
