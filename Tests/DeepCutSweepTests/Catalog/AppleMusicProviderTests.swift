import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutCatalog
@testable import DeepCutConfig
@testable import DeepCutFixtures
@testable import DeepCutHTTP
@testable import DeepCutSweep

@Suite struct AppleMusicProviderTests {
    static let token = "eyJhbGciOiJFUzI1NiJ9.RECOGNISABLE-TOKEN.c2lnbmF0dXJl"
    let base = URL(string: "http://127.0.0.1:9/apple")!

    func provider(_ client: ScriptedHTTPClient, maxAttempts: Int = 2) -> AppleMusicProvider {
        let requester = CatalogRequester(
            client: client, policy: RetryPolicy(maxAttempts: maxAttempts), timeoutSeconds: 5,
            random: { 0 }, sleep: { _ in })
        return AppleMusicProvider(baseURL: base, storefront: "gb", token: AppleMusicToken(Self.token), requester: requester)
    }

    func failure<Value>(_ result: Result<Value, FetchFailure>) throws -> FetchFailure {
        guard case .failure(let failure) = result else {
            Issue.record("expected a failure, got \(result)")
            throw CancellationError()
        }
        return failure
    }

    // MARK: Requests

    @Test func searchAsksForArtistsInTheStorefrontWithTheBearerToken() async throws {
        let client = ScriptedHTTPClient(replies: [.success(AppleMusicJSON.search([("1", "Beach Bunny")]))])
        #expect(await provider(client).resolveArtist(named: "Beach Bunny") == .found(id: "1", name: "Beach Bunny"))
        let request = try #require(client.requests.first)
        #expect(request.url.path == "/apple/v1/catalog/gb/search")
        #expect(request.query("term") == "Beach Bunny")
        #expect(request.query("types") == "artists")
        #expect(request.query("limit") == "10")
        #expect(request.headers["Authorization"] == "Bearer \(Self.token)")
    }

    @Test func exactNormalisedNameWinsAndNoHitsIsNotFound() async {
        let hits = ScriptedHTTPClient(replies: [.success(AppleMusicJSON.search([("1", "Nirvana UK"), ("2", "NIRVANA")]))])
        #expect(await provider(hits).resolveArtist(named: "nirvana") == .found(id: "2", name: "NIRVANA"))
        let none = ScriptedHTTPClient(replies: [.success(AppleMusicJSON.search([]))])
        #expect(await provider(none).resolveArtist(named: "Nobody") == .notFound)
    }

    @Test func searchWithoutResultsKeyIsADecodingFailureNotNotFound() async {
        let client = ScriptedHTTPClient(replies: [.success(AppleMusicJSON.ok(["meta": [:]]))])
        guard case .failed(let failure) = await provider(client).resolveArtist(named: "X") else {
            Issue.record("a body without results must fail")
            return
        }
        #expect(failure.kind == .decoding)
        #expect(failure.message.contains("results is missing"))
    }

    // MARK: Albums

