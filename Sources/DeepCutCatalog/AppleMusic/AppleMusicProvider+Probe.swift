import DeepCutCore
import DeepCutHTTP
import Foundation

extension AppleMusicProvider: ProbingCatalog {
    /// The storefront (`GET /v1/storefronts/{storefront}`), then the largest page of one artist's
    /// albums the API accepts (100, 50, then the documented 25; a refused size answers 400): two to
    /// four requests. Apple Music pages every listing to its end, so no sort or `limit` reading matters.
    func probe(_ artists: [CatalogArtist]) async -> [ProbeFinding] {
        [
            .notApplicable(.sortRecent, "albums are paged to the end (next links): their order does not matter"),
            .notApplicable(.lookupLimit, "no multi-artist listing is cut by limit"),
            await pageFinding(artists.first), await storefrontFinding()
        ]
    }

    private func pageFinding(_ artist: CatalogArtist?) async -> ProbeFinding {
        guard let artist else {
            return ProbeFinding(.largestPage, reading: "unknown", holds: nil, detail: "no known artist to ask about")
        }
        var refused: [Int] = []
        for size in PageSizeLadder.sizes {
            guard let url = apiURL(Self.sized(albumsPath(artist.id), size)) else { break }
            switch await get(url, AppleMusicAlbumPage.self) {
            case .success(let page):
                let refusedText = refused.isEmpty ? "" : "; refused \(refused.map(String.init).joined(separator: ", "))"
                return ProbeFinding(
                    .largestPage, reading: String(size), holds: size > Self.defaultPageSize,
                    detail: "artists/{id}/albums?limit=\(size) answered \(page.data.count) albums for \(artist.name)\(refusedText)")
            case .failure(let failure) where failure.httpStatus == 400:
                refused.append(size)
            case .failure(let failure):
                return ProbeFinding(.largestPage, reading: "unknown", holds: nil, detail: failure.probeDetail)
            }
        }
        return ProbeFinding(.largestPage, reading: "unknown", holds: nil, detail: "every page size was refused")
    }

    private func storefrontFinding() async -> ProbeFinding {
        guard let url = apiURL("/v1/storefronts/\(storefront)") else {
            return ProbeFinding(.storefront, reading: storefront, holds: false, detail: "not a storefront path")
        }
        switch await get(url, AppleMusicStorefrontBody.self) {
        case .success(let body):
            let name = body.data.first?.attributes?.name ?? "no name"
            return ProbeFinding(.storefront, reading: storefront, holds: true, detail: "storefronts/\(storefront) answered: \(name)")
        case .failure(let failure):
            return ProbeFinding(.storefront, reading: storefront, holds: false, detail: failure.probeDetail)
        }
    }
}

/// `GET /v1/storefronts/{id}`: `{"data": [{"id", "attributes": {"name"}}]}`.
struct AppleMusicStorefrontBody: Decodable, Sendable {
    struct Storefront: Decodable, Sendable {
        struct Attributes: Decodable, Sendable {
            var name: String?
        }

        var id: String
        var attributes: Attributes?
    }

    var data: [Storefront]
}
