import DeepCutConfig
import DeepCutCore
import DeepCutHTTP
import Foundation
import Synchronization

/// The Apple Music API: a developer token as Bearer, catalog search, and an artist's albums page by page.
///
/// 401 and 403 are the catalog refusing the token: never retried, reported as configuration errors
/// through `CredentialedCatalogProvider`, and after the first one no further request is sent.
struct AppleMusicProvider: CredentialedCatalogProvider {
    static let searchLimit = 10
    /// A ceiling on pages per artist, so a `next` chain that never ends cannot run away.
    static let maximumPages = 200
    /// The documented page size of `artists/{id}/albums`, sent as no `limit`.
    static let defaultPageSize = 25

    let name = "apple-music"
    let baseURL: URL
    /// Two-letter storefront, e.g. `us`.
    let storefront: String
    let requester: CatalogRequester
    /// What the feed wants: decides which of the artist's views are worth a request (`ArtistView`).
    let types: TypeSelection
    private let refusal = CredentialRefusal()
    /// The largest page size not refused yet, shared by every artist.
    private let pageSizes = PageSizeLadder()

    /// - Parameter requester: gets the token's `Authorization` header and Apple Music's dialect here.
    init(baseURL: URL, storefront: String, token: AppleMusicToken, requester: CatalogRequester, types: TypeSelection = .standard) {
        var requester = requester
        requester.headers["Authorization"] = "Bearer \(token.value)"
        requester.dialect = .appleMusic { body in
            AppleMusicErrorBody.summary(body).map { Self.redacting(token, in: $0) }
        }
        self.baseURL = baseURL
        self.storefront = storefront
        self.requester = requester
        self.types = types
    }

    /// `search?types=artists`: every hit in the catalog's order (the sweep picks among them).
    func searchArtists(named name: String) async -> Result<[CatalogArtist], FetchFailure> {
        let url = baseURL.appending(
            path: "v1/catalog/\(storefront)/search",
            query: ["term": name, "types": "artists", "limit": String(Self.searchLimit)])
        return await get(url, AppleMusicSearchBody.self).map(\.artists)
    }

    /// `artists/{id}/albums?limit=N`, following `next` until it is absent; repeated ids are removed.
    /// N is the largest page size the API has not refused (`pageSizes`): a page answered 400 is asked
    /// again at the next smaller size. A 404 on the first page is settled by `noAlbums(of:after:)`.
    func releases(ofArtistID id: String, named name: String) async -> Result<[Release], FetchFailure> {
        let artist = CatalogArtist(id: id, name: name)
        let albums = await releases(from: albumsPath(id), named: name) { missing in await noAlbums(of: artist, after: missing) }
        return await addingViews(to: albums, of: artist)
    }

    /// A 404 on an artist's albums (Apple's answer for an artist with no albums in this storefront,
    /// and for an id it does not know) is settled by `GET artists/{id}`: listed there, the artist has
    /// no albums, a definite empty answer; a 404 there too is a vanished id, reported as a 404
    /// failure so the sweep searches the name again (`FetchFailure.saysArtistVanished`); any other
    /// answer leaves the artist failed.
    private func noAlbums(of artist: CatalogArtist, after missing: FetchFailure) async -> Result<[Release], FetchFailure> {
        let path = "/v1/catalog/\(storefront)/artists/\(Self.encoded(artist.id))"
        guard let url = apiURL(path) else { return .failure(missing) }
        let endpoint = CatalogRequester.endpoint(url)
        switch await get(url, AppleMusicArtistsBody.self) {
        case .success(let body) where body.data.contains { $0.id == artist.id }:
            return .success([])
        case .success:
            return .failure(
                FetchFailure(
                    kind: .decoding, httpStatus: 200, attempts: missing.attempts + 1,
                    message: "\(endpoint): the answer does not list the artist its albums were asked for"))
        case .failure(let failure) where failure.httpStatus == 404:
            return .failure(
                FetchFailure(
                    kind: .http, httpStatus: 404, attempts: missing.attempts + failure.attempts,
                    message: "\(endpoint): the artist id is no longer in the catalog (the artist and its albums answer 404)"))
        case .failure(let failure):
            return .failure(failure)
        }
    }

    /// `artists?ids=` takes at most 25 ids.
    var releaseBatchLimit: Int { Self.artistBatchLimit }
    static let artistBatchLimit = 25

