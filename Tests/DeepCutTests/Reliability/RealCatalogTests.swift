import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCut
@testable import DeepCutCatalog
@testable import DeepCutFixtures
@testable import DeepCutHTTP
@testable import DeepCutState

/// Issue 15, through the real `deepcut` binary against a loopback catalog that behaves like the
/// real ones: capped listings, re-filed ids, a stricter rate limit than configured.
@Suite struct RealCatalogTests {
    /// `count` releases `first`, `first + step`, … days old, in the catalog's order oldest first
    /// (so an answer cut in catalog order would lose the newest).
    static func releases(
        _ prefix: Int, count: Int, firstDaysAgo first: Int, step: Double = 1, type: RecordingType = .album,
        title: String = "Opus"
    ) -> [FixtureRelease] {
        (0..<count).reversed().map { index in
            ReliabilityWorld.release(
                String(prefix + index), "\(title) \(prefix + index)", type: type,
                daysAgo: first + Int((Double(index) * step).rounded(.down)))
        }
    }

    static func entryIDs(_ world: ReliabilityWorld, _ name: String = "current.json") throws -> Set<String> {
        Set((try world.json(name)["entries"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String })
    }

    static func sweep(_ world: ReliabilityWorld) async throws -> SpawnedProcess.Result {
        try await world.spawn("sweep").finish()
    }

    // MARK: Coverage-aware answers

    /// A composer with 260 collections, the ten new ones last in the catalog's order: every lookup
    /// asks `sort=recent`, so the cap at 200 drops the oldest, never the news, whichever way the
    /// catalog counts `limit` in a batched lookup.
    @Test(arguments: [FixtureServerOptions.LookupLimitReading.perAnswer, .perArtist])
    func aProlificArtistsNewReleasesAreFound(reading: FixtureServerOptions.LookupLimitReading) async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        var artists = ReliabilityWorld.artists(3)
        artists.append(
            FixtureArtist(
                id: "600001", name: "The Composer",
                releases: Self.releases(7_000_000, count: 250, firstDaysAgo: 400)
                    + Self.releases(7_100_000, count: 10, firstDaysAgo: 1)))
        let world = try ReliabilityWorld(
            artists: artists, library: ReliabilityWorld.library(3) + "Opus 7000000,The Composer\n",
            options: FixtureServerOptions(lookupLimit: reading))
        let run = try await Self.sweep(world)
        #expect(run.status == 0, "\(run.stderr)")
        let news = Set((7_100_000..<7_100_010).map(String.init))
        #expect(news.isSubset(of: try Self.entryIDs(world)), "the composer's newest releases are missing")
        let health = try world.health()
        #expect(health.sweep.cutListings == nil, "the newest 200 reach far past the window")
        let lookups = world.server.requestLog.filter { $0.route == "itunes.lookup" }
        #expect(!lookups.isEmpty && lookups.allSatisfy { $0.query.contains("sort=recent") }, "\(lookups.map(\.query))")
    }

