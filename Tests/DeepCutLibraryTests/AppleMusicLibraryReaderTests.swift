import DeepCutCore
import DeepCutFixtures
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutConfig
@testable import DeepCutHTTP
@testable import DeepCutLibrary

@Suite struct AppleMusicLibraryReaderTests {
    private let scratch = ScratchFolder()

    private static let developerToken = "eyJhbGciOiJFUzI1NiJ9.developer.signature"
    private static let userToken = "AmFQuserTOKEN+secret/42=="

    /// A source whose token files hold `developerToken` and `userToken`.
    private func source(_ baseURL: URL, userToken: String = userToken) throws -> LibrarySource {
        LibrarySource(
            format: .appleMusicLibrary, path: baseURL,
            tokenFile: try scratch.write("developer.token", Self.developerToken + "\n"),
            userTokenFile: try scratch.write("user.token", " \(userToken)\n"))
    }

    private func reader(
        credentialsDirectory: URL? = nil, maxAttempts: Int = 1,
        client: (any HTTPClient)? = nil
    ) -> AppleMusicLibraryReader {
        AppleMusicLibraryReader(
            client: client ?? CurlHTTPClient(maximumConnectionsPerHost: 1),
            environment: credentialsDirectory.map { ["CREDENTIALS_DIRECTORY": $0.path] } ?? [:],
            policy: RetryPolicy(maxAttempts: maxAttempts, baseDelay: .zero), timeoutSeconds: 5)
    }

    private static func library(_ count: Int) -> FixtureLibrary {
        FixtureLibrary(
            albums: (1...count).map { FixtureLibraryAlbum(title: "Album \($0)", artist: "Artist \($0 % 7)") },
            developerToken: developerToken, userToken: userToken)
    }

    private func withLibraryServer<Result>(
        _ library: FixtureLibrary,
        _ body: (FixtureServer, URL) async throws -> Result
    ) async throws -> Result {
        let server = FixtureServer(catalog: FixtureCatalog(artists: []), library: library)
        let url = try server.start()
        defer { server.close() }
        return try await body(server, url)
    }

