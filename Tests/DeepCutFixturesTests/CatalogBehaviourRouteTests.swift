import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutFixtures

/// The fixture's real-catalog behaviours (issue 15): `sort=recent`, both readings of a multi-id
/// lookup's `limit`, the 200 cap, and throttling stricter than the client is configured for.
@Suite struct CatalogBehaviourRouteTests {
    let client = FixtureTestClient()

    /// An artist whose catalog order is oldest first: 250 albums, one a day back from 2026-06-01.
    static func prolific(_ id: String, count: Int = 250) -> FixtureArtist {
        let newest = ReleaseDate(year: 2026, month: 6, day: 1).epochDay
        let releases = (0..<count).reversed().map { age in
            FixtureRelease(
                id: id + String(format: "%04d", age), title: "Opus \(age)", type: .album,
                releaseDate: ReleaseDate(epochDay: newest - age))
        }
        return FixtureArtist(id: id, name: "Composer \(id)", releases: releases)
    }

    static let catalog = FixtureCatalog(artists: [prolific("71"), prolific("72", count: 30)])

    // MARK: sort=recent and the cap

    @Test func sortRecentListsNewestFirstSoTheCapDropsTheOldest() async throws {
        try await withFixtureServer(Self.catalog) { _, url in
            let plain = try await client.results(url, "/lookup?id=71&entity=album&limit=200")
            #expect(plain.collections.count == 200)
            #expect(plain.collections.first?.collectionName == "Opus 249", "catalog order: oldest first")
            let recent = try await client.results(url, "/lookup?id=71&entity=album&limit=500&sort=recent")
            #expect(recent.collections.count == 200, "200 is the ceiling")
            #expect(recent.collections.first?.collectionName == "Opus 0")
            #expect(recent.collections.last?.collectionName == "Opus 199")
        }
    }

    @Test func unknownSortIsA400() async throws {
        try await withFixtureServer(Self.catalog) { _, url in
            let (_, response) = try await client.get(url, "/lookup?id=71&entity=album&sort=popular")
            #expect(response.statusCode == 400)
        }
    }

    // MARK: Both readings of limit

    @Test func perAnswerLimitCapsTheWholeAnswer() async throws {
        try await withFixtureServer(Self.catalog) { _, url in
            let answer = try await client.results(url, "/lookup?id=72,71&entity=album&limit=40&sort=recent")
            #expect(answer.collections.count == 40)
            #expect(answer.collections.filter { $0.artistId == 72 }.count == 30)
        }
    }

    @Test func perArtistLimitCapsEachArtist() async throws {
        try await withFixtureServer(Self.catalog, options: FixtureServerOptions(lookupLimit: .perArtist)) { _, url in
            let answer = try await client.results(url, "/lookup?id=72,71&entity=album&limit=40&sort=recent")
            #expect(answer.collections.count == 70)
            #expect(answer.collections.filter { $0.artistId == 71 }.count == 40)
        }
    }

    // MARK: A stricter catalog

    /// At 0.06 a minute the bucket holds two requests and refills one per 1000 s: of four sent back to back,
    /// two are answered and the others get iTunes' throttling answer, logged as such.
    @Test func requestsBeyondTheAcceptedPaceGetAnEmpty403() async throws {
        try await withFixtureServer(Self.catalog, options: FixtureServerOptions(acceptedRequestsPerMinute: 0.06)) { server, url in
            var statuses: [Int] = []
            var bodies: [Data] = []
            for _ in 0..<4 {
                let (body, response) = try await client.get(url, "/lookup?id=72&entity=album")
                statuses.append(response.statusCode)
                bodies.append(body)
            }
            #expect(statuses == [200, 200, 403, 403])
            #expect(bodies.dropFirst(2).allSatisfy { $0.isEmpty })
            #expect(server.requestLog.map(\.status) == [200, 200, 403, 403])
            #expect(server.requestLog.dropFirst(2).allSatisfy { $0.fault?.kind == .forbiddenEmpty })
        }
    }
}
