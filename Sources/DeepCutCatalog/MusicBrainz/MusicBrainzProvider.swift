import DeepCutCore
import DeepCutHTTP
import Foundation

/// MusicBrainz WS/2: artist search, then the artist's release groups browsed 100 at a time.
///
/// MusicBrainz wants a User-Agent naming the client and a contact, and answers 503 when a client goes
/// faster than about one request a second; here 503 is rate limiting (retried, reported `rateLimited`).
struct MusicBrainzProvider: CatalogProvider {
    static let searchLimit = 10
    /// The browse maximum.
    static let pageSize = 100
    /// A ceiling on pages per artist, so a count that keeps growing cannot run away.
    static let maximumPages = 100
    /// The feed's types; compilations are albums with a `Compilation` secondary type, so `album` brings them.
    static let browsedTypes = "album|ep|single"
    /// The release groups the artist's page on musicbrainz.org shows: those with at least one release
    /// that is not a bootleg, promotion or pseudo-release (MBS-12047; WS/2 takes `website-default` or `all`).
    static let browsedStatus = "website-default"

    let name = "musicbrainz"
    let baseURL: URL
    let requester: CatalogRequester
    /// Browse releases rather than release groups, for their barcodes and Apple album links: merge
    /// evidence worth reading when MusicBrainz sits beside a store in one sweep (issue 32).
    let readsEvidence: Bool
    /// Artist ids read whole recently (`WarmPlan`), with the first-release date a search for their
    /// additions reaches back to: they are searched together, not browsed (`listings(ofEach:)`).
    let addedSince: [String: ReleaseDate]

    /// - Parameters:
    ///   - contact: `catalog.contact`, a URL or e-mail address MusicBrainz can reach the operator at.
    ///   - version: the client version the User-Agent names.
    ///   - requester: gets the User-Agent and MusicBrainz's dialect here.
    ///   - readsEvidence: browse releases for barcodes and Apple links (`releasesWithEvidence`).
    ///   - addedSince: artists whose additions a search asks for instead of a browse (warm sweeps).
    init(
        baseURL: URL, contact: String, version: String = ClientVersion.current, requester: CatalogRequester,
        readsEvidence: Bool = false, addedSince: [String: ReleaseDate] = [:]
    ) {
        var requester = requester
        requester.headers["User-Agent"] = Self.userAgent(version: version, contact: contact)
        requester.headers["Accept"] = "application/json"
        requester.dialect = CatalogDialect(rateLimitStatuses: [503], errorSummary: MusicBrainzErrorBody.summary)
        self.baseURL = baseURL
        self.requester = requester
        self.readsEvidence = readsEvidence
        self.addedSince = addedSince
    }

    /// `deepcut/0.1.0 ( ops@example.org )`, the form MusicBrainz asks for.
    static func userAgent(version: String, contact: String) -> String {
        "deepcut/\(version) ( \(contact) )"
    }

    /// `artist?query=artist:"name"`: every hit, best score first (the sweep picks among them).
    func searchArtists(named name: String) async -> Result<[CatalogArtist], FetchFailure> {
        let url = baseURL.appending(
            path: "ws/2/artist",
            query: [
                "query": Self.artistQuery(name),
                "limit": String(Self.searchLimit), "fmt": "json"
            ])
        return await requester.get(url) { body throws(BodyDecodingError) in
            try JSONBody.decode(MusicBrainzArtistSearchBody.self, from: body).hits
        }
    }

    /// `release-group?artist=MBID&type=album|ep|single&release-group-status=website-default&inc=artist-credits`
    /// (bootleg-only groups left out, as on the website; the credits tell the
    /// artist's own groups from its appearances, at no extra request), paging by `offset` until it reaches
    /// `release-group-count`; repeated ids (the list can shift between pages) are removed.
    ///
    /// With `readsEvidence`, the artist's releases are browsed instead (`releasesWithEvidence`).
    func releases(ofArtistID id: String, named name: String) async -> Result<[Release], FetchFailure> {
        if readsEvidence { return await releasesWithEvidence(ofArtistID: id, named: name) }
        let pages = await browse(
            "release-group", MusicBrainzReleaseGroupPage.self, counted: \.releaseGroupCount, listed: \.releaseGroups.count,
            noun: "release groups"
        ) { offset in
            [
                "artist": id, "type": Self.browsedTypes, "release-group-status": Self.browsedStatus, "inc": "artist-credits",
                "limit": String(Self.pageSize), "offset": String(offset), "fmt": "json"
            ]
        }
        return pages.map { pages in pages.flatMap { $0.releases(creditedTo: name, artistID: id) }.uniquedByID() }
    }

