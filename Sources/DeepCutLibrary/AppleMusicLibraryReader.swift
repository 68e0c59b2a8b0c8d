import DeepCutConfig
import DeepCutCore
import DeepCutHTTP
import Foundation

/// Reads the user's Apple Music library: `GET {baseURL}/v1/me/library/albums?limit=100&include=catalog,tracks`,
/// following `next` until it is absent, one album per item (`attributes.name`, `attributes.artistName`).
/// `include=catalog` names the catalog album each library album is, and that album's catalog artist:
/// kept in the result, so an apple-music sweep uses the artist without a search and marks the album owned by id.
///
/// Failures keep their meaning: an unreachable API throws `LibraryUnavailableError` (exit 75), a
/// rejected token (401/403) a `ConfigError` (exit 78), an answer that is not a page of albums a
/// `LibraryError` (exit 65). No failure is ever read as an empty library.
package struct AppleMusicLibraryReader: LibraryReader {
    /// The API's largest page.
    static let pageLimit = 100
    static let albumsPath = "v1/me/library/albums"

    private let makeClient: @Sendable () -> any HTTPClient
    private let policy: RetryPolicy
    private let timeoutSeconds: Int
    private let credentialsDirectory: URL?

    /// Over its own `CurlHTTPClient` (one connection, made per read), 3 attempts of at most 20 s each, credentials from `$CREDENTIALS_DIRECTORY` when set.
    package init() {
        self.init(makeClient: { CurlHTTPClient(maximumConnectionsPerHost: 1) }, policy: RetryPolicy(maxAttempts: 3),
                  timeoutSeconds: 20,
                  credentialsDirectory: ProcessInfo.processInfo.environment["CREDENTIALS_DIRECTORY"].map { URL(fileURLWithPath: $0) })
    }

    /// - Parameter makeClient: called once per read, so a session lives only while a library is read.
    init(makeClient: @escaping @Sendable () -> any HTTPClient, policy: RetryPolicy, timeoutSeconds: Int,
         credentialsDirectory: URL?) {
        self.makeClient = makeClient
        self.policy = policy
        self.timeoutSeconds = timeoutSeconds
        self.credentialsDirectory = credentialsDirectory
    }

    /// The catalog album each library album is, and its tracks (evidence for undecided editions).
    static let included = "catalog,tracks"

    package func read(_ source: LibrarySource) async throws -> LibraryReadResult {
        var result = LibraryReadResult(source: source)
        let credentials = try AppleMusicLibraryCredentials(source: source, credentialsDirectory: credentialsDirectory)
        let requester = CatalogRequester(client: makeClient(), policy: policy, timeoutSeconds: timeoutSeconds,
                                         headers: credentials.headers)
        var pageURL: URL? = source.path.appending(path: Self.albumsPath, query: ["limit": String(Self.pageLimit), "include": Self.included])
        var visited: Set<URL> = []
        var position = 0
        while let url = pageURL {
            guard visited.insert(url).inserted else {
                throw LibraryError(message: "\(result.sourceName): Apple Music library: a next link leads back to a page already read")
            }
            let page = try await fetch(url, with: requester, source: source)
            for album in page.data {
                position += 1
                let added = result.addRow(title: album.attributes?.name, artist: album.attributes?.artistName, tracks: album.tracks,
                                          at: .item(position))
                if let added, let catalog = album.catalogAlbum {
                    result.appleMusicAlbumIDs[added.key] = result.appleMusicAlbumIDs[added.key] ?? catalog.id
                    let artist = ArtistName.normalize(added.artist)
                    if let id = catalog.artistID, !ArtistName.isPlaceholder(artist), result.appleMusicArtistIDs[artist] == nil {
                        result.appleMusicArtistIDs[artist] = id
                    }
                }
            }
            pageURL = try page.next.map { try Self.nextURL($0, source: source) }
        }
        return result
    }

    private func fetch(_ url: URL, with requester: CatalogRequester, source: LibrarySource) async throws -> AppleMusicLibraryPage {
        switch await requester.get(url, decode: AppleMusicLibraryPage.decode) {
        case .success(let page):
            return page
        case .failure(let failure):
            throw Self.error(for: failure, source: source)
        }
    }

    /// What a failed request means for the run: credentials, bad data, or try again later.
    static func error(for failure: FetchFailure, source: LibrarySource) -> any DeepCutError {
        switch (failure.httpStatus, failure.kind) {
        case (401, _):
            ConfigError(message: "\(source.name): Apple Music rejected the developer token (HTTP 401): check 'tokenFile' or the '\(AppleMusicLibraryCredentials.developerTokenCredential)' credential")
        case (403, _):
            ConfigError(message: "\(source.name): Apple Music rejected the Music-User-Token (HTTP 403): check 'userTokenFile' or the '\(AppleMusicLibraryCredentials.userTokenCredential)' credential")
        case (_, .decoding):
            LibraryError(message: "\(source.name): Apple Music library: \(failure.message)")
        default:
            LibraryUnavailableError(failure: failure, message: "\(source.name): Apple Music library unavailable: \(failure.message)")
        }
    }

    /// The next page's URL: `next` resolved against the base URL, which it must not leave (the
    /// tokens go wherever it points), with `limit` and `include=catalog` added when the API's link drops them.
    static func nextURL(_ next: String, source: LibrarySource) throws -> URL {
        let base = source.path
        guard let resolved = URL(string: next, relativeTo: base)?.absoluteURL,
              var components = URLComponents(url: resolved, resolvingAgainstBaseURL: false),
              resolved.scheme == base.scheme, resolved.host == base.host, resolved.port == base.port
        else {
            throw LibraryError(message: "\(source.name): Apple Music library: a next link leads away from \(source.name)")
        }
        for (name, value) in [("limit", String(pageLimit)), ("include", included)]
            where !(components.queryItems ?? []).contains(where: { $0.name == name }) {
            components.percentEncodedQuery = (components.percentEncodedQuery.map { $0 + "&" } ?? "") + "\(name)=\(value)"
        }
        guard let url = components.url else {
            throw LibraryError(message: "\(source.name): Apple Music library: malformed next link")
        }
        return url
    }
}
