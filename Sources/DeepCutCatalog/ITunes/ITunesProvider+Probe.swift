import DeepCutCore
import DeepCutHTTP
import Foundation

extension ITunesProvider: ProbingCatalog {
    /// Artists whose whole listing the probe reads, longest remembered first.
    static let probedArtists = 3
    /// The `limit` of the two-artist lookup that shows how `limit` counts.
    static let probeLimit = 2

    /// Up to three whole listings at the ceiling (order, page, storefront), then one two-artist
    /// lookup at `limit=2` (how `limit` counts): at most four requests. What the answers show is
    /// learned into `traits`, as a sweep would learn it.
    func probe(_ artists: [CatalogArtist]) async -> [ProbeFinding] {
        var listings: [(artist: CatalogArtist, rows: [ITunesBody.Row], order: ListingOrder, count: Int)] = []
        var failure: FetchFailure?
        for artist in artists.prefix(Self.probedArtists) {
            let answer = await requester.get(lookupURL(ids: [artist.id])) { body throws(BodyDecodingError) in
                let decoded = try ITunesBody.decode(body)
                let (listing, order) = try decoded.listing(of: artist, limit: Self.lookupLimit)
                return (decoded.results, order, listing.releases.count)
            }
            switch answer {
            case .success(let (rows, order, count)):
                traits.saw(order)
                listings.append((artist, rows, order, count))
            case .failure(let error):
                failure = failure ?? error
            }
        }
        let unknown = { (behaviour: ProbeBehaviour) in
            ProbeFinding(behaviour, reading: "unknown", holds: nil, detail: failure?.probeDetail ?? "no known artist to ask about")
        }
        guard !listings.isEmpty else { return [unknown(.sortRecent), unknown(.lookupLimit), unknown(.largestPage), unknown(.storefront)] }
        let orders = listings.map { ($0.artist, $0.order, $0.count) }
        return [
            sortFinding(orders), await limitFinding(orders), pageFinding(orders),
            storefrontFinding(listings.flatMap(\.rows))
        ]
    }

    private func sortFinding(_ orders: [(CatalogArtist, ListingOrder, Int)]) -> ProbeFinding {
        let listed = orders.map { "\($0.0.name) (\($0.2))" }.joined(separator: ", ")
        if let disordered = orders.first(where: { $0.1.evidence == .disordered }) {
            return ProbeFinding(
                .sortRecent, reading: SortReading.ignored.rawValue, holds: false,
                detail: "\(disordered.0.name)'s listing has a date later than one above it: warm sweeps list every artist whole")
        }
        let inOrder = orders.filter { $0.1.evidence == .newestFirst }.count
        guard inOrder > 0 else {
            return ProbeFinding(.sortRecent, reading: "unknown", holds: nil, detail: "no listing had two dates to order: \(listed)")
        }
        return ProbeFinding(
            .sortRecent, reading: SortReading.honoured.rawValue, holds: true,
            detail: "\(inOrder) of \(orders.count) listings newest first, none out of order: \(listed)")
    }

    /// `lookup?id=A,B&limit=2`: more than two collections proves `limit` counts per artist.
    private func limitFinding(_ orders: [(CatalogArtist, ListingOrder, Int)]) async -> ProbeFinding {
        let pair = orders.filter { $0.2 > Self.probeLimit }.prefix(2).map(\.0)
        guard pair.count == 2 else {
            return ProbeFinding(
                .lookupLimit, reading: "unknown", holds: nil,
                detail: "needs two known artists with more than \(Self.probeLimit) collections each")
        }
        let url = lookupURL(ids: pair.map(\.id), limit: Self.probeLimit)
        let answer = await requester.get(url) { body throws(BodyDecodingError) in
            try ITunesBatchAnswer(ITunesBody.decode(body), requested: pair, limit: Self.probeLimit)
        }
        switch answer {
        case .failure(let failure):
            return ProbeFinding(.lookupLimit, reading: "unknown", holds: nil, detail: failure.probeDetail)
        case .success(let answer) where answer.provesLimitPerArtist:
            traits.learn(.perArtist)
            return ProbeFinding(
                .lookupLimit, reading: LookupLimitReading.perArtist.rawValue, holds: true,
                detail: "a two-artist lookup at limit=\(Self.probeLimit) held more than \(Self.probeLimit) collections")
        case .success(let answer) where answer.looksLimitedPerAnswer:
            traits.learn(.perAnswer)
            return ProbeFinding(
                .lookupLimit, reading: LookupLimitReading.perAnswer.rawValue, holds: false,
                detail: "a two-artist lookup at limit=\(Self.probeLimit) held \(Self.probeLimit) in all: warm lookups stay at 200")
        case .success:
            return ProbeFinding(.lookupLimit, reading: "unknown", holds: nil, detail: "the two-artist lookup did not tell")
        }
    }

    private func pageFinding(_ orders: [(CatalogArtist, ListingOrder, Int)]) -> ProbeFinding {
        let longest = orders.map(\.2).max() ?? 0
        return ProbeFinding(
            .largestPage, reading: String(Self.lookupLimit), holds: nil,
            detail: "limit=\(Self.lookupLimit) asked (the documented ceiling, no paging); the longest listing held \(longest)")
    }

    private func storefrontFinding(_ rows: [ITunesBody.Row]) -> ProbeFinding {
        let rows = rows.filter { $0.wrapperType == "collection" }
        let countries = Set(rows.compactMap(\.country)).sorted()
        let currencies = Set(rows.compactMap(\.currency)).sorted()
        guard !countries.isEmpty || !currencies.isEmpty else {
            return ProbeFinding(.storefront, reading: country, holds: nil, detail: "asked country=\(country); the answers named no country")
        }
        let named = (countries + currencies).joined(separator: ", ")
        let matches = ITunesStorefrontNames.matches(country, countries: countries)
        return ProbeFinding(
            .storefront, reading: country, holds: matches,
            detail: "asked country=\(country); collections name \(named)"
                + (matches == false ? ": not the configured storefront (check catalog.country)" : ""))
    }
}

/// The country names iTunes writes on collections (`"country": "USA"`), for the storefronts whose
/// name the probe can check; others are reported without a verdict.
enum ITunesStorefrontNames {
    static let byCode: [String: String] = [
        "us": "USA", "gb": "GBR", "jp": "JPN", "de": "DEU", "fr": "FRA", "ca": "CAN", "au": "AUS", "kr": "KOR", "br": "BRA",
        "mx": "MEX", "es": "ESP", "it": "ITA", "nl": "NLD", "se": "SWE"
    ]

    /// True or false when the code is known and the answers named a country; nil otherwise.
    static func matches(_ code: String, countries: [String]) -> Bool? {
        guard let name = byCode[code.lowercased()], !countries.isEmpty else { return nil }
        return countries == [name]
    }
}
