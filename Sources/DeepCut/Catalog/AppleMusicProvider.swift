import Foundation
import DeepCutCore

/// The Apple Music API: a developer token as Bearer, catalog search, and an artist's albums page by page.
///
/// 401 and 403 are the catalog refusing the token: never retried, reported as configuration errors
/// through `CredentialedCatalogProvider`, and after the first one no further request is sent.
struct AppleMusicProvider: CredentialedCatalogProvider {
    static let searchLimit = 10
    /// A ceiling on pages per artist (25 albums each), so a `next` chain that never ends cannot run away.
    static let maximumPages = 200

    let name = "apple-music"
    let baseURL: URL
    /// Two-letter storefront, e.g. `us`.
    let storefront: String
    let requester: CatalogRequester
    private let refusal = CredentialRefusal()

    /// - Parameter requester: gets the token's `Authorization` header and Apple Music's dialect here.
    init(baseURL: URL, storefront: String, token: AppleMusicToken, requester: CatalogRequester) {
        var requester = requester
        requester.headers["Authorization"] = "Bearer \(token.value)"
        requester.dialect = CatalogDialect(finalStatuses: [401, 403]) { body in
            AppleMusicErrorBody.summary(body).map { Self.redacting(token, in: $0) }
        }
        self.baseURL = baseURL
        self.storefront = storefront
        self.requester = requester
    }

    /// `search?types=artists`: every hit in the catalog's order (the sweep picks among them).
    func searchArtists(named name: String) async -> Result<[CatalogArtist], FetchFailure> {
        let url = baseURL.appending(path: "v1/catalog/\(storefront)/search",
                                    query: ["term": name, "types": "artists", "limit": String(Self.searchLimit)])
        return await get(url, AppleMusicSearchBody.self).map(\.artists)
    }

    /// `artists/{id}/albums`, following `next` until it is absent; repeated ids are removed.
    func releases(ofArtistID id: String, named name: String) async -> Result<[Release], FetchFailure> {
        let encodedID = id.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? id
        let path = "/v1/catalog/\(storefront)/artists/\(encodedID)/albums"
        var url = apiURL(path)
        var releases: [Release] = []
        var followed: Set<String> = []
        for pages in 0..<Self.maximumPages {
            guard let pageURL = url else {
                return .failure(pagingFailure(path, "a next link is not a path on the catalog", pages: pages))
            }
            switch await get(pageURL, AppleMusicAlbumPage.self) {
            case .failure(let failure):
                return .failure(failure)
            case .success(let page):
                releases += page.releases(creditedTo: name)
                guard let next = page.next else { return .success(releases.uniquedByID()) }
                guard followed.insert(next).inserted else {
                    return .failure(pagingFailure(path, "a next link repeats", pages: pages + 1))
                }
                url = next.hasPrefix("/v1/") ? apiURL(next) : nil
            }
        }
        return .failure(pagingFailure(path, "more than \(Self.maximumPages) pages", pages: Self.maximumPages))
    }

    func authorizationError(for failure: FetchFailure) -> CatalogAuthorizationError? {
        guard failure.kind == .http, let status = failure.httpStatus, status == 401 || status == 403 else { return nil }
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
