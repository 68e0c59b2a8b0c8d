import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutCatalog
@testable import DeepCutFixtures
@testable import DeepCutHTTP

@Suite struct MusicBrainzProviderTests {
    let base = URL(string: "http://127.0.0.1:9/mb")!
    let sleeper = TestClock()

    func provider(_ client: ScriptedHTTPClient, maxAttempts: Int = 3) -> MusicBrainzProvider {
        let requester = CatalogRequester(
            client: client, policy: RetryPolicy(maxAttempts: maxAttempts), timeoutSeconds: 5,
            random: { 0.5 }, sleep: sleeper.sleep)
        return MusicBrainzProvider(baseURL: base, contact: "ops@example.org", version: "9.9.9", requester: requester)
    }

    // MARK: Artist search

    @Test func searchIsAPhraseQueryWithTheDescriptiveUserAgent() async throws {
        let client = ScriptedHTTPClient(replies: [.success(MusicBrainzJSON.artists([("mbid-1", "Bob Dylan")]))])
        #expect(await provider(client).resolveArtist(named: "Bob Dylan") == .found(id: "mbid-1", name: "Bob Dylan"))
        let request = try #require(client.requests.first)
        #expect(request.url.path == "/mb/ws/2/artist")
        #expect(request.query("query") == #"artist:"Bob Dylan""#)
        #expect(request.query("limit") == "10")
        #expect(request.query("fmt") == "json")
        #expect(request.headers["User-Agent"] == "deepcut/9.9.9 ( ops@example.org )")
    }

    @Test func quotesAndBackslashesInTheNameAreEscaped() {
        #expect(MusicBrainzProvider.artistQuery(#"The "Bad" \ Seeds"#) == #"artist:"The \"Bad\" \\ Seeds""#)
    }

    @Test func exactNameBeatsTheBestScoreAndNoHitsIsNotFound() async {
        let hits = ScriptedHTTPClient(replies: [.success(MusicBrainzJSON.artists([("1", "Bob Marley & The Wailers"), ("2", "Bob Marley")]))]
        )
        #expect(await provider(hits).resolveArtist(named: "bob marley") == .found(id: "2", name: "Bob Marley"))
        let none = ScriptedHTTPClient(replies: [.success(MusicBrainzJSON.artists([]))])
        #expect(await provider(none).resolveArtist(named: "Nobody") == .notFound)
    }

    // MARK: Release-group browse

    @Test func browsePagesByOffsetUntilTheCountIsReached() async throws {
        let first = (0..<100).map { MusicBrainzJSON.group("g\($0)", "Album \($0)") }
        let second = (100..<130).map { MusicBrainzJSON.group("g\($0)", "Album \($0)") }
        let client = ScriptedHTTPClient(replies: [
            .success(MusicBrainzJSON.page(count: 130, offset: 0, first)),
            .success(MusicBrainzJSON.page(count: 130, offset: 100, second))
        ])
        let releases = try await provider(client).releases(ofArtistID: "mbid-1", named: "Artist").get()
        #expect(releases.count == 130)
        #expect(client.requests.map { $0.query("offset") } == ["0", "100"])
        let request = try #require(client.requests.first)
        #expect(request.url.path == "/mb/ws/2/release-group")
        #expect(request.query("artist") == "mbid-1")
        #expect(request.query("type") == "album|ep|single")
        #expect(request.query("limit") == "100")
        #expect(request.query("fmt") == "json")
    }

    @Test func repeatsAcrossPagesAreDropped() async throws {
        let client = ScriptedHTTPClient(replies: [
            .success(MusicBrainzJSON.page(count: 3, offset: 0, [MusicBrainzJSON.group("a", "A"), MusicBrainzJSON.group("b", "B")])),
            .success(MusicBrainzJSON.page(count: 3, offset: 2, [MusicBrainzJSON.group("b", "B"), MusicBrainzJSON.group("c", "C")]))
        ])
        let releases = try await provider(client).releases(ofArtistID: "m", named: "Artist").get()
        #expect(releases.map(\.id) == ["a", "b", "c"])
        #expect(client.requests.count == 2)
    }

