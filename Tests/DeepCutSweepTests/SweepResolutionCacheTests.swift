import DeepCutCore
import DeepCutTestKit
import Foundation
import Synchronization
import Testing

@testable import DeepCutCatalog
@testable import DeepCutFixtures
@testable import DeepCutSweep

/// Artist identity across runs, through the real client and a real state database.
@Suite struct SweepResolutionCacheTests {
    static let catalog = FixtureCatalog.generated(
        artists: 24, releasesPerArtist: 4, seed: 7,
        today: ReleaseDate(year: 2026, month: 11, day: 29))
    static let artists = catalog.artists.map(\.name) + ["Nobody Of That Name"]
    static let day: TimeInterval = 86_400

    /// A wall clock tests can move.
    final class Calendar: Sendable {
        private let offset = Mutex<TimeInterval>(0)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        var now: @Sendable () -> Date { { self.start.addingTimeInterval(self.offset.withLock { $0 }) } }
        func advance(days: Double) { offset.withLock { $0 += days * SweepResolutionCacheTests.day } }
    }

    // MARK: Cold and warm

    @Test(arguments: [1, 10])
    func warmSweepMakesNoSearchRequests(batchSize: Int) async throws {
        try await withStateStore { store in
            try await withFixtureServer(Self.catalog) { server, url in
                var sweep = LiveSweep(url, store: store)
                sweep.live.batchSize = batchSize
                let lookups = (Self.artists.count - 1 + batchSize - 1) / batchSize

                let cold = try await sweep.run(Self.artists)
                #expect(cold.status == .complete)
                #expect(server.requestsByRoute == ["itunes.search": 25, "itunes.lookup": lookups])
                #expect(cold.requests == server.requestLog.count)

                server.resetLog()
                let warm = try await sweep.run(Self.artists)
                #expect(server.requestsByRoute == ["itunes.lookup": lookups])
                #expect(warm.requests == server.requestLog.count)
                #expect(Double(warm.requests) / Double(Self.artists.count) <= 1.0)
                #expect(Set(warm.releases.map(\.id)) == Set(cold.releases.map(\.id)))
                #expect(warm.results.map(\.outcome) == cold.results.map(\.outcome))
                #expect(warm.results.last?.outcome == .notFound)
                #expect(warm.results.map(\.resolution) == Array(repeating: .exact, count: 24) + [.notFound])
            }
        }
    }

    @Test func notFoundIsSearchedAgainAfterAWeekAndFoundAfterNinetyDays() async throws {
        try await withStateStore { store in
            try await withFixtureServer(Self.catalog) { server, url in
                let calendar = Calendar()
                var sweep = LiveSweep(url, store: store)
                sweep.now = calendar.now
                _ = try await sweep.run(Self.artists)

                // Lifetimes are spread over their last quarter: "not found" 5.25–7 days, found 67.5–90.
                for (days, searches) in [(5.0, 0), (2.0, 1), (60.0, 1), (23.0, 25)] {
                    calendar.advance(days: days)
                    server.resetLog()
                    _ = try await sweep.run(Self.artists)
                    #expect(server.requestsByRoute["itunes.search", default: 0] == searches, "after \(days) more days")
                }
            }
        }
    }

    // MARK: Spread lifetimes

    @Test func lifetimesAreSpreadPerArtistSoTheyNeverAllExpireInOneRun() {
        let keys = (0..<2000).map { "artist number \($0)" }
        let lifetimes = keys.map { ResolutionMethod.exact.cacheLifetime(artistKey: $0) }
        #expect(lifetimes.allSatisfy { $0 >= 0.75 * 90 * Self.day && $0 <= 90 * Self.day })
        #expect(keys.map { ResolutionMethod.exact.cacheLifetime(artistKey: $0) } == lifetimes, "deterministic per artist")
        // An hourly timer: no single hour sees more than 1 % of a library expire.
        let byHour = Dictionary(grouping: lifetimes) { Int($0 / 3600) }
        #expect(byHour.values.map(\.count).max() ?? 0 <= keys.count / 100, "\(byHour.values.map(\.count).max() ?? 0) in one hour")
        #expect(ResolutionMethod.notFound.cacheLifetime(artistKey: "x") < ResolutionMethod.notFound.cacheLifetime + 1)
        #expect(ResolutionMethod.override.cacheLifetime(artistKey: "x") == 0)
    }

    @Test func aLibraryResolvedInOneRunIsReSearchedOverManyRuns() async throws {
        try await withStateStore { store in
            try await withFixtureServer(Self.catalog) { server, url in
                let calendar = Calendar()
                var sweep = LiveSweep(url, store: store)
                sweep.now = calendar.now
                let found = Array(Self.artists.dropLast())
                _ = try await sweep.run(found)
                calendar.advance(days: 67)
                var searchedOnDay: [Int] = []
                for _ in 0..<24 {
                    calendar.advance(days: 1)
                    server.resetLog()
                    _ = try await sweep.run(found)
                    searchedOnDay.append(server.requestsByRoute["itunes.search", default: 0])
                }
                #expect(searchedOnDay.reduce(0, +) == found.count, "each artist re-searched once: \(searchedOnDay)")
                #expect(searchedOnDay.max() ?? 0 < found.count / 2, "never the whole library at once: \(searchedOnDay)")
            }
        }
    }

