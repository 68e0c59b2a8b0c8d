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

    /// - Parameters:
    ///   - contact: `catalog.contact`, a URL or e-mail address MusicBrainz can reach the operator at.
    ///   - version: the client version the User-Agent names.
    ///   - requester: gets the User-Agent and MusicBrainz's dialect here.
    init(baseURL: URL, contact: String, version: String = ClientVersion.current, requester: CatalogRequester) {
        var requester = requester
        requester.headers["User-Agent"] = Self.userAgent(version: version, contact: contact)
        requester.headers["Accept"] = "application/json"
        requester.dialect = CatalogDialect(rateLimitStatuses: [503], errorSummary: MusicBrainzErrorBody.summary)
        self.baseURL = baseURL
        self.requester = requester
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
    func releases(ofArtistID id: String, named name: String) async -> Result<[Release], FetchFailure> {
        var releases: [Release] = []
        var offset = 0
        for _ in 0..<Self.maximumPages {
            let url = baseURL.appending(
                path: "ws/2/release-group",
                query: [
                    "artist": id, "type": Self.browsedTypes, "release-group-status": Self.browsedStatus, "inc": "artist-credits",
                    "limit": String(Self.pageSize),
                    "offset": String(offset), "fmt": "json"
                ])
            let result = await requester.get(url) { body throws(BodyDecodingError) in
                try JSONBody.decode(MusicBrainzReleaseGroupPage.self, from: body)
            }
            switch result {
            case .failure(let failure):
                return .failure(failure)
            case .success(let page):
                releases += page.releases(creditedTo: name, artistID: id)
                offset += page.releaseGroups.count
                if offset >= page.releaseGroupCount {
                    return .success(releases.uniquedByID())
                }
                // An empty page before the answer's own declared count: the rest of the list is
                // missing, not gone. A failure, so nothing reads as withdrawn.
                if page.releaseGroups.isEmpty {
                    let endpoint = CatalogRequester.endpoint(baseURL.appending(path: "ws/2/release-group"))
                    return .failure(
                        FetchFailure(
                            kind: .decoding, httpStatus: 200, attempts: 1,
                            message: "\(endpoint): an empty page at offset \(offset) of \(page.releaseGroupCount) release groups"))
                }
            }
        }
        let endpoint = CatalogRequester.endpoint(baseURL.appending(path: "ws/2/release-group"))
        return .failure(
            FetchFailure(
                kind: .decoding, httpStatus: 200, attempts: Self.maximumPages,
                message: "\(endpoint): more than \(Self.maximumPages) pages of release groups"))
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
