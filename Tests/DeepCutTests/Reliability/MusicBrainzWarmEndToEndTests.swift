import DeepCutCore
import DeepCutFixtures
import Foundation
import Testing

@testable import DeepCutCatalog

/// Issue 32's warm cost for MusicBrainz: a warm sweep asks one release-group search per 50 artists
/// read whole lately instead of browsing each again. Through the real binary: cold, then warm,
/// then warm with a new release, one the search index has not caught up with, and one whose search
/// answer fails its check (the batch is browsed whole).
@Suite struct MusicBrainzWarmEndToEndTests {
    static let artistCount = 60

    @Test(.timeLimit(.minutes(3)))
    func aWarmSweepSearchesForAdditionsAtMostOneRequestPerTwentyArtists() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        var artists = ReliabilityWorld.artists(Self.artistCount, releases: 2)
        let world = try ReliabilityWorld(
            artists: artists, library: ReliabilityWorld.library(Self.artistCount),
            catalogKeys: ["provider": "\"musicbrainz\"", "contact": "\"reliability@example.com\""])
        func sweep() async throws -> (requests: [LoggedRequest], titles: Set<String>) {
            let before = world.server.requestLog.count
            let run = try await world.spawn("sweep").finish()
            #expect(run.status == 0, "\(run.stderr)")
            let entries = try #require(try world.json("current.json")["entries"] as? [[String: Any]])
            return (Array(world.server.requestLog.dropFirst(before)), Set(entries.compactMap { $0["title"] as? String }))
        }
        func searches(_ requests: [LoggedRequest]) -> Int { requests.filter { $0.route == "musicbrainz.release-group.search" }.count }
        let budget = Double(Self.artistCount) * 0.05

        let cold = try await sweep()
        #expect(cold.titles.count == Self.artistCount * 2)
        #expect(searches(cold.requests) == 0)

        let warm = try await sweep()
        #expect(warm.titles == cold.titles)
        #expect(Double(warm.requests.count) <= budget, "\(warm.requests.map(\.route))")
        #expect(searches(warm.requests) == 2)
        // Additions to a full listing read lately are not a cut listing.
        #expect(try world.health().sweep.cutListings == nil)

        // A new release, and one MusicBrainz has but its search index does not yet.
        artists[6].releases.append(ReliabilityWorld.release("1000706", "Brand New", daysAgo: 0))
        var lagging = ReliabilityWorld.release("1000504", "Not Indexed Yet", daysAgo: 1)
        lagging.musicBrainzSearch = .unindexed
        artists[4].releases.append(lagging)
        world.server.replaceCatalog(FixtureCatalog(artists: artists))
        let added = try await sweep()
        #expect(added.titles == cold.titles.union(["Brand New"]))
        #expect(Double(added.requests.count) <= budget, "\(added.requests.map(\.route))")

        // The index catches up: the next warm sweep finds it; nothing found before is lost.
        artists[4].releases[2].musicBrainzSearch = nil
        world.server.replaceCatalog(FixtureCatalog(artists: artists))
        let caughtUp = try await sweep()
        #expect(caughtUp.titles == cold.titles.union(["Brand New", "Not Indexed Yet"]))
        #expect(Double(caughtUp.requests.count) <= budget)

        // A search answer without an artist credit fails its check: its batch is browsed whole.
        var uncredited = ReliabilityWorld.release("1000903", "Credit Missing", daysAgo: 0)
        uncredited.musicBrainzSearch = .uncredited
        artists[8].releases.append(uncredited)
        world.server.replaceCatalog(FixtureCatalog(artists: artists))
        let fallback = try await sweep()
        #expect(fallback.titles == caughtUp.titles.union(["Credit Missing"]))
        let browses = fallback.requests.filter { $0.route == "musicbrainz.release-group" }.count
        #expect(browses == MusicBrainzProvider.searchBatchSize)
    }
}
