import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutCatalog
@testable import DeepCutFixtures
@testable import DeepCutHTTP

/// Batched `lookup?id=a,b,c` through the real client: fewer requests, never fewer releases.
@Suite struct ITunesBatchLookupTests {
    static func artist(_ number: Int, releases count: Int, fault: Fault? = nil) -> FixtureArtist {
        let id = String(800_000 + number)
        return FixtureArtist(
            id: id, name: "Band \(number)",
            releases: (0..<count).map { index in
                FixtureRelease(
                    id: String(number * 10_000 + index), title: "Record \(index)", type: .album,
                    releaseDate: ReleaseDate(year: 2020, month: 1, day: 1 + index % 28))
            }, fault: fault)
    }

    static func catalogArtist(_ artist: FixtureArtist) -> CatalogArtist {
        CatalogArtist(id: artist.id, name: artist.name)
    }

    /// Releases by artist id, and the lookup requests the server saw (their `id` parameters).
    func lookUp(
        _ artists: [FixtureArtist], asking requested: [CatalogArtist]? = nil, maxAttempts: Int = 2
    )
        async throws -> (releases: [String: Result<[Release], FetchFailure>], lookups: [String])
    {
        try await withFixtureServer(FixtureCatalog(artists: artists)) { server, url in
            var live = LiveITunes(url)
            live.maxAttempts = maxAttempts
            live.clock = TestClock().clock
            let releases = await live.provider().releases(ofEach: requested ?? artists.map(Self.catalogArtist))
            let lookups = server.requestLog.map { entry in
                URLComponents(string: "?" + entry.query)?.queryItems?.first { $0.name == "id" }?.value ?? ""
            }
            return (releases, lookups)
        }
    }

    func titles(_ result: Result<[Release], FetchFailure>?) -> [String]? {
        guard case .success(let releases) = result else { return nil }
        return releases.map(\.title)
    }

    // MARK: One request for several artists

    @Test func severalArtistsShareOneLookup() async throws {
        let artists = (1...4).map { Self.artist($0, releases: 3 + $0) }
        let (releases, lookups) = try await lookUp(artists)
        #expect(lookups == [artists.map(\.id).joined(separator: ",")])
        for artist in artists {
            // `sort=recent`: newest first.
            #expect(titles(releases[artist.id]) == ITunesRoute.newestFirst(artist.releases).map(\.title))
            #expect(try releases[artist.id]?.get().allSatisfy { $0.artist == artist.name } == true)
        }
    }

    @Test func oneArtistIsASingleLookup() async throws {
        let artist = Self.artist(1, releases: 2)
        let (releases, lookups) = try await lookUp([artist])
        #expect(lookups == [artist.id])
        #expect(titles(releases[artist.id])?.count == 2)
    }

    // MARK: Truncation

    /// The fixture caps the whole answer at `limit` (200) collections: 90 + 90 + 20 of 90.
    @Test func answerCutAtTheLimitFallsBackForTheArtistsItMayHaveCut() async throws {
        let artists = (1...4).map { Self.artist($0, releases: 90) }
        let (releases, lookups) = try await lookUp(artists)
        #expect(lookups == [artists.map(\.id).joined(separator: ","), artists[2].id, artists[3].id])
        for artist in artists {
            #expect(titles(releases[artist.id])?.count == 90, "\(artist.name) lost releases to batching")
        }
    }

    /// 197 collections and 2 artist wrappers: under `limit` whether it caps collections or all results.
    @Test func answerUnderTheLimitIsTrusted() async throws {
        let artists = [Self.artist(1, releases: 100), Self.artist(2, releases: 97)]
        let (releases, lookups) = try await lookUp(artists)
        #expect(lookups.count == 1)
        #expect(titles(releases[artists[1].id])?.count == 97)
    }

    /// 198 collections and 2 wrappers make 200 results: if `limit` capped results, this answer could be cut.
    @Test func answerOfLimitResultsIsNotTrustedWhole() async throws {
        let artists = [Self.artist(1, releases: 100), Self.artist(2, releases: 98)]
        let (releases, lookups) = try await lookUp(artists)
        #expect(lookups == ["\(artists[0].id),\(artists[1].id)", artists[1].id])
        #expect(titles(releases[artists[1].id])?.count == 98)
    }

    @Test func artistMissingItsWrapperIsLookedUpAlone() async throws {
        let known = [Self.artist(1, releases: 2), Self.artist(2, releases: 3)]
        let stale = CatalogArtist(id: "1234567", name: "Gone Band")
        let (releases, lookups) = try await lookUp(known, asking: [Self.catalogArtist(known[0]), stale, Self.catalogArtist(known[1])])
        #expect(lookups == ["\(known[0].id),\(stale.id),\(known[1].id)", stale.id])
        #expect(titles(releases[known[0].id])?.count == 2)
        #expect(titles(releases[known[1].id])?.count == 3)
        #expect(releases[stale.id] != nil)
    }

    // MARK: Failed batches

    @Test func failedBatchIsAskedAgainArtistByArtistSoOneBadArtistFailsAlone() async throws {
        let artists = [
            Self.artist(1, releases: 2), Self.artist(2, releases: 2, fault: Fault(.status(code: 500, body: nil))),
            Self.artist(3, releases: 2)
        ]
        let (releases, lookups) = try await lookUp(artists, maxAttempts: 2)
        let batch = artists.map(\.id).joined(separator: ",")
        #expect(lookups == [batch, batch, artists[0].id, artists[1].id, artists[1].id, artists[2].id])
        #expect(titles(releases[artists[0].id])?.count == 2)
        #expect(titles(releases[artists[2].id])?.count == 2)
        guard case .failure(let failure) = releases[artists[1].id] else {
            Issue.record("the failing artist answered \(String(describing: releases[artists[1].id]))")
            return
        }
        #expect(failure.httpStatus == 500)
    }

    @Test func malformedBatchIsAskedAgainArtistByArtist() async throws {
        let artists = [Self.artist(1, releases: 2), Self.artist(2, releases: 2, fault: Fault(.malformed, times: 1))]
        let (releases, lookups) = try await lookUp(artists)
        #expect(lookups.count == 3)
        #expect(artists.allSatisfy { titles(releases[$0.id])?.count == 2 })
    }

    @Test func rateLimitedBatchIsNotMultipliedIntoSingleLookups() async throws {
        let artists = [Self.artist(1, releases: 2), Self.artist(2, releases: 2, fault: Fault(.forbiddenEmpty))]
        let (releases, lookups) = try await lookUp(artists, maxAttempts: 2)
        #expect(lookups.count == 2)
        for artist in artists {
            guard case .failure(let failure) = releases[artist.id] else {
                Issue.record("\(artist.name) answered \(String(describing: releases[artist.id]))")
                continue
            }
            #expect(failure.kind == .rateLimited)
        }
    }
}