    /// 150 declared, 100 sent, then an empty page: the last 50 are missing, not withdrawn.
    @Test func anEmptyPageBeforeTheDeclaredCountIsAFailureNotTheEnd() async throws {
        let first = (0..<100).map { MusicBrainzJSON.group("g\($0)", "Album \($0)") }
        let client = ScriptedHTTPClient(replies: [
            .success(MusicBrainzJSON.page(count: 150, offset: 0, first)),
            .success(MusicBrainzJSON.page(count: 150, offset: 100, []))
        ])
        let result = await provider(client).releases(ofArtistID: "m", named: "Artist")
        guard case .failure(let failure) = result else {
            Issue.record("a short listing was taken as complete: \(result)")
            return
        }
        #expect(failure.kind == .decoding)
        #expect(failure.httpStatus == 200)
        #expect(failure.message.contains("offset 100 of 150"), "\(failure.message)")
        #expect(client.requests.count == 2)
    }

    @Test func typesComeFromPrimaryAndSecondaryTypes() async throws {
        let client = ScriptedHTTPClient(replies: [
            .success(
                MusicBrainzJSON.page(
                    count: 7, offset: 0,
                    [
                        MusicBrainzJSON.group("1", "Album"),
                        MusicBrainzJSON.group("2", "EP", primary: "EP"),
                        MusicBrainzJSON.group("3", "Single", primary: "Single"),
                        MusicBrainzJSON.group("4", "Hits", secondary: ["Compilation"]),
                        MusicBrainzJSON.group("5", "Live at X", secondary: ["Live"]),
                        MusicBrainzJSON.group("6", "Radio Show", primary: "Broadcast"),
                        MusicBrainzJSON.group("7", "Untyped", primary: nil)
                    ]))
        ])
        let releases = try await provider(client).releases(ofArtistID: "m", named: "Artist").get()
        #expect(releases.map(\.type) == [.album, .ep, .single, .compilation, .album])
        #expect(releases.map(\.title) == ["Album", "EP", "Single", "Hits", "Live at X"])
        #expect(releases.allSatisfy { $0.artist == "Artist" && $0.url == "https://musicbrainz.org/release-group/\($0.id)" })
    }

    @Test func partialAndEmptyDatesAreReadAndOrderSensibly() async throws {
        let client = ScriptedHTTPClient(replies: [
            .success(
                MusicBrainzJSON.page(
                    count: 4, offset: 0,
                    [
                        MusicBrainzJSON.group("1", "A", date: "2019-06-14"), MusicBrainzJSON.group("2", "B", date: "2019-06"),
                        MusicBrainzJSON.group("3", "C", date: "2019"), MusicBrainzJSON.group("4", "D", date: "")
                    ]))
        ])
        let dates = try await provider(client).releases(ofArtistID: "m", named: "Artist").get().map(\.releaseDate)
        #expect(dates == [ReleaseDate(year: 2019, month: 6, day: 14), ReleaseDate(year: 2019, month: 6), ReleaseDate(year: 2019), nil])
        #expect(
            dates.compactMap { $0 }.sorted() == [
                ReleaseDate(year: 2019), ReleaseDate(year: 2019, month: 6),
                ReleaseDate(year: 2019, month: 6, day: 14)
            ])
    }

    // MARK: Errors

    @Test func serviceUnavailableIsRateLimitingAndRetried() async throws {
        let client = ScriptedHTTPClient(replies: [
            .success(HTTPResponse(status: 503, headers: ["Retry-After": "2"])),
            .success(MusicBrainzJSON.page(count: 0, offset: 0, []))
        ])
        #expect(try await provider(client).releases(ofArtistID: "m", named: "Artist").get() == [])
        #expect(sleeper.durations == [.seconds(2)])
    }

    @Test func persistentServiceUnavailableEndsAsRateLimited() async throws {
        let client = ScriptedHTTPClient(replies: Array(repeating: .success(HTTPResponse(status: 503)), count: 3))
        guard case .failed(let failure) = await provider(client).resolveArtist(named: "A") else {
            Issue.record("three 503s must fail")
            return
        }
        #expect(failure.kind == .rateLimited)
        #expect(failure.httpStatus == 503)
        #expect(failure.attempts == 3)
        #expect(failure.message.contains("HTTP 503 (rate limited) after 3 attempts"))
    }

    @Test func errorBodyIsDecodedIntoTheMessage() async throws {
        let body = Data(#"{"error": "Invalid mbid.", "help": "For usage, please see: https://musicbrainz.org/development/mmd"}"#.utf8)
        let client = ScriptedHTTPClient(replies: [.success(HTTPResponse(status: 400, body: body))])
        guard case .failure(let failure) = await provider(client).releases(ofArtistID: "x", named: "A") else {
            Issue.record("a 400 must fail")
            return
        }
        #expect(failure.kind == .http)
        #expect(failure.message.contains("HTTP 400: Invalid mbid."))
        #expect(client.requests.count == 1)
    }
}
