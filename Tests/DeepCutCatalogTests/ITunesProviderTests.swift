import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutCatalog
@testable import DeepCutFixtures
@testable import DeepCutHTTP

@Suite struct ITunesProviderTests {
    let base = URL(string: "http://127.0.0.1:9/itunes")!

    func provider(_ client: ScriptedHTTPClient) -> ITunesProvider {
        let requester = CatalogRequester(
            client: client, policy: RetryPolicy(maxAttempts: 2), timeoutSeconds: 5,
            random: { 0 }, sleep: { _ in })
        return ITunesProvider(baseURL: base, country: "gb", requester: requester)
    }

    func releases(answering body: String) async -> Result<[Release], FetchFailure> {
        let client = ScriptedHTTPClient(replies: [.success(HTTPResponse(status: 200, body: Data(body.utf8)))])
        return await provider(client).releases(ofArtistID: "1", named: "Artist")
    }

    // MARK: Searching artists

    @Test func searchAsksForMusicArtistsInTheCountry() async throws {
        let client = ScriptedHTTPClient(replies: [.success(ITunesJSON.ok([ITunesJSON.artist("Bonobo", id: 7)]))])
        _ = await provider(client).searchArtists(named: "Bonobo")
        let request = try #require(client.requests.first)
        #expect(request.url.path == "/itunes/search")
        #expect(request.query("term") == "Bonobo")
        #expect(request.query("entity") == "musicArtist")
        #expect(request.query("country") == "gb")
        #expect(request.query("limit") == "10")
    }

    @Test func searchListsEveryArtistRowInCatalogOrder() async throws {
        let client = ScriptedHTTPClient(replies: [
            .success(
                ITunesJSON.ok([
                    ITunesJSON.artist("Air Supply", id: 1), ITunesJSON.collection("Stray", id: 9), ITunesJSON.artist("AIR", id: 2)
                ]))
        ])
        let artists = try await provider(client).searchArtists(named: "air").get()
        #expect(artists == [CatalogArtist(id: "1", name: "Air Supply"), CatalogArtist(id: "2", name: "AIR")])
    }

    @Test func noHitsIsAnEmptySuccess() async throws {
        let client = ScriptedHTTPClient(replies: [.success(ITunesJSON.ok([]))])
        #expect(try await provider(client).searchArtists(named: "Nobody").get().isEmpty)
    }

    @Test func malformedSearchIsAFailureNotNoHits() async {
        let client = ScriptedHTTPClient(replies: [.success(HTTPResponse(status: 200, body: Data("<html>busy</html>".utf8)))])
        guard case .failure(let failure) = await provider(client).searchArtists(named: "Bonobo") else {
            Issue.record("a malformed search must fail")
            return
        }
        #expect(failure.kind == .decoding)
    }

    @Test func artistRowWithoutIdIsADecodingFailure() async {
        let client = ScriptedHTTPClient(replies: [.success(ITunesJSON.ok([["wrapperType": "artist", "artistName": "X"]]))])
        guard case .failure(let failure) = await provider(client).searchArtists(named: "X") else {
            Issue.record("an artist without an id must fail")
            return
        }
        #expect(failure.kind == .decoding)
        #expect(failure.message.contains("results[0].artistId is missing"))
    }

    @Test func searchFailureIsPassedOn() async {
        let client = ScriptedHTTPClient(replies: [.success(HTTPResponse(status: 404))])
        guard case .failure(let failure) = await provider(client).searchArtists(named: "Bonobo") else {
            Issue.record("a 404 must fail")
            return
        }
        #expect(failure.kind == .http)
        #expect(failure.httpStatus == 404)
    }

    // MARK: Releases

    @Test func lookupAsksForUpToTwoHundredAlbums() async throws {
        let client = ScriptedHTTPClient(replies: [.success(ITunesJSON.ok([ITunesJSON.artist("Polyphia", id: 640_294_344)]))])
        let releases = try await provider(client).releases(ofArtistID: "640294344", named: "Polyphia").get()
        #expect(releases.isEmpty)
        let request = try #require(client.requests.first)
        #expect(request.url.path == "/itunes/lookup")
        #expect(request.query("id") == "640294344")
        #expect(request.query("entity") == "album")
        #expect(request.query("limit") == "200")
        #expect(request.query("country") == "gb")
    }