    /// The message of the `DeepCutError` `body` throws, checking it never carries a token.
    private func failure(
        _ body: () async throws -> LibraryReadResult,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> (any DeepCutError)? {
        do {
            _ = try await body()
            Issue.record("no error thrown", sourceLocation: sourceLocation)
            return nil
        } catch let error as any DeepCutError {
            #expect(!error.message.contains(Self.developerToken), sourceLocation: sourceLocation)
            #expect(!error.message.contains(Self.userToken), sourceLocation: sourceLocation)
            #expect(!error.message.contains("\n"), sourceLocation: sourceLocation)
            return error
        } catch {
            Issue.record("unexpected \(type(of: error)): \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }

    // MARK: - Paging over loopback

    @Test func followsNextUntilAbsentAskingForFullPages() async throws {
        try await withLibraryServer(Self.library(230)) { server, url in
            let result = try await reader().read(try source(url))
            #expect(result.albums.count == 230)
            #expect(
                result.albums.first
                    == LibraryAlbum(title: "Album 1", artist: "Artist 1", source: "apple-music-library:\(url.host!):\(url.port!)"))
            #expect(result.albums.last?.title == "Album 230")
            #expect(result.warnings.isEmpty)
            #expect(server.requestLog.map(\.path) == Array(repeating: "/v1/me/library/albums", count: 3))
            #expect(
                server.requestLog.map(\.query) == [
                    "limit=100&include=catalog%2Ctracks", "offset=100&limit=100&include=catalog,tracks",
                    "offset=200&limit=100&include=catalog,tracks"
                ])
            #expect(server.requestLog.map(\.status) == [200, 200, 200])
        }
    }

    /// `include=catalog`: each library album's catalog album and artist are kept, for an apple-music
    /// sweep to use without a search and to mark owned albums by id; an album without a catalog
    /// match (an import) is still owned by its title.
    @Test func catalogAlbumsAndArtistsOfLibraryAlbumsAreKept() async throws {
        let library = FixtureLibrary(
            albums: [
                FixtureLibraryAlbum(title: "Mordechai", artist: "Khruangbin", catalogAlbumID: "1512345678", catalogArtistID: "967213314"),
                FixtureLibraryAlbum(title: "Home Recording", artist: "Khruangbin"),
                FixtureLibraryAlbum(title: "Fragments", artist: "Bonobo", catalogAlbumID: "1594455555")
            ], developerToken: Self.developerToken, userToken: Self.userToken)
        try await withLibraryServer(library) { _, url in
            let result = try await reader().read(try source(url))
            #expect(result.albums.count == 3)
            #expect(result.appleMusicArtistIDs == [ArtistName.normalize("Khruangbin"): "967213314"])
            #expect(Set(result.appleMusicAlbumIDs.values) == ["1512345678", "1594455555"])
        }
    }

    /// `include=tracks`: each library album's tracks, names and lengths, come along as evidence
    /// for the editions the title rules cannot place; an album listing none has no track list.
    @Test func libraryTracksAreKeptAsEvidence() async throws {
        let tracks = [TrackListing(title: "First Class", seconds: 223), TrackListing(title: "Time (You and I)", seconds: 260)]
        let library = FixtureLibrary(
            albums: [
                FixtureLibraryAlbum(title: "Mordechai", artist: "Khruangbin", tracks: tracks),
                FixtureLibraryAlbum(title: "Fragments", artist: "Bonobo")
            ], developerToken: Self.developerToken, userToken: Self.userToken)
        try await withLibraryServer(library) { _, url in
            let result = try await reader().read(try source(url))
            #expect(result.albums.first { $0.title == "Mordechai" }?.tracks == tracks)
            #expect(result.albums.first { $0.title == "Fragments" }?.tracks == nil)
        }
    }

    @Test func emptyLibraryIsOneRequest() async throws {
        try await withLibraryServer(FixtureLibrary(developerToken: Self.developerToken, userToken: Self.userToken)) { server, url in
            let result = try await reader().read(try source(url))
            #expect(result.albums.isEmpty)
            #expect(server.requestLog.count == 1)
        }
    }

    @Test func loadLibraryDedupesItsArtistsWithFileSources() async throws {
        try await withLibraryServer(
            FixtureLibrary(
                albums: [
                    FixtureLibraryAlbum(title: "Bronco", artist: "Orville Peck"),
                    FixtureLibraryAlbum(title: "Dance Fever", artist: "florence + the  machine"),
                    FixtureLibraryAlbum(title: "Now 100", artist: "Various Artists")
                ], developerToken: Self.developerToken, userToken: Self.userToken)
        ) { _, url in
            let csv = LibrarySource(format: .csv, path: try scratch.write("library.csv", "title,artist\nLungs,Florence + The Machine\n"))
            let registry = LibraryReaderRegistry(readers: [.csv: CSVLibraryReader(), .appleMusicLibrary: reader()])
            let outcome = try await LoadLibrary(registry: registry).run([csv, try source(url)])
            #expect(outcome.artists == ["Florence + The Machine", "Orville Peck"])
            #expect(outcome.albums.count == 4)
            #expect(outcome.sources.map(\.albums) == [1, 3])
        }
    }

    // MARK: - Credentials

    @Test func credentialsDirectoryIsTheFallback() async throws {
        try await withLibraryServer(Self.library(3)) { _, url in
            let credentials = scratch.url.appendingPathComponent("credentials")
            try scratch.write("credentials/apple-music-token", Self.developerToken)
            try scratch.write("credentials/apple-music-user-token", Self.userToken)
            let source = LibrarySource(format: .appleMusicLibrary, path: url)
            #expect(try await reader(credentialsDirectory: credentials).read(source).albums.count == 3)
        }
    }

    @Test func rejectedUserTokenIsAConfigError() async throws {
        try await withLibraryServer(Self.library(3)) { _, url in
            let error = await failure { try await reader().read(try source(url, userToken: "AmFQstale")) }
            #expect(
                error as? ConfigError
                    == ConfigError(
                        message:
                            "\(url.host!):\(url.port!): Apple Music rejected the Music-User-Token (HTTP 403): check 'userTokenFile' or the 'apple-music-user-token' credential"
                    ))
            #expect(error?.exitCode == .config)
        }
    }

    @Test func rejectedDeveloperTokenIsAConfigError() async throws {
        var library = Self.library(3)
        library.developerToken = "another"
        try await withLibraryServer(library) { _, url in
            let error = await failure { try await reader().read(try source(url)) }
            #expect(error?.exitCode == .config)
            #expect(error?.message.contains("rejected the developer token (HTTP 401)") == true)
        }
    }

    @Test func missingTokensAreConfigErrorsNamingTheKey() async throws {
        let source = LibrarySource(format: .appleMusicLibrary, path: URL(string: "http://127.0.0.1:9")!)
        let error = await failure { try await reader().read(source) }
        #expect(
            error as? ConfigError
                == ConfigError(
                    message:
                        "library[].tokenFile: the apple-music-library source needs a developer token: set library[].tokenFile, or pass the systemd credential 'apple-music-token' (LoadCredential=)"
                ))
    }

