import DeepCutCore
import DeepCutHTTP
import Foundation

extension MusicBrainzProvider: ProbingCatalog {
    /// One browse of the first known artist's release groups at the documented maximum, 100: one
    /// request. MusicBrainz pages every listing to its end and has no storefront.
    func probe(_ artists: [CatalogArtist]) async -> [ProbeFinding] {
        [
            .notApplicable(.sortRecent, "release groups are not date-ordered and are paged to the end"),
            .notApplicable(.lookupLimit, "no multi-artist listing is cut by limit"),
            await pageFinding(artists.first),
            .notApplicable(.storefront, "MusicBrainz has no storefronts")
        ]
    }

    private func pageFinding(_ artist: CatalogArtist?) async -> ProbeFinding {
        guard let artist else {
            return ProbeFinding(.largestPage, reading: "unknown", holds: nil, detail: "no known artist to ask about")
        }
        let url = baseURL.appending(
            path: "ws/2/release-group", query: ["artist": artist.id, "limit": String(Self.pageSize), "offset": "0", "fmt": "json"])
        let answer = await requester.get(url) { body throws(BodyDecodingError) in
            try JSONBody.decode(MusicBrainzReleaseGroupPage.self, from: body)
        }
        switch answer {
        case .success(let page):
            let expected = min(Self.pageSize, page.releaseGroupCount)
            let whole = page.releaseGroups.count == expected
            return ProbeFinding(
                .largestPage, reading: whole ? String(Self.pageSize) : String(page.releaseGroups.count), holds: whole,
                detail:
                    "limit=\(Self.pageSize) answered \(page.releaseGroups.count) of \(artist.name)'s \(page.releaseGroupCount) release groups"
            )
        case .failure(let failure):
            return ProbeFinding(.largestPage, reading: "unknown", holds: nil, detail: failure.probeDetail)
        }
    }
}