    /// `artists?ids=A,B,…&include=albums`: one request brings up to 25 artists with the first page of
    /// their albums; an artist with more follows its `next` alone. An artist the answer leaves out,
    /// or lists without its albums, is asked alone; a failed batch is asked again artist by artist,
    /// except when the catalog is rate limiting or the sweep was cancelled.
    func releases(ofEach artists: [CatalogArtist]) async -> [String: Result<[Release], FetchFailure>] {
        guard artists.count > 1,
            let url = apiURL(
                "/v1/catalog/\(storefront)/artists",
                query: [
                    "ids": artists.map(\.id).joined(separator: ","), "include": "albums"
                ])
        else { return await releasesOneByOne(artists) }
        switch await get(url, AppleMusicArtistsBody.self) {
        case .success(let body):
            var results: [String: Result<[Release], FetchFailure>] = [:]
            for artist in artists {
                guard let page = body.data.first(where: { $0.id == artist.id })?.relationships?.albums else {
                    results[artist.id] = await releases(ofArtistID: artist.id, named: artist.name)
                    continue
                }
                let first = page.releases(creditedTo: artist.name)
                guard let next = page.next else {
                    results[artist.id] = await addingViews(to: .success(first.uniquedByID()), of: artist)
                    continue
                }
                let albums = await releases(
                    from: next.hasPrefix("/v1/") ? next : nil, named: artist.name,
                    after: first, pages: 1, path: albumsPath(artist.id))
                results[artist.id] = await addingViews(to: albums, of: artist)
            }
            return results
        case .failure(let failure) where failure.kind == .rateLimited || failure.kind == .cancelled || refusal.failure != nil:
            return Dictionary(artists.map { ($0.id, .failure(failure)) }, uniquingKeysWith: { first, _ in first })
        case .failure:
            return await releasesOneByOne(artists)
        }
    }

    func albumsPath(_ id: String) -> String {
        "/v1/catalog/\(storefront)/artists/\(Self.encoded(id))/albums"
    }

    private func viewPath(_ view: ArtistView, of id: String) -> String {
        "/v1/catalog/\(storefront)/artists/\(Self.encoded(id))/view/\(view.rawValue)"
    }

    private static func encoded(_ id: String) -> String {
        id.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? id
    }

    /// The artist's views this feed needs, each read to its end: the albums in `live-albums` are
    /// marked live, those in `appears-on-albums` (and not the artist's own) added as appearances.
    /// A view that fails fails the artist, like any page of its albums: a listing missing its
    /// appearances must not read as their withdrawal. Views are asked only once the artist is known
    /// to exist (its albums answered, or `artists/{id}` did), so a 404 on a view's first page is
    /// Apple's "nothing in this view", an empty view.
    private func addingViews(to albums: Result<[Release], FetchFailure>, of artist: CatalogArtist) async -> Result<[Release], FetchFailure>
    {
        guard case .success(var releases) = albums else { return albums }
        for view in ArtistView.needed(for: types) {
            switch await self.releases(from: viewPath(view, of: artist.id), named: artist.name, whenAbsent: { _ in .success([]) }) {
            case .failure(let failure):
                return .failure(failure)
            case .success(let listed):
                releases = view.merge(listed, into: releases)
            }
        }
        return .success(releases)
    }

    /// Pages from `start` (nil: a next link that left the catalog) until `next` is absent, after
    /// the releases of `pages` pages already read.
    /// - Parameter whenAbsent: decides a 404 on the first page (Apple's answer for a listing with
    ///   nothing in it); nil keeps it a failure, as a 404 on any later page always is.
    private func releases(
        from start: String?, named name: String, after earlier: [Release] = [], pages read: Int = 0,
        path: String? = nil, whenAbsent: (@Sendable (FetchFailure) async -> Result<[Release], FetchFailure>)? = nil
    ) async -> Result<[Release], FetchFailure> {
        let path = path ?? start ?? ""
        var pagePath: String? = start
        var releases: [Release] = earlier
        var followed: Set<String> = []
        var pages = read
        while pages < Self.maximumPages {
            let size = pageSize
            guard let current = pagePath, let pageURL = apiURL(Self.sized(current, size)) else {
                return .failure(pagingFailure(path, "a next link is not a path on the catalog", pages: pages))
            }
            switch await get(pageURL, AppleMusicAlbumPage.self) {
            case .failure(let failure) where failure.httpStatus == 400 && size != Self.defaultPageSize:
                refusePageSize(size)
                continue
            case .failure(let failure) where failure.httpStatus == 404 && pages == 0 && earlier.isEmpty:
                return await whenAbsent?(failure) ?? .failure(failure)
            case .failure(let failure):
                return .failure(failure)
            case .success(let page):
                releases += page.releases(creditedTo: name)
                guard let next = page.next else { return .success(releases.uniquedByID()) }
                guard followed.insert(next).inserted else {
                    return .failure(pagingFailure(path, "a next link repeats", pages: pages + 1))
                }
                pagePath = next.hasPrefix("/v1/") ? next : nil
                pages += 1
            }
        }
        return .failure(pagingFailure(path, "more than \(Self.maximumPages) pages", pages: Self.maximumPages))
    }

    private var pageSize: Int { pageSizes.current }

    private func refusePageSize(_ size: Int) {
        pageSizes.refuse(size)
    }