    @Test func failedSearchIsNotCached() async throws {
        let broken = Self.catalog.with(Fault(.status(code: 500, body: nil), on: .search), on: Self.catalog.artists[0].id)
        try await withStateStore { store in
            try await withFixtureServer(broken) { server, url in
                var sweep = LiveSweep(url, store: store)
                sweep.live.maxAttempts = 1
                let first = try await sweep.run([Self.artists[0], Self.artists[1]])
                #expect(first.counts.failed == 1)
                #expect(first.results[0].resolution == nil)

                server.setFault(nil, forArtistID: Self.catalog.artists[0].id)
                server.resetLog()
                let second = try await sweep.run([Self.artists[0], Self.artists[1]])
                #expect(second.status == .complete)
                #expect(server.requestsByRoute["itunes.search"] == 1)
            }
        }
    }

    // MARK: Overrides

    @Test func overridePinsTheIdWithoutASearch() async throws {
        try await withStateStore { store in
            try await withFixtureServer(Self.catalog) { server, url in
                let pinned = Self.catalog.artists[5]
                var sweep = LiveSweep(url, store: store)
                sweep.overrides = ["  my SPELLING of it ": pinned.id]
                let outcome = try await sweep.run(["My spelling of it"])
                #expect(server.requestsByRoute == ["itunes.lookup": 1])
                #expect(outcome.results[0].resolution == .override)
                #expect(outcome.results[0].catalogID == pinned.id)
                #expect(outcome.results[0].outcome.releases.map(\.id) == pinned.releases.map(\.id))
                #expect(try await store.perform { try $0.artistResolutions.all(provider: "itunes") }.isEmpty)
            }
        }
    }

    @Test func overrideBeatsACachedResolution() async throws {
        try await withStateStore { store in
            try await withFixtureServer(Self.catalog) { _, url in
                var sweep = LiveSweep(url, store: store)
                _ = try await sweep.run([Self.artists[0]])
                sweep.overrides = [Self.artists[0]: Self.catalog.artists[1].id]
                let outcome = try await sweep.run([Self.artists[0]])
                #expect(outcome.results[0].catalogID == Self.catalog.artists[1].id)
            }
        }
    }

    // MARK: Namesakes

    static let namesakes = FixtureCatalog(artists: [
        FixtureArtist(
            id: "501", name: "Nirvana",
            releases: [
                FixtureRelease(id: "5011", title: "The Story of Simon Simopath", type: .album, releaseDate: ReleaseDate(year: 1968))
            ]),
        FixtureArtist(
            id: "502", name: "Nirvana",
            releases: [
                FixtureRelease(id: "5021", title: "Nevermind", type: .album, releaseDate: ReleaseDate(year: 1991, month: 9, day: 24)),
                FixtureRelease(id: "5022", title: "In Utero", type: .album, releaseDate: ReleaseDate(year: 1993, month: 9, day: 21))
            ])
    ])

    @Test func namesakeWithAnOwnedAlbumIsChosenAndCached() async throws {
        try await withStateStore { store in
            try await withFixtureServer(Self.namesakes) { server, url in
                let sweep = LiveSweep(url, store: store)
                let owned: Set<AlbumKey> = [AlbumKey(title: "Nevermind (Remastered)", artist: "Nirvana")]
                let cold = try await sweep.run(["Nirvana"], ownedKeys: owned)
                #expect(cold.results[0].catalogID == "502")
                #expect(cold.results[0].resolution == .owned)
                #expect(Set(cold.results[0].outcome.releases.map(\.title)) == ["Nevermind", "In Utero"])
                #expect(cold.ambiguousArtists.isEmpty)

                server.resetLog()
                let warm = try await sweep.run(["Nirvana"], ownedKeys: owned)
                #expect(server.requestsByRoute == ["itunes.lookup": 1])
                #expect(warm.results[0].catalogID == "502")
            }
        }
    }

    @Test func namesakesWithoutAnOwnedAlbumAreListedAsAmbiguous() async throws {
        try await withStateStore { store in
            try await withFixtureServer(Self.namesakes) { server, url in
                let sweep = LiveSweep(url, store: store)
                let cold = try await sweep.run(["Nirvana"])
                #expect(cold.results[0].catalogID == "501")
                #expect(cold.results[0].resolution == .ambiguous)
                #expect(cold.ambiguousArtists == ["Nirvana"])
                #expect(cold.status == .complete)

                server.resetLog()
                let warm = try await sweep.run(["Nirvana"])
                #expect(server.requestsByRoute["itunes.search"] == nil)
                #expect(warm.ambiguousArtists == ["Nirvana"])
            }
        }
    }
}