    /// A complete listing of 151, then the catalog adds 60: the answer is cut at 200 and no longer
    /// reaches the oldest eleven. Those are unseen, not withdrawn.
    @Test func aCutListingWithdrawsNothingOlderThanItReaches() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let old = Self.releases(7_000_000, count: 150, firstDaysAgo: 500)
        let composer = { (newer: [FixtureRelease]) in FixtureArtist(id: "600001", name: "The Composer", releases: old + newer) }
        let world = try ReliabilityWorld(
            artists: [composer(Self.releases(7_100_000, count: 1, firstDaysAgo: 30))],
            library: "title,artist\nOpus 7000000,The Composer\n")
        #expect(try await Self.sweep(world).status == 0)
        world.server.replaceCatalog(FixtureCatalog(artists: [composer(Self.releases(7_100_000, count: 61, firstDaysAgo: 2))]))
        let cut = try await Self.sweep(world)
        #expect(cut.status == 0, "\(cut.stderr)")
        let store = try await StateStore(url: world.stateDatabase)
        let remembered = try #require(
            try await store.perform { try $0.memory.lastAnswers(provider: "itunes", artists: ["The Composer"]) }["The Composer"])
        let ids = Set(remembered.result.outcome.releases.map(\.id))
        #expect(Set(old.map(\.id)).isSubset(of: ids), "releases beyond the cut were taken as withdrawn")
        #expect(ids.count == 211)
        #expect(try Self.entryIDs(world).count == 61)
    }

    /// 230 singles inside the 120-day window: the newest 200 do not reach its start. The feed keeps
    /// the 30 the catalog would not list again (they were seen before), the run is complete, and
    /// health names the artist as information.
    @Test func aListingCutInsideTheWindowKeepsWhatItCannotReachAndSaysSo() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let earlier = Self.releases(8_000_000, count: 190, firstDaysAgo: 20, step: 0.5, type: .single, title: "Drop")
        let machine = { (newer: [FixtureRelease]) in FixtureArtist(id: "600002", name: "Singles Machine", releases: earlier + newer) }
        let world = try ReliabilityWorld(artists: [machine([])], library: "title,artist\nFirst Drop,Singles Machine\n")
        #expect(try await Self.sweep(world).status == 0)
        #expect(try Self.entryIDs(world).count == 190)

        world.server.replaceCatalog(
            FixtureCatalog(artists: [
                machine(
                    Self.releases(
                        8_100_000, count: 40, firstDaysAgo: 0, step: 0.5,
                        type: .single, title: "Drop"))
            ]))
        let cut = try await Self.sweep(world)
        #expect(cut.status == 0, "\(cut.stderr)")
        #expect(try Self.entryIDs(world).count == 230, "the 30 oldest singles fell out of the feed")
        #expect(try world.health().sweep.cutListings == ["Singles Machine"])
    }

    // MARK: Vanished ids

    /// Run 1 learns Artist 02's id; the catalog re-files it under a new id. Run 2's lookup no longer
    /// lists the old id: the artist is searched again in the same run and found under the new one,
    /// which replaces the dead id in the cache.
    @Test func aReFiledIdIsFoundAgainInTheSameRun() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        var artists = ReliabilityWorld.artists(3)
        let world = try ReliabilityWorld(artists: artists, library: ReliabilityWorld.library(3))
        #expect(try await Self.sweep(world).status == 0)
        artists[1].id = "690002"
        world.server.replaceCatalog(FixtureCatalog(artists: artists))
        world.server.resetLog()

        let again = try await Self.sweep(world)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try Self.entryIDs(world).isSuperset(of: Set(artists[1].releases.map(\.id))))
        #expect(world.server.requestLog.filter { $0.route == "itunes.search" }.count == 1, "only the re-filed artist is searched")
        let cached = try await StateStore(url: world.stateDatabase).perform { try $0.artistResolutions.all(provider: "itunes") }
        #expect(cached[ArtistName.normalize("Artist 02")]?.artist?.id == "690002")
    }

    /// The catalog drops an artist altogether: its id lists nothing and the search finds no one. It
    /// is never "fetched, no releases", the dead id leaves the cache, and once a later run confirms
    /// it the artist is `notFound`.
    @Test func aVanishedArtistIsNeverFetchedEmptyAndItsDeadIdLeavesTheCache() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let artists = ReliabilityWorld.artists(3)
        let world = try ReliabilityWorld(artists: artists, library: ReliabilityWorld.library(3))
        #expect(try await Self.sweep(world).status == 0)
        world.server.replaceCatalog(FixtureCatalog(artists: [artists[0], artists[2]]))

        let vanished = try await Self.sweep(world)
        let health = try world.health()
        #expect(health.sweep.artists.fetched == 2, "\(vanished.stderr)")
        let cached = try await StateStore(url: world.stateDatabase).perform { try $0.artistResolutions.all(provider: "itunes") }
        #expect(cached[ArtistName.normalize("Artist 02")]?.artist?.id != "500002", "the dead id is still cached")
        // What the feed showed of the artist stays until a later run confirms it is gone.
        #expect(try Self.entryIDs(world).isSuperset(of: Set(artists[1].releases.map(\.id))))

        let confirmed = try await Self.sweep(world)
        #expect(confirmed.status == 0, "\(confirmed.stderr)")
        #expect(try world.health().sweep.artists.notFound == 1)
    }

    // MARK: Adaptive politeness

    /// The catalog accepts a tenth of the configured pace and refuses the rest with iTunes' empty
    /// 403. The sweep slows down instead of failing artists: complete, with at most 30 % of its
    /// requests refused (`maxAttempts` 1 would fail any artist a refusal counted against). The
    /// learned pace is stored, reported, and where the next run starts.
    @Test func aCatalogStricterThanConfiguredSlowsTheSweepDownInsteadOfFailingIt() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let world = try ReliabilityWorld(
            artists: ReliabilityWorld.artists(30), library: ReliabilityWorld.library(30),
            options: FixtureServerOptions(acceptedRequestsPerMinute: 600),
            catalogKeys: ["requestsPerMinute": "6000", "maxAttempts": "1"])
        let cold = try await Self.sweep(world)
        #expect(cold.status == 0, "\(cold.stderr)")
        let log = world.server.requestLog
        let refused = log.filter { $0.status == 403 }.count
        #expect(refused * 100 <= log.count * 30, "\(refused) of \(log.count) requests refused")
        let pace = try #require(try world.health().sweep.pace)
        #expect(pace.rateLimitedAnswers == refused)
        #expect(pace.configured == 6000)
        #expect(pace.effective < 6000)
        let learned = try #require(try await StateStore(url: world.stateDatabase).perform { try $0.learning.pace(provider: "itunes") })
        #expect(learned == pace.effective)

        let warm = try await Self.sweep(world)
        #expect(warm.status == 0, "\(warm.stderr)")
        #expect(try world.health().sweep.pace?.start == learned)
    }

    // MARK: The library's own ids

    /// A world whose library is a beets database of `albums`, swept with MusicBrainz; nil (the
    /// test returns) when beets' schema is not available on this machine.
    static func beetsWorld(_ artists: [FixtureArtist], albums: [BeetsTestDatabase.Album]) throws -> ReliabilityWorld? {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        guard let schema = try BeetsTestDatabase.currentSchema() else { return nil }
        let world = try ReliabilityWorld(
            artists: artists, library: "",
            catalogKeys: ["provider": "\"musicbrainz\"", "contact": "\"tests@example.org\""],
            topLevelKeys: ["library": #"[{"format": "beets", "path": "library.db"}]"#])
        try BeetsTestDatabase.create(at: world.folder.url.appendingPathComponent("library.db"), schema: schema, albums: albums)
        return world
    }

    /// A beets library swept with MusicBrainz: artists with `mb_albumartistid` are browsed by that id
    /// with no search, one request each as beets' `missing -a` spends; only the artist without an id
    /// is searched. An owned album whose title matches nothing in the catalog is still owned by its
    /// `mb_releasegroupid`.
    @Test func aBeetsLibrarysMusicBrainzIdsAreUsedWithoutSearching() async throws {
        let artists = ReliabilityWorld.artists(5)
        let ownedByID = artists[0].releases[0]
        guard
            let world = try Self.beetsWorld(
                artists,
                albums: artists.enumerated().map { index, artist in
                    BeetsTestDatabase.Album(
                        album: index == 0 ? "A Title The Catalog Never Used" : "Old \(index + 1)", albumartist: artist.name,
                        mbAlbumArtistID: index == 4 ? nil : MusicBrainzID.mbid(for: artist.id),
                        mbReleaseGroupID: index == 0 ? MusicBrainzID.mbid(for: ownedByID.id) : nil)
                })
        else { return }

        let run = try await Self.sweep(world)
        #expect(run.status == 0, "\(run.stderr)")
        let log = world.server.requestLog
        #expect(log.filter { $0.route.hasPrefix("musicbrainz.artist") }.count == 1, "\(log.map(\.route))")
        #expect(log.count == artists.count + 1, "one browse per artist, one search for the artist without an id")
        let health = try world.health()
        #expect(health.sweep.identifiedByLibrary == 4)
        let entries = try Self.entryIDs(world)
        #expect(!entries.contains(MusicBrainzID.mbid(for: ownedByID.id)), "the album owned by its release group id is in the feed")
        #expect(entries.contains(MusicBrainzID.mbid(for: artists[0].releases[1].id)))
    }

    /// A library id the catalog no longer knows (MusicBrainz answers 404 for a merged or deleted
    /// artist) is stale: that artist is searched by name in the same run and the sweep is complete.
    @Test func aStaleLibraryIdIsReplacedByANameSearchInTheSameRun() async throws {
        let artists = ReliabilityWorld.artists(3)
        let staleID = MusicBrainzID.mbid(for: "999999999")
        guard
            let world = try Self.beetsWorld(
                artists,
                albums: artists.enumerated().map { index, artist in
                    BeetsTestDatabase.Album(
                        album: "Old \(index + 1)", albumartist: artist.name,
                        mbAlbumArtistID: index == 1 ? staleID : MusicBrainzID.mbid(for: artist.id), mbReleaseGroupID: nil)
                })
        else { return }

        let run = try await Self.sweep(world)
        #expect(run.status == 0, "\(run.stderr)")
        let log = world.server.requestLog
        #expect(
            log.filter { $0.route.hasPrefix("musicbrainz.artist") }.count == 1, "one name search, for the stale id: \(log.map(\.route))")
        #expect(log.contains { $0.query.contains(staleID) } && log.contains { $0.query.contains(MusicBrainzID.mbid(for: artists[1].id)) })
        let health = try world.health()
        #expect(health.status == .complete)
        #expect(health.sweep.identifiedByLibrary == 2)
        #expect(
            try Self.entryIDs(world).contains { id in artists[1].releases.contains { MusicBrainzID.mbid(for: $0.id) == id } },
            "the artist found by name has its releases in the feed")
    }

    // MARK: Warm sweeps and the staggered full listing

    /// 100 artists of 15 collections (one new) and two of 250, in the catalog's order oldest first.
    static func heavyTailed(newer extra: [Int: FixtureRelease] = [:]) -> [FixtureArtist] {
        (1...102).map { number in
            let count = number > 100 ? 249 : 14
            var releases =
                Self.releases(2_000_000 + number * 1000, count: count, firstDaysAgo: 300)
                + [ReliabilityWorld.release(String(2_000_000 + number * 1000 + 999), "New \(number)", daysAgo: 10)]
            if let release = extra[number] { releases.append(release) }
            return FixtureArtist(id: String(600_000 + number), name: "Heavy \(number)", releases: releases)
        }
    }

    /// Cold, then warm sweeps: the first learns how the catalog counts `limit`, the next ask each
    /// artist only for its newest collections (per artist: 50 artists a lookup; per answer: 10),
    /// and still find a release added in between. Once an artist's full listing comes due
    /// (`fullListingDays`), an old album the catalog added late is found too.
    @Test(arguments: [FixtureServerOptions.LookupLimitReading.perArtist, .perAnswer])
    func warmSweepsAskOnlyTheNewestUntilAFullListingComesDue(reading: FixtureServerOptions.LookupLimitReading) async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let library = "title,artist\n" + (1...102).map { "Owned \($0),Heavy \($0)\n" }.joined()
        let world = try ReliabilityWorld(artists: Self.heavyTailed(), library: library, options: FixtureServerOptions(lookupLimit: reading))
        #expect(try await Self.sweep(world).status == 0)

        var perArtist: [Double] = []
        for run in 1...2 {
            let fresh = ReliabilityWorld.release(String(3_000_000 + run), "Fresh \(run)", daysAgo: 1)
            world.server.replaceCatalog(FixtureCatalog(artists: Self.heavyTailed(newer: [7 * run: fresh])))
            world.server.resetLog()
            let warm = try await Self.sweep(world)
            #expect(warm.status == 0, "\(warm.stderr)")
            #expect(try Self.entryIDs(world).contains(fresh.id), "warm run \(run) missed a new release")
            perArtist.append(Double(world.server.requestLog.count) / 102)
        }
        // The second warm run knows the reading (the first may still have had to find it out).
        #expect(perArtist[1] <= (reading == .perArtist ? 0.05 : 0.15), "requests per artist: \(perArtist)")

        let late = ReliabilityWorld.release("3999999", "Found In The Vault", daysAgo: 900)
        world.server.replaceCatalog(FixtureCatalog(artists: Self.heavyTailed(newer: [3: late])))
        #expect(try await Self.sweep(world).status == 0)
        let store = try await StateStore(url: world.stateDatabase)
        let vault = { () async throws -> Bool in
            try await store.perform { try $0.memory.lastAnswers(provider: "itunes", artists: ["Heavy 3"]) }["Heavy 3"]?.result.outcome
                .releases
                .contains { $0.id == late.id } == true
        }
        if reading == .perArtist { #expect(try await !vault(), "a newest-only lookup cannot see an old album") }
        try await store.perform {
            try $0.database.withConnection { try $0.execute("UPDATE catalog_artists SET full_listing_at = full_listing_at - 8 * 86400") }
        }
        #expect(try await Self.sweep(world).status == 0)
        #expect(try await vault(), "the full listing did not find the album added late")
    }
}
