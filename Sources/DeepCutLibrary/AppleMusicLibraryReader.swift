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

    private let client: any HTTPClient
    private let policy: RetryPolicy
    private let timeoutSeconds: Int
    private let credentialsDirectory: URL?

    /// - Parameters:
    ///   - client: the caller's client (the app's, shared with the sweep).
    ///   - environment: where the tokens' systemd credential folder (`CREDENTIALS_DIRECTORY`) is looked up.
    ///   - policy: 3 attempts by default, of at most `timeoutSeconds` (20 s) each.
    package init(
        client: any HTTPClient, environment: [String: String], policy: RetryPolicy = RetryPolicy(maxAttempts: 3),
        timeoutSeconds: Int = 20
    ) {
        self.client = client
        self.policy = policy
        self.timeoutSeconds = timeoutSeconds
        credentialsDirectory = AppleMusicToken.credentialsDirectory(in: environment)
    }

    /// The catalog album each library album is, and its tracks (evidence for undecided editions).
    static let included = "catalog,tracks"

    package func read(_ source: LibrarySource) async throws -> LibraryReadResult {
        var result = LibraryReadResult(source: source)
        let credentials = try AppleMusicLibraryCredentials(source: source, credentialsDirectory: credentialsDirectory)
        var requester = CatalogRequester(
            client: client, policy: policy, timeoutSeconds: timeoutSeconds,
            headers: credentials.headers)
        requester.dialect = .appleMusic()
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
                let added = result.addRow(
                    title: album.attributes?.name, artist: album.attributes?.artistName, tracks: album.tracks,
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
        switch (CatalogDialect.appleMusicRefusal(in: failure), failure.kind) {
        case (401, _):
            ConfigError(
                message:
                    "\(source.name): Apple Music rejected the developer token (HTTP 401): check 'tokenFile' or the '\(AppleMusicToken.credentialName)' credential"
            )
        case (403, _):
            ConfigError(
                message:
                    "\(source.name): Apple Music rejected the Music-User-Token (HTTP 403): check 'userTokenFile' or the '\(AppleMusicToken.userTokenCredentialName)' credential"
            )
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

/// The two tokens `/v1/me/library` needs: the developer token (sent as Bearer) and the user's
/// Music-User-Token. Read from the source's `tokenFile`/`userTokenFile`, else from systemd's
/// `$CREDENTIALS_DIRECTORY` (`apple-music-token`, `apple-music-user-token`), by `AppleMusicToken`.
///
/// Every error names the file or key, never the token; `description` is redacted so a stray
/// `print` cannot leak one either.
package struct AppleMusicLibraryCredentials: Sendable, CustomStringConvertible {
    let developerToken: AppleMusicToken
    let userToken: AppleMusicToken

    /// - Throws: `ConfigError` (exit 78) when a token is not configured, unreadable, empty or malformed.
    package init(source: LibrarySource, credentialsDirectory: URL?) throws {
        developerToken = try AppleMusicToken.load(
            file: source.tokenFile, key: "library[].tokenFile", credential: AppleMusicToken.credentialName,
            needed: "the apple-music-library source needs a developer token",
            credentialsDirectory: credentialsDirectory)
        userToken = try AppleMusicToken.load(
            file: source.userTokenFile, key: "library[].userTokenFile",
            credential: AppleMusicToken.userTokenCredentialName,
            needed: "the apple-music-library source needs a Music-User-Token",
            credentialsDirectory: credentialsDirectory)
    }

    /// The request headers that carry the tokens.
    var headers: [String: String] {
        ["Authorization": "Bearer \(developerToken.value)", "Music-User-Token": userToken.value]
    }

    package var description: String { "AppleMusicLibraryCredentials(tokens redacted)" }
}

/// One page of `GET /v1/me/library/albums`: the albums and the path of the next page, if any.
/// Only what the library needs is decoded; other attributes are ignored.
struct AppleMusicLibraryPage: Sendable, Hashable, Decodable {
    struct Resource: Sendable, Hashable, Decodable {
        var attributes: Attributes?
        /// With `include=catalog`: the catalog album this library album is.
        var relationships: Relationships?

        /// The catalog album's id and its first catalog artist's id, when the answer names them.
        var catalogAlbum: (id: String, artistID: String?)? {
            guard let album = relationships?.catalog?.data.first else { return nil }
            return (album.id, album.relationships?.artists?.data.first?.id)
        }

        /// With `include=tracks`: the library tracks' names and lengths, for `TrackEvidence`.
        var tracks: [TrackListing]? {
            guard let members = relationships?.tracks?.data, !members.isEmpty else { return nil }
            return members.compactMap { member in
                guard let name = member.attributes?.name, !name.isEmpty else { return nil }
                return TrackListing(title: name, seconds: member.attributes?.durationInMillis.flatMap { $0 > 0 ? ($0 + 500) / 1000 : nil })
            }
        }
    }

    struct Relationships: Sendable, Hashable, Decodable {
        var catalog: Related?
        var artists: Related?
        var tracks: Related?
    }

    /// A relationship's resources: ids, and their own relationships where the answer includes them.
    struct Related: Sendable, Hashable, Decodable {
        struct Member: Sendable, Hashable, Decodable {
            var id: String
            var relationships: Relationships?
            /// Only tracks' are read: a song's name and length.
            var attributes: MemberAttributes?
        }

        struct MemberAttributes: Sendable, Hashable, Decodable {
            var name: String?
            var durationInMillis: Int?
        }

        var data: [Member]
    }

    struct Attributes: Sendable, Hashable, Decodable {
        var name: String?
        var artistName: String?
    }

    /// A path such as `/v1/me/library/albums?offset=100`, relative to the API's host.
    var next: String?
    var data: [Resource]

    static func decode(_ body: Data) throws(BodyDecodingError) -> AppleMusicLibraryPage {
        try JSONBody.decode(AppleMusicLibraryPage.self, from: body)
    }
}