    /// `release?artist=MBID&type=album|ep|single&status=official&inc=release-groups+url-rels+artist-credits`,
    /// 100 releases a page until `release-count`: the same release groups as the group browse (those
    /// with an official release, which is what `website-default` shows), each with the barcode and the
    /// Apple album links of its releases (`MusicBrainzReleasePage.releaseGroups`). One request per 100
    /// releases instead of per 100 groups: the same single request for most artists, more pages for
    /// the most prolific (a group has one to a few releases).
    func releasesWithEvidence(ofArtistID id: String, named name: String) async -> Result<[Release], FetchFailure> {
        let pages = await browse(
            "release", MusicBrainzReleasePage.self, counted: \.releaseCount, listed: \.releases.count, noun: "releases"
        ) { offset in
            [
                "artist": id, "type": Self.browsedTypes, "status": "official", "inc": "release-groups+url-rels+artist-credits",
                "limit": String(Self.pageSize), "offset": String(offset), "fmt": "json"
            ]
        }
        return pages.map { pages in
            MusicBrainzReleasePage.releaseGroups(of: pages.flatMap(\.releases), creditedTo: name, artistID: id)
        }
    }

    /// Every page of a browse of `entity`, asked at `query(offset)`, until the offset reaches the
    /// answer's own count. An empty page before that count means the rest of the list is missing, not
    /// gone: a failure, so nothing reads as withdrawn; so is a list longer than `maximumPages`.
    private func browse<Page: Decodable & Sendable>(
        _ entity: String, _ type: Page.Type, counted: KeyPath<Page, Int>, listed: KeyPath<Page, Int>, noun: String,
        query: (Int) -> KeyValuePairs<String, String>
    ) async -> Result<[Page], FetchFailure> {
        var pages: [Page] = []
        var paging = MusicBrainzPaging(
            endpoint: CatalogRequester.endpoint(baseURL.appending(path: "ws/2/\(entity)")), noun: noun, page: "page",
            maximumPages: Self.maximumPages)
        for _ in 0..<paging.maximumPages {
            let url = baseURL.appending(path: "ws/2/\(entity)", query: query(paging.offset))
            let result = await requester.get(url) { body throws(BodyDecodingError) in
                try JSONBody.decode(Page.self, from: body)
            }
            switch result {
            case .failure(let failure):
                return .failure(failure)
            case .success(let page):
                pages.append(page)
                switch paging.turn(listed: page[keyPath: listed], of: page[keyPath: counted]) {
                case .complete: return .success(pages)
                case .failed(let failure): return .failure(failure)
                case .more: continue
                }
            }
        }
        return .failure(paging.tooLong)
    }

    /// A Lucene phrase query on the artist field; quotes and backslashes in the name are escaped.
    static func artistQuery(_ name: String) -> String {
        let escaped = name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "artist:\"\(escaped)\""
    }
}

extension MusicBrainzProvider {
    /// `release?release-group=MBID&inc=recordings&limit=1`: the tracks of the release group's
    /// first release, medium by medium. A group's releases differ in bonus tracks, not in the
    /// recordings of the album they share, which is what the evidence compares.
    func trackList(ofRelease id: String) async -> Result<TrackList, FetchFailure>? {
        let url = baseURL.appending(
            path: "ws/2/release",
            query: [
                "release-group": id, "inc": "recordings", "limit": "1",
                "fmt": "json"
            ])
        return await requester.get(url) { body throws(BodyDecodingError) in
            try JSONBody.decode(MusicBrainzReleaseTracks.self, from: body).trackList()
        }
    }
}
