import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCut
@testable import DeepCutFixtures
@testable import DeepCutPublish
@testable import DeepCutState

/// Issue 26, through the real `deepcut` binary: warm sweeps rely on `sort=recent`, which Apple
/// documents for one song example only. Against a catalog that honours it, ignores it (oldest
/// first), or lists in its own shuffled order, every new release is found and the run says which.
@Suite struct CatalogAssumptionTests {
    /// 24 artists of 30 collections each, listed by the catalog oldest first; `extra` adds new ones.
    static func artists(adding extra: [Int: [FixtureRelease]] = [:]) -> [FixtureArtist] {
        (1...24).map { number in
            let base = 4_000_000 + number * 1000
            let releases =
                RealCatalogTests.releases(base, count: 30, firstDaysAgo: 20, step: 20)
                + (extra[number] ?? [])
            return FixtureArtist(id: String(700_000 + number), name: "Deep \(number)", releases: releases)
        }
    }

    static let library = "title,artist\n" + (1...24).map { "Owned \($0),Deep \($0)\n" }.joined()

    /// Cold, then two warm sweeps, each adding three new releases: every one is found, the run is
    /// complete, and health says what the answers showed about the sort. Returns the requests per
    /// artist of the two warm sweeps.
    @discardableResult
    static func coldThenTwoWarm(_ world: ReliabilityWorld) async throws -> [Double] {
        #expect(try await RealCatalogTests.sweep(world).status == 0)
        var perArtist: [Double] = []
        var added: [Int: [FixtureRelease]] = [:]
        for run in 1...2 {
            var fresh: [FixtureRelease] = []
            for (offset, artist) in [3, 11, 19].enumerated() {
                let release = ReliabilityWorld.release(String(4_900_000 + run * 10 + offset), "Fresh \(run) \(artist)", daysAgo: 2)
                added[artist + run, default: []].append(release)
                fresh.append(release)
            }
            world.server.replaceCatalog(FixtureCatalog(artists: Self.artists(adding: added)))
            world.server.resetLog()
            let warm = try await RealCatalogTests.sweep(world)
            #expect(warm.status == 0, "\(warm.stderr)")
            let entries = try RealCatalogTests.entryIDs(world)
            for release in fresh { #expect(entries.contains(release.id), "warm run \(run) missed \(release.title)") }
            #expect(try world.health().status == .complete)
            perArtist.append(Double(world.server.requestLog.count) / 24)
        }
        return perArtist
    }

    @Test(arguments: [FixtureServerOptions.LookupSort.honoured, .oldestFirst, .shuffled])
    func warmSweepsFindEveryNewReleaseWhateverTheCatalogDoesWithTheSort(sort: FixtureServerOptions.LookupSort) async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let world = try ReliabilityWorld(
            artists: Self.artists(), library: Self.library, options: FixtureServerOptions(lookupLimit: .perArtist, lookupSort: sort))
        let perArtist = try await Self.coldThenTwoWarm(world)
        let traits = try #require(try world.health().sweep.catalogTraits)
        #expect(traits.sortRecent.reading == (sort == .honoured ? "honoured" : "ignored"))
        #expect(traits.lookupLimit.reading == "perArtist")
        #expect(try String(contentsOf: world.feed.appendingPathComponent("health.txt"), encoding: .utf8).contains("sort=recent"))
        // Honoured: one newest-only lookup for all 24. Ignored: whole listings, 25 to a lookup.
        #expect(perArtist[1] <= 0.05, "requests per artist of the second warm sweep: \(perArtist)")
        print("warm sweep requests per artist, sort \(sort.rawValue): \(perArtist)")
    }

    /// An earlier run learned the sort honoured; the catalog has changed its ways since. The warm
    /// sweep's newest-only answers do not prove their order, so in the same run every artist is
    /// listed whole, the new releases are found, and the trait is learned again.
    @Test func aStoredSortTraitTheCatalogNoLongerHonoursCostsRequestsNotReleases() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let world = try ReliabilityWorld(
            artists: Self.artists(), library: Self.library, options: FixtureServerOptions(lookupLimit: .perArtist, lookupSort: .honoured))
        #expect(try await RealCatalogTests.sweep(world).status == 0)
        #expect(try world.health().sweep.catalogTraits?.sortRecent.reading == "honoured")
        // The catalog now ignores the sort, and lists oldest first.
        let fresh = ReliabilityWorld.release("4999001", "Surprise", daysAgo: 1)
        world.server.replaceCatalog(FixtureCatalog(artists: Self.artists(adding: [5: [fresh]])), lookupSort: .oldestFirst)
        world.server.resetLog()
        let warm = try await RealCatalogTests.sweep(world)
        #expect(warm.status == 0, "\(warm.stderr)")
        #expect(try RealCatalogTests.entryIDs(world).contains(fresh.id), "the new release was missed")
        let traits = try #require(try world.health().sweep.catalogTraits)
        #expect(traits.sortRecent.reading == "ignored" && traits.sortRecent.shownThisRun)
        let stored = try await StateStore(url: world.stateDatabase).perform { try $0.learning.traits(provider: "itunes") }
        #expect(stored.sort?.reading == .ignored)
        #expect(world.server.requestLog.contains { $0.query.contains("limit=10") }, "the warm sweep relied on the stored trait first")
    }
}