    @Test func collectionsAreMappedToReleases() async throws {
        let client = ScriptedHTTPClient(replies: [
            .success(
                ITunesJSON.ok([
                    ITunesJSON.artist("Polyphia", id: 1),
                    ITunesJSON.collection("Renaissance", id: 10, artist: "Polyphia", date: "2016-03-11T08:00:00Z"),
                    ITunesJSON.collection("Inspire - EP", id: 11, artist: "Polyphia", explicitness: "explicit"),
                    ITunesJSON.collection("Playing God - Single", id: 12, artist: "Polyphia"),
                    ITunesJSON.collection("Guitar Heroes", id: 13, artist: "Various Artists", type: "Compilation")
                ]))
        ])
        let releases = try await provider(client).releases(ofArtistID: "1", named: "Polyphia").get()
        #expect(releases.map(\.id) == ["10", "11", "12", "13"])
        #expect(releases.map(\.title) == ["Renaissance", "Inspire", "Playing God", "Guitar Heroes"])
        #expect(releases.map(\.type) == [.album, .ep, .single, .compilation])
        #expect(releases.map(\.isExplicit) == [false, true, false, false])
        #expect(releases.map(\.artist) == ["Polyphia", "Polyphia", "Polyphia", "Various Artists"])
        #expect(releases[0].releaseDate == ReleaseDate(year: 2016, month: 3, day: 11))
        #expect(releases[0].artworkURL == "https://art.example/10/100x100bb.jpg")
        #expect(releases[0].url == "https://music.apple.com/us/album/10")
    }

    @Test func midnightPacificDateKeepsItsDatePart() async throws {
        let client = ScriptedHTTPClient(replies: [
            .success(
                ITunesJSON.ok([
                    ITunesJSON.artist("Artist", id: 1), ITunesJSON.collection("Late Night", id: 1, date: "2018-05-10T07:00:00Z")
                ]))
        ])
        let releases = try await provider(client).releases(ofArtistID: "1", named: "Artist").get()
        #expect(releases.first?.releaseDate == ReleaseDate(year: 2018, month: 5, day: 10))
    }

    @Test func unparseableDateKeepsTheReleaseUndated() async throws {
        var undated = ITunesJSON.collection("Someday", id: 2)
        undated["releaseDate"] = "soon"
        let client = ScriptedHTTPClient(replies: [
            .success(ITunesJSON.ok([ITunesJSON.artist("Artist", id: 1), ITunesJSON.collection("Now", id: 1), undated]))
        ])
        let releases = try await provider(client).releases(ofArtistID: "1", named: "Artist").get()
        #expect(releases.map(\.id) == ["1", "2"])
        #expect(releases[1].releaseDate == nil)
    }

    @Test func rowWithoutArtistNameIsCreditedToTheArtist() async throws {
        var row = ITunesJSON.collection("Solo", id: 1)
        row["artistName"] = nil
        let client = ScriptedHTTPClient(replies: [.success(ITunesJSON.ok([ITunesJSON.artist("Khruangbin", id: 1), row]))])
        let releases = try await provider(client).releases(ofArtistID: "1", named: "Khruangbin").get()
        #expect(releases.first?.artist == "Khruangbin")
    }

    @Test(arguments: [
        ("not json at all", "not JSON"),
        ("", "not JSON"),
        ("[]", "has the wrong type"),
        ("{\"resultCount\": 0}", "results is missing"),
        ("{\"results\": null}", "results is null"),
        ("{\"results\": {}}", "results has the wrong type"),
        ("{\"results\": [{\"collectionId\": 1}]}", "results[0].wrapperType is missing"),
        ("{\"results\": [{\"wrapperType\": \"collection\", \"collectionName\": \"X\"}]}", "results[0].collectionId is missing"),
        ("{\"results\": [{\"wrapperType\": \"collection\", \"collectionId\": 1}]}", "results[0].collectionName is missing"),
        (
            "{\"results\": [{\"wrapperType\": \"collection\", \"collectionId\": \"1\", \"collectionName\": \"X\"}]}",
            "results[0].collectionId has the wrong type"
        ),
        // An id the catalog no longer has (or a faulty catalog) answers without the artist's row.
        ("{\"resultCount\": 0, \"results\": []}", "no artist row for id 1"),
        ("{\"results\": [{\"wrapperType\": \"artist\", \"artistId\": 2, \"artistName\": \"Someone Else\"}]}", "no artist row for id 1")
    ])
    func malformedBodyIsADecodingFailureNeverNoReleases(body: String, reason: String) async {
        let result = await releases(answering: body)
        guard case .failure(let failure) = result else {
            Issue.record("malformed body decoded as \(result)")
            return
        }
        #expect(failure.kind == .decoding)
        #expect(failure.httpStatus == 200)
        #expect(failure.message.contains(reason), "\(failure.message)")
        #expect(!failure.message.contains("\n"))
    }

    @Test func lookupFailureIsPassedOnAfterRetries() async {
        let client = ScriptedHTTPClient(replies: [.success(HTTPResponse(status: 503)), .success(HTTPResponse(status: 503))])
        let result = await provider(client).releases(ofArtistID: "1", named: "Artist")
        guard case .failure(let failure) = result else {
            Issue.record("a failing lookup returned \(result)")
            return
        }
        #expect(failure.kind == .http)
        #expect(failure.attempts == 2)
    }
}