    @Test func albumsFollowNextUntilAbsentAndDropRepeatedIDs() async throws {
        let client = ScriptedHTTPClient(replies: [
            .success(
                AppleMusicJSON.page(
                    [AppleMusicJSON.album("10", "Honeymoon"), AppleMusicJSON.album("11", "Prom Queen - EP")],
                    next: "/v1/catalog/gb/artists/7/albums?offset=2")),
            .success(AppleMusicJSON.page([AppleMusicJSON.album("11", "Prom Queen - EP"), AppleMusicJSON.album("12", "Sports - Single")]))
        ])
        let releases = try await provider(client).releases(ofArtistID: "7", named: "Beach Bunny").get()
        #expect(releases.map(\.id) == ["10", "11", "12"])
        #expect(
            client.requests.map(\.url.absoluteString) == [
                "http://127.0.0.1:9/apple/v1/catalog/gb/artists/7/albums?limit=100",
                "http://127.0.0.1:9/apple/v1/catalog/gb/artists/7/albums?offset=2&limit=100"
            ])
        #expect(client.requests.allSatisfy { $0.headers["Authorization"] == "Bearer \(Self.token)" })
    }

    /// `artists?ids=` brings the first album page of every artist it lists; an artist it leaves
    /// out is asked alone, and one with more albums follows its `next`.
    @Test func artistsAreBatchedAndOnesTheAnswerLeavesOutAreAskedAlone() async throws {
        let client = ScriptedHTTPClient(replies: [
            .success(
                AppleMusicJSON.ok([
                    "data": [
                        [
                            "id": "7", "type": "artists",
                            "relationships": [
                                "albums": [
                                    "data": [AppleMusicJSON.album("10", "Honeymoon")], "next": "/v1/catalog/gb/artists/7/albums?offset=1"
                                ]
                            ]
                        ]
                    ]
                ])),
            .success(AppleMusicJSON.page([AppleMusicJSON.album("11", "Cloud 9")])),
            .success(AppleMusicJSON.page([AppleMusicJSON.album("20", "Alone")]))
        ])
        let answers = await provider(client).releases(ofEach: [
            CatalogArtist(id: "7", name: "Beach Bunny"),
            CatalogArtist(id: "8", name: "Left Out")
        ])
        #expect(try answers["7"]?.get().map(\.id) == ["10", "11"])
        #expect(try answers["8"]?.get().map(\.id) == ["20"])
        #expect(
            client.requests.map(\.url.absoluteString) == [
                "http://127.0.0.1:9/apple/v1/catalog/gb/artists?ids=7%2C8&include=albums",
                "http://127.0.0.1:9/apple/v1/catalog/gb/artists/7/albums?offset=1&limit=100",
                "http://127.0.0.1:9/apple/v1/catalog/gb/artists/8/albums?limit=100"
            ])
    }

    /// The largest page size first; a size the API refuses (400) is stepped down from, for this
    /// page and every later one, down to the documented default of 25 (no `limit`).
    @Test func aRefusedPageSizeFallsBackToSmallerOnes() async throws {
        let refused = AppleMusicJSON.error(status: 400, title: "Invalid Parameter Value", detail: "limit too large", code: "40005")
        let client = ScriptedHTTPClient(replies: [
            .success(refused), .success(refused),
            .success(AppleMusicJSON.page([AppleMusicJSON.album("10", "Honeymoon")], next: "/v1/catalog/gb/artists/7/albums?offset=1")),
            .success(AppleMusicJSON.page([AppleMusicJSON.album("11", "Cloud 9")]))
        ])
        let releases = try await provider(client).releases(ofArtistID: "7", named: "Beach Bunny").get()
        #expect(releases.map(\.id) == ["10", "11"])
        #expect(
            client.requests.map(\.url.absoluteString) == [
                "http://127.0.0.1:9/apple/v1/catalog/gb/artists/7/albums?limit=100",
                "http://127.0.0.1:9/apple/v1/catalog/gb/artists/7/albums?limit=50",
                "http://127.0.0.1:9/apple/v1/catalog/gb/artists/7/albums",
                "http://127.0.0.1:9/apple/v1/catalog/gb/artists/7/albums?offset=1"
            ])
    }

    @Test func typeComesFromSuffixAndIsCompilationNeverFromIsSingle() async throws {
        let client = ScriptedHTTPClient(replies: [
            .success(
                AppleMusicJSON.page([
                    AppleMusicJSON.album("1", "Honeymoon", isSingle: true),
                    AppleMusicJSON.album("2", "Prom Queen - EP", isSingle: false),
                    AppleMusicJSON.album("3", "Sports - Single", isSingle: false),
                    AppleMusicJSON.album("4", "Greatest Hits", compilation: true)
                ]))
        ])
        let releases = try await provider(client).releases(ofArtistID: "7", named: "Beach Bunny").get()
        #expect(releases.map(\.type) == [.album, .ep, .single, .compilation])
        #expect(releases.map(\.title) == ["Honeymoon", "Prom Queen", "Sports", "Greatest Hits"])
    }

    @Test func partialDatesExplicitnessArtworkAndTrackCount() async throws {
        let client = ScriptedHTTPClient(replies: [
            .success(
                AppleMusicJSON.page([
                    AppleMusicJSON.album("1", "A", date: "2019", rating: "explicit"),
                    AppleMusicJSON.album("2", "B", date: "2019-06", rating: "clean"),
                    AppleMusicJSON.album("3", "C", date: "soon")
                ]))
        ])
        let releases = try await provider(client).releases(ofArtistID: "7", named: "Beach Bunny").get()
        #expect(releases.map(\.releaseDate) == [ReleaseDate(year: 2019), ReleaseDate(year: 2019, month: 6), nil])
        #expect(releases.map(\.isExplicit) == [true, false, false])
        #expect(releases.first?.artworkURL == "https://art.example/1/600x600bb.jpg")
        #expect(releases.first?.trackCount == 9)
        #expect(releases.first?.url == "https://music.apple.com/us/album/1")
    }

    @Test func anAbsoluteNextLinkIsNeverFollowed() async throws {
        let client = ScriptedHTTPClient(replies: [
            .success(AppleMusicJSON.page([AppleMusicJSON.album("1", "A")], next: "https://elsewhere.example/v1/steal"))
        ])
        let failure = try failure(await provider(client).releases(ofArtistID: "7", named: "X"))
        #expect(failure.kind == .decoding)
        #expect(failure.message.contains("not a path on the catalog"))
        #expect(client.requests.count == 1)
    }

    @Test func aRepeatingNextLinkFailsInsteadOfLooping() async throws {
        let next = "/v1/catalog/gb/artists/7/albums?offset=1"
        let client = ScriptedHTTPClient(replies: [
            .success(AppleMusicJSON.page([AppleMusicJSON.album("1", "A")], next: next)),
            .success(AppleMusicJSON.page([AppleMusicJSON.album("2", "B")], next: next))
        ])
        let failure = try failure(await provider(client).releases(ofArtistID: "7", named: "X"))
        #expect(failure.kind == .decoding)
        #expect(failure.message.contains("repeats"))
    }

    @Test func aFailingLaterPageFailsTheArtistRatherThanShorteningTheList() async throws {
        let client = ScriptedHTTPClient(replies: [
            .success(AppleMusicJSON.page([AppleMusicJSON.album("1", "A")], next: "/v1/catalog/gb/artists/7/albums?offset=1")),
            .success(AppleMusicJSON.error(status: 404, title: "Resource Not Found", detail: "gone", code: "40400"))
        ])
        let failure = try failure(await provider(client).releases(ofArtistID: "7", named: "X"))
        #expect(failure.kind == .http)
        #expect(failure.httpStatus == 404)
    }

    // MARK: Errors

    /// Refused at every page size, down to the default: the last answer's error body is the message.
    @Test func errorBodyIsDecodedIntoTheMessage() async throws {
        let refused = Result<HTTPResponse, TransportError>.success(
            AppleMusicJSON.error(
                status: 400, title: "Invalid Parameter Value", detail: "Invalid value for 'limit'", code: "40005"))
        let client = ScriptedHTTPClient(replies: [refused, refused, refused])
        let failure = try failure(await provider(client).releases(ofArtistID: "7", named: "X"))
        #expect(failure.kind == .http)
        #expect(failure.message.contains("HTTP 400: Invalid Parameter Value (40005): Invalid value for 'limit'"))
    }

    @Test func tooManyRequestsIsRetriedAsRateLimiting() async throws {
        let client = ScriptedHTTPClient(replies: [.success(HTTPResponse(status: 429)), .success(AppleMusicJSON.page([]))])
        #expect(try await provider(client).releases(ofArtistID: "7", named: "X").get() == [])
        #expect(client.requests.count == 2)
    }

    @Test(arguments: [401, 403])
    func refusedTokenIsFinalAndAConfigurationError(status: Int) async throws {
        // An empty-bodied 403 is iTunes' throttling, but Apple Music's refusal: never retried.
        let client = ScriptedHTTPClient(replies: [.success(HTTPResponse(status: status))])
        let provider = provider(client, maxAttempts: 3)
        let failure = try failure(await provider.releases(ofArtistID: "7", named: "X"))
        #expect(failure.kind == .http)
        #expect(failure.httpStatus == status)
        #expect(client.requests.count == 1)
        let error = try #require(provider.authorizationError(for: failure))
        #expect(error.exitCode == .config)
        #expect(error.message.hasPrefix("catalog.tokenFile: apple-music refused the credentials (HTTP \(status))"))
    }

    @Test func afterARefusalNoFurtherRequestIsSent() async throws {
        let client = ScriptedHTTPClient(replies: [.success(HTTPResponse(status: 401))])
        let provider = provider(client)
        _ = await provider.resolveArtist(named: "A")
        guard case .failed(let later) = await provider.resolveArtist(named: "B") else {
            Issue.record("a refused token must keep failing")
            return
        }
        #expect(client.requests.count == 1)
        #expect(later.attempts == 0)
        #expect(later.httpStatus == 401)
        #expect(provider.authorizationError(for: later) != nil)
    }

    @Test func theTokenNeverAppearsInAFailureOrError() async throws {
        let echo = AppleMusicJSON.error(
            status: 401, title: "Unauthenticated",
            detail: "token \(Self.token) is expired", code: "40100")
        let client = ScriptedHTTPClient(replies: [.success(echo)])
        let provider = provider(client)
        guard case .failed(let failure) = await provider.resolveArtist(named: "A") else {
            Issue.record("a 401 must fail")
            return
        }
        #expect(failure.message.contains("Unauthenticated (40100): token <redacted> is expired"))
        let error = try #require(provider.authorizationError(for: failure))
        for text in [
            failure.message, error.message, String(describing: failure), String(describing: error),
            String(describing: AppleMusicToken(Self.token))
        ] {
            #expect(!text.contains("RECOGNISABLE-TOKEN"), "token leaked into: \(text)")
        }
    }

    // MARK: Credentials preflight

    @Test func credentialCheckAsksForTheStorefront() async throws {
        let client = ScriptedHTTPClient(replies: [.success(AppleMusicJSON.ok(["data": []])), .success(HTTPResponse(status: 401))])
        let provider: any CatalogProvider = provider(client)
        #expect(await provider.credentialsRefused() == nil)
        #expect(client.requests.first?.url.path == "/apple/v1/storefronts/gb")
        let refused = try #require(await provider.credentialsRefused())
        #expect(refused.httpStatus == 401)
    }

    @Test func anOutageIsNotACredentialProblem() async {
        let client = ScriptedHTTPClient(replies: [.success(HTTPResponse(status: 500)), .success(HTTPResponse(status: 500))])
        #expect(await provider(client).checkCredentials() == nil)
    }

    @Test func aSweepWithARefusalIsAConfigurationError() async throws {
        let client = ScriptedHTTPClient(replies: [.success(HTTPResponse(status: 401))])
        let provider: any CatalogProvider = provider(client)
        let sweep = try await SweepCatalog(provider: provider, concurrency: 1).run(artists: ["A", "B", "C"])
        #expect(client.requests.count == 1)
        let refused = try #require(provider.credentialsRefused(in: sweep))
        #expect(refused.exitCode == .config)
        let iTunes: any CatalogProvider = ITunesProvider(
            baseURL: base, country: "us",
            requester: CatalogRequester(
                client: client, policy: RetryPolicy(maxAttempts: 1), timeoutSeconds: 1))
        #expect(iTunes.credentialsRefused(in: sweep) == nil, "only a credentialed catalog reads 401 as configuration")
    }
}