    @Test(arguments: [("", "is empty"), ("two\nlines", "does not hold a single-line token")])
    func badTokenFilesAreConfigErrors(contents: String, problem: String) async throws {
        let tokenFile = try scratch.write("user.token", contents)
        let source = LibrarySource(
            format: .appleMusicLibrary, path: URL(string: "http://127.0.0.1:9")!,
            tokenFile: try scratch.write("developer.token", Self.developerToken), userTokenFile: tokenFile)
        let error = await failure { try await reader().read(source) }
        #expect(error as? ConfigError == ConfigError(message: "library[].userTokenFile: \(tokenFile.path) \(problem)"))
    }

    @Test func tokensTravelOnlyInHeaders() async throws {
        let client = ScriptedHTTPClient(replies: [.success(HTTPResponse(status: 200, body: Data(#"{"data": []}"#.utf8)))])
        _ = try await reader(client: client).read(try source(URL(string: "https://api.music.apple.com")!))
        let request = try #require(client.requests.first)
        #expect(request.url.absoluteString == "https://api.music.apple.com/v1/me/library/albums?limit=100&include=catalog%2Ctracks")
        #expect(request.headers == ["Authorization": "Bearer \(Self.developerToken)", "Music-User-Token": Self.userToken])
        let credentials = try AppleMusicLibraryCredentials(source: try source(request.url), credentialsDirectory: nil)
        #expect(!"\(credentials)".contains(Self.userToken))
        #expect(!String(reflecting: credentials).contains(Self.developerToken))
    }

    // MARK: - Failures keep their meaning

    @Test func unreachableAPIIsATemporaryFailure() async throws {
        let url = URL(string: "http://127.0.0.1:\(LoopbackServerProcess.closedPort())")!
        let error = await failure { try await reader().read(try source(url)) }
        let unavailable = try #require(error as? LibraryUnavailableError)
        #expect(unavailable.exitCode == .tempFail)
        #expect(unavailable.failure.kind == .transport)
        #expect(
            unavailable.message.hasPrefix(
                "\(url.host!):\(url.port!): Apple Music library unavailable: GET \(url.host!):\(url.port!)/v1/me/library/albums: "))
    }

    @Test func serverErrorsAfterRetriesAreATemporaryFailure() async throws {
        let client = ScriptedHTTPClient(replies: Array(repeating: .success(HTTPResponse(status: 503)), count: 3))
        let error = await failure {
            try await reader(maxAttempts: 3, client: client).read(try source(URL(string: "https://api.music.apple.com")!))
        }
        let unavailable = try #require(error as? LibraryUnavailableError)
        #expect(
            unavailable.failure
                == FetchFailure(
                    kind: .http, httpStatus: 503, attempts: 3,
                    message: "GET api.music.apple.com/v1/me/library/albums: HTTP 503 after 3 attempts"))
        #expect(
            unavailable.message
                == "api.music.apple.com: Apple Music library unavailable: GET api.music.apple.com/v1/me/library/albums: HTTP 503 after 3 attempts"
        )
    }

    @Test func aFailingSecondPageFailsTheWholeRead() async throws {
        let client = ScriptedHTTPClient(replies: [
            .success(
                HTTPResponse(
                    status: 200,
                    body: Data(
                        #"{"next": "/v1/me/library/albums?offset=1", "data": [{"attributes": {"name": "A", "artistName": "B"}}]}"#.utf8))),
            .failure(TransportError(.timeout, "no complete answer within 5 s"))
        ])
        let error = await failure { try await reader(client: client).read(try source(URL(string: "https://api.music.apple.com")!)) }
        #expect((error as? LibraryUnavailableError)?.failure.kind == .timeout)
    }

    @Test func undecodableAnswerIsBadData() async throws {
        let client = ScriptedHTTPClient(replies: [.success(HTTPResponse(status: 200, body: Data("<html>captive portal</html>".utf8)))])
        let error = await failure { try await reader(client: client).read(try source(URL(string: "https://api.music.apple.com")!)) }
        #expect(
            error as? LibraryError
                == LibraryError(
                    message:
                        "api.music.apple.com: Apple Music library: GET api.music.apple.com/v1/me/library/albums: undecodable body: not JSON"
                ))
        #expect(error?.exitCode == .dataError)
    }

    @Test func nextLinkMayNotLeaveTheAPIsHost() async throws {
        let client = ScriptedHTTPClient(replies: [
            .success(
                HTTPResponse(
                    status: 200, body: Data(#"{"next": "https://collector.example/v1/me/library/albums?offset=1", "data": []}"#.utf8)))
        ])
        let error = await failure { try await reader(client: client).read(try source(URL(string: "https://api.music.apple.com")!)) }
        #expect(
            error as? LibraryError
                == LibraryError(message: "api.music.apple.com: Apple Music library: a next link leads away from api.music.apple.com"))
        #expect(client.requests.count == 1)
    }

    @Test func nextLinkLoopingBackIsBadData() async throws {
        let page = HTTPResponse(status: 200, body: Data(#"{"next": "/v1/me/library/albums?offset=0&limit=100", "data": []}"#.utf8))
        let client = ScriptedHTTPClient(replies: [.success(page), .success(page)])
        let error = await failure { try await reader(client: client).read(try source(URL(string: "https://api.music.apple.com")!)) }
        #expect(
            error as? LibraryError
                == LibraryError(message: "api.music.apple.com: Apple Music library: a next link leads back to a page already read"))
    }

    @Test func itemsWithoutNameOrArtistAreNumberedWarnings() async throws {
        let body = #"{"data": [{"attributes": {"name": "A", "artistName": "X"}}, {"id": "l.1"}, {"attributes": {"name": "B"}}]}"#
        let client = ScriptedHTTPClient(replies: [.success(HTTPResponse(status: 200, body: Data(body.utf8)))])
        let result = try await reader(client: client).read(try source(URL(string: "https://api.music.apple.com")!))
        #expect(result.albums.map(\.title) == ["A"])
        #expect(
            result.warnings.map(\.description) == [
                "api.music.apple.com: item 2: missing title and artist",
                "api.music.apple.com: item 3: missing artist"
            ])
    }

    // MARK: - Apple's documented answer

    @Test func documentationExampleDecodes() throws {
        guard let url = SharedSamples.url("applemusic_me_library_albums_DOC-EXAMPLE_transcribed.json") else { return }
        let page = try AppleMusicLibraryPage.decode(try Data(contentsOf: url))
        #expect(
            page.data.map(\.attributes) == [
                AppleMusicLibraryPage.Attributes(name: "Bronco", artistName: "Orville Peck"),
                AppleMusicLibraryPage.Attributes(name: "Dance Fever", artistName: "Florence + the Machine")
            ])
        #expect(page.next == "/v1/me/library/albums?offset=2")
        let source = LibrarySource(format: .appleMusicLibrary, path: LibrarySource.appleMusicBaseURL)
        #expect(
            try AppleMusicLibraryReader.nextURL(page.next!, source: source).absoluteString
                == "https://api.music.apple.com/v1/me/library/albums?offset=2&limit=100&include=catalog,tracks")
    }

    @Test func documentationExampleReadsAsTheFirstPage() async throws {
        guard let url = SharedSamples.url("applemusic_me_library_albums_DOC-EXAMPLE_transcribed.json") else { return }
        let client = ScriptedHTTPClient(replies: [
            .success(HTTPResponse(status: 200, body: try Data(contentsOf: url))),
            .success(HTTPResponse(status: 200, body: Data(#"{"data": [], "meta": {"total": 2}}"#.utf8)))
        ])
        let result = try await reader(client: client).read(try source(URL(string: "https://api.music.apple.com")!))
        #expect(result.albums.map(\.artist) == ["Orville Peck", "Florence + the Machine"])
        #expect(
            client.requests.map(\.url.absoluteString) == [
                "https://api.music.apple.com/v1/me/library/albums?limit=100&include=catalog%2Ctracks",
                "https://api.music.apple.com/v1/me/library/albums?offset=2&limit=100&include=catalog,tracks"
            ])
    }
}