    /// `path` with `limit=size`, unless it names a limit already or `size` is the default.
    static func sized(_ path: String, _ size: Int) -> String {
        guard size != defaultPageSize, !path.contains("limit=") else { return path }
        return path + (path.contains("?") ? "&" : "?") + "limit=\(size)"
    }

    func authorizationError(for failure: FetchFailure) -> CatalogAuthorizationError? {
        guard let status = CatalogDialect.appleMusicRefusal(in: failure) else { return nil }
        return CatalogAuthorizationError(provider: name, key: "catalog.tokenFile", httpStatus: status, reason: failure.message)
    }

    /// `GET /v1/storefronts/{storefront}`: the cheapest request that needs the token.
    func checkCredentials() async -> CatalogAuthorizationError? {
        guard let url = apiURL("/v1/storefronts/\(storefront)") else { return nil }
        guard case .failure(let failure) = await requester.get(url) else { return nil }
        return authorizationError(for: failure)
    }

    /// Every request goes through here: after a refusal it answers with that refusal and sends nothing.
    func get<Body: Decodable>(_ url: URL, _ type: Body.Type) async -> Result<Body, FetchFailure> {
        if let refused = refusal.failure { return .failure(refused) }
        let result = await requester.get(url) { body throws(BodyDecodingError) in try JSONBody.decode(type, from: body) }
        if case .failure(let failure) = result, authorizationError(for: failure) != nil {
            refusal.record(failure)
        }
        return result
    }

    /// `path?query` on the catalog's base URL, the query strictly percent-encoded.
    private func apiURL(_ path: String, query: KeyValuePairs<String, String>) -> URL? {
        var base = baseURL
        while base.absoluteString.hasSuffix("/"), let trimmed = URL(string: String(base.absoluteString.dropLast())) { base = trimmed }
        return base.appending(path: String(path.dropFirst()), query: query)
    }

    /// `path` (with its query, already encoded) on the catalog's base URL. Only paths are followed, never
    /// absolute URLs: the token goes with every request and must never go to another host.
    func apiURL(_ path: String) -> URL? {
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        return URL(string: base + path)
    }

    /// A `next` chain that cannot be trusted: a decoding failure, never a silently shortened list.
    private func pagingFailure(_ path: String, _ problem: String, pages: Int) -> FetchFailure {
        let endpoint = apiURL(path).map(CatalogRequester.endpoint) ?? path
        return FetchFailure(kind: .decoding, httpStatus: 200, attempts: pages, message: "\(endpoint): \(problem) after \(pages) pages")
    }

    /// An error text with the token cut out, in case a server ever echoes it; one line, bounded.
    private static func redacting(_ token: AppleMusicToken, in text: String) -> String {
        String(text.replacingOccurrences(of: token.value, with: "<redacted>").prefix(200))
    }
}

extension AppleMusicProvider {
    /// `catalog/{storefront}/albums/{id}/tracks`, following `next` to the end: each song's
    /// `name` and `durationInMillis` (music videos are left out, as on iTunes).
    func trackList(ofRelease id: String) async -> Result<TrackList, FetchFailure>? {
        let encodedID = id.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? id
        var url = apiURL("/v1/catalog/\(storefront)/albums/\(encodedID)/tracks")
        var tracks: [TrackListing] = []
        for _ in 0..<Self.maximumPages {
            guard let pageURL = url else { break }
            switch await get(pageURL, AppleMusicTrackPage.self) {
            case .failure(let failure):
                return .failure(failure)
            case .success(let page):
                tracks += page.data.filter { $0.type == "songs" }.compactMap { song in
                    guard let name = song.attributes?.name, !name.isEmpty else { return nil }
                    return TrackListing(
                        title: name, seconds: song.attributes?.durationInMillis.flatMap { $0 > 0 ? ($0 + 500) / 1000 : nil })
                }
                guard let next = page.next else { return .success(TrackList(tracks: tracks, isComplete: true)) }
                // Only paths are followed: the token must never go to another host.
                url = next.hasPrefix("/v1/") ? apiURL(next) : nil
            }
        }
        // A chain that does not end (or leaves the host) lists what it reached: too little to prove a difference.
        return .success(TrackList(tracks: tracks, isComplete: false))
    }
}

/// Page sizes tried for `artists/{id}/albums`, largest first: the API documents 25 (the default) and
/// has been seen to accept more; a size answered 400 is not tried again in this run.
final class PageSizeLadder: Sendable {
    static let sizes = [100, 50, AppleMusicProvider.defaultPageSize]
    private let index = Mutex(0)

    var current: Int { index.withLock { Self.sizes[$0] } }

    /// Steps below `size`; another artist may have stepped already.
    func refuse(_ size: Int) {
        index.withLock { index in
            if Self.sizes[index] == size { index = min(index + 1, Self.sizes.count - 1) }
        }
    }
}
