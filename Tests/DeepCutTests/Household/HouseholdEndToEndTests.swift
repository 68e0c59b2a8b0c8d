import DeepCutCore
import DeepCutFixtures
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCut
@testable import DeepCutPublish

/// Two people in one config (`profiles`), through the real CLI, the real client and the loopback
/// catalog: one sweep of the artists they share, a feed each, and one's broken library leaving the
/// other's feed published.
@Suite struct HouseholdEndToEndTests {
    /// Aster is both people's; Birch only Ana's; Cedar only Ben's. Ana owns Aster's "Harbor".
    static func catalog() -> FixtureCatalog {
        let today = Date().epochDay
        func release(_ id: String, _ title: String, daysAgo: Int) -> FixtureRelease {
            FixtureRelease(id: id, title: title, type: .album, releaseDate: ReleaseDate(epochDay: today - daysAgo))
        }
        return FixtureCatalog(artists: [
            FixtureArtist(
                id: "3100000001", name: "Aster",
                releases: [release("3100000011", "Harbor", daysAgo: 20), release("3100000012", "Lantern", daysAgo: 5)]),
            FixtureArtist(id: "3200000001", name: "Birch", releases: [release("3200000011", "Bark", daysAgo: 12)]),
            FixtureArtist(id: "3300000001", name: "Cedar", releases: [release("3300000011", "Resin", daysAgo: 8)])
        ])
    }

    struct Household {
        let folder = ScratchFolder()
        let server: FixtureServer
        var catalog = ""

        init(catalog fixture: FixtureCatalog = HouseholdEndToEndTests.catalog()) throws {
            server = FixtureServer(catalog: fixture)
            let url = try server.start().absoluteString
            catalog =
                #"{"provider": "itunes", "baseURL": "\#(url)", "concurrency": 2, "timeoutSeconds": 10, "maxAttempts": 1, "requestsPerMinute": 6000}"#
            try folder.write("ana.csv", "title,artist\nHarbor,Aster\nOld Roots,Birch\n")
            try folder.write("ben.csv", "title,artist\nSomething Else,Aster\nRings,Cedar\n")
        }

        func writeConfig(profiles: Bool = true) throws {
            let body =
                profiles
                ? #""profiles": [{"name": "ana", "library": [{"format": "csv", "path": "ana.csv"}]}, {"name": "ben", "library": [{"format": "csv", "path": "ben.csv"}], "feed": {"windowDays": 10}}]"#
                : #""library": [{"format": "csv", "path": "ana.csv"}, {"format": "csv", "path": "ben.csv"}]"#
            try folder.write(
                "config.json", #"{"catalog": \#(catalog), \#(body), "stateDatabase": "state/state.db", "outputDirectory": "feed"}"#)
        }

        func run(_ arguments: [String]) async -> (code: ExitCode, console: CapturedConsole) {
            let console = CapturedConsole()
            let code = await DeepCutCLI.run(
                arguments + ["--config", folder.url.appendingPathComponent("config.json").path], environment: [:], console: console.console,
                httpClient: nil)
            return (code, console)
        }

        func snapshot(_ path: String) throws -> Snapshot? {
            try Snapshot.load(from: folder.url.appendingPathComponent(path))
        }

        func health(_ path: String) throws -> HealthReport {
            try OutputJSON.decode(HealthReport.self, from: Data(contentsOf: folder.url.appendingPathComponent(path)))
        }

        func close() { server.close() }
    }

    @Test func eachProfileGetsItsOwnFeedFromOneSweepOfTheArtistsTheyShare() async throws {
        let household = try Household()
        defer { household.close() }
        try household.writeConfig()
        let (code, console) = await household.run(["sweep"])
        #expect(code == .success, "\(console.err)")
        let searched = household.server.requestLog.filter { $0.route == "itunes.search" }.map(\.query)
        #expect(searched.count == 3, "each of Aster, Birch and Cedar asked once: \(searched)")
        let ana = try #require(try household.snapshot("feed/ana/latest.json"))
        let ben = try #require(try household.snapshot("feed/ben/latest.json"))
        #expect(Set(ana.entries.map(\.title)) == ["Lantern", "Bark"], "Ana owns Harbor; Cedar is not hers")
        #expect(Set(ben.entries.map(\.title)) == ["Lantern", "Resin"], "Ben's 10-day window leaves Harbor out; Birch is not his")
        let report = try household.health("feed/health.json")
        #expect(report.status == .complete)
        #expect(report.profiles?.map(\.name) == ["ana", "ben"])
        #expect(report.profiles?.map(\.entries) == [2, 2])
        #expect(try household.health("feed/ana/health.json").status == .complete)
        let requests = household.server.requestLog.count

        // The same artists swept for one library holding both: the household costs one sweep.
        let single = try Household()
        defer { single.close() }
        try single.writeConfig(profiles: false)
        let alone = await single.run(["sweep"])
        #expect(alone.code == .success, "\(alone.console.err)")
        #expect(single.server.requestLog.count == requests, "a household of two sweeps what one library of both would")
    }

    @Test func oneProfilesBrokenLibraryLeavesTheOtherPublished() async throws {
        let household = try Household()
        defer { household.close() }
        try household.writeConfig()
        #expect(await household.run(["sweep"]).code == .success)
        let benBefore = try Data(contentsOf: household.folder.url.appendingPathComponent("feed/ben/feed.json"))
        try household.folder.write("ben.csv", "title;artist\n\u{0}\u{0}broken")
        let (code, console) = await household.run(["sweep"])
        #expect(code == .dataError, "\(console.err)")
        let report = try household.health("feed/health.json")
        #expect(report.status == .failed)
        #expect(report.profiles?.first { $0.name == "ana" }?.status == .complete)
        #expect(report.profiles?.first { $0.name == "ben" }?.message?.contains("ben.csv") == true, "\(String(describing: report.profiles))")
        #expect(try household.health("feed/ana/health.json").status == .complete)
        #expect(try household.health("feed/ben/health.json").status == .failed)
        #expect(try Data(contentsOf: household.folder.url.appendingPathComponent("feed/ben/feed.json")) == benBefore, "Ben's feed kept")
        let ana = try #require(try household.snapshot("feed/ana/latest.json"))
        #expect(Set(ana.entries.map(\.title)) == ["Lantern", "Bark"])
        // What monitoring sees: the worst profile first, each profile's figures under its name.
        let health = await household.run(["health"])
        #expect(health.code == .critical, "\(health.console.out)")
        #expect(health.console.out.hasPrefix("DEEPCUT CRITICAL: ana OK: "), "\(health.console.out)")
        #expect(health.console.out.contains("ben CRITICAL: last run"))
        #expect(health.console.out.contains("'ana_entries'=2;;;0") && health.console.out.contains("'ben_entries'=2;;;0"))
        let text = try String(contentsOf: household.folder.url.appendingPathComponent("feed/health.txt"), encoding: .utf8)
        #expect(text.contains("  profile ben            failed     nothing published"), "\(text)")
        #expect(text.contains("next:     read \(household.folder.url.appendingPathComponent("feed/ben").path)/health.txt"))
        let benHealth = await household.run(["health", "--profile", "ben"])
        #expect(benHealth.console.out.hasPrefix("DEEPCUT CRITICAL: last run"), "\(benHealth.console.out)")
        let searched = household.server.requestLog.filter { $0.route == "itunes.search" }.count
        #expect(searched == 3, "the second run asks only Ana's artists' listings (searches stay cached)")
    }

    @Test func aDismissalIsOneProfilesAndCommandsSayWhose() async throws {
        let household = try Household()
        defer { household.close() }
        try household.writeConfig()
        #expect(await household.run(["sweep"]).code == .success)
        let unnamed = await household.run(["dismiss", "--title", "Lantern", "--artist", "Aster"])
        #expect(unnamed.code == .usage, "\(unnamed.console.err)")
        #expect(unnamed.console.err.contains("--profile"))
        let unknown = await household.run(["dismiss", "--profile", "cleo", "--title", "Lantern", "--artist", "Aster"])
        #expect(unknown.code == .usage)
        let dismissed = await household.run(["dismiss", "--profile", "ana", "--title", "Lantern", "--artist", "Aster"])
        #expect(dismissed.code == .success, "\(dismissed.console.err)")
        #expect(await household.run(["sweep"]).code == .success)
        #expect(try household.snapshot("feed/ana/latest.json")?.entries.map(\.title) == ["Bark"])
        #expect(Set(try household.snapshot("feed/ben/latest.json")?.entries.map(\.title) ?? []) == ["Lantern", "Resin"])
    }

    @Test func aFreshHouseholdSkipsOnlyWhenEveryProfileWould() async throws {
        let household = try Household()
        defer { household.close() }
        try household.writeConfig()
        #expect(await household.run(["sweep"]).code == .success)
        household.server.resetLog()
        let skipped = await household.run(["sweep", "--if-stale"])
        #expect(skipped.code == .success, "\(skipped.console.err)")
        #expect(household.server.requestLog.isEmpty, "nothing asked while every feed is fresh")
        #expect(try household.health("feed/health.json").lastSkip != nil)
    }

    @Test func checkConfigChecksEveryProfile() async throws {
        let household = try Household()
        defer { household.close() }
        try household.writeConfig()
        let checked = await household.run(["check-config"])
        #expect(checked.code == .success, "\(checked.console.err)")
        #expect(checked.console.out.contains("profile ana: 1 library source"), "\(checked.console.out)")
        #expect(checked.console.out.contains("profile ben: 1 library source"))
        try FileManager.default.removeItem(at: household.folder.url.appendingPathComponent("ben.csv"))
        let missing = await household.run(["check-config"])
        #expect(missing.code == .config)
        #expect(missing.console.err.contains("profiles[1].library[0].path: cannot read"), "\(missing.console.err)")
    }

    /// After a partial sweep the repair plan answers recent artists from memory and asks one, the
    /// canary, whoever's it is. A profile whose artists were all answered from memory is part of a
    /// repair run that reached the catalog, not an outage: it publishes.
    @Test func aRepairRunWhoseCanaryIsAnotherProfilesLeavesEveryProfilePublished() async throws {
        let household = try Household()
        defer { household.close() }
        // Ben first, one request at a time: Aster is answered first, so it is the canary after.
        let catalog = household.catalog.replacingOccurrences(of: #""concurrency": 2"#, with: #""concurrency": 1"#)
        try household.folder.write("ben.csv", "title,artist\nSomething Else,Aster\nRings,Cedar\n")
        try household.folder.write("ana.csv", "title,artist\nOld Roots,Birch\n")
        try household.folder.write(
            "config.json",
            #"{"catalog": \#(catalog), "profiles": [{"name": "ben", "library": [{"format": "csv", "path": "ben.csv"}]}, {"name": "ana", "library": [{"format": "csv", "path": "ana.csv"}]}], "stateDatabase": "state/state.db", "outputDirectory": "feed"}"#
        )
        household.server.setFault(Fault(.status(code: 500, body: nil), on: .lookup), forArtistID: "3300000001")
        let first = await household.run(["sweep"])
        #expect(first.code == .partial, "\(first.console.err)")
        household.server.resetLog()
        let repair = await household.run(["sweep"])
        #expect(repair.code == .partial, "Cedar still fails: \(repair.console.err)")
        let asked = household.server.requestLog.map(\.query)
        #expect(!asked.contains { $0.contains("3200000001") }, "Birch answered from memory: \(asked)")
        let ana = try household.health("feed/ana/health.json")
        #expect(ana.status == .complete, "\(String(describing: ana.message))")
        #expect(try household.snapshot("feed/ana/latest.json")?.entries.map(\.title) == ["Bark"])
        #expect(try household.health("feed/ben/health.json").status == .partial)
    }

    @Test func eachProfileWritesItsMetricsBesideTheHouseholdsLabelledWithItsName() async throws {
        let household = try Household()
        defer { household.close() }
        try household.writeConfig()
        let config = try String(contentsOf: household.folder.url.appendingPathComponent("config.json"), encoding: .utf8)
        try household.folder.write(
            "config.json",
            config.replacingOccurrences(
                of: #""outputDirectory": "feed""#, with: #""outputDirectory": "feed", "prometheusTextfile": "metrics/deepcut.prom""#))
        #expect(await household.run(["sweep"]).code == .success)
        let read = { (name: String) in
            try String(contentsOf: household.folder.url.appendingPathComponent("metrics/\(name)"), encoding: .utf8)
        }
        let ana = try read("deepcut-ana.prom")
        #expect(ana.contains(#"deepcut_feed_entries{profile="ana"} 2"#), "\(ana)")
        #expect(ana.contains(#"deepcut_artists{profile="ana",state="fetched"} 2"#))
        #expect(try read("deepcut-ben.prom").contains(#"deepcut_feed_entries{profile="ben"} 2"#))
        let whole = try read("deepcut.prom")
        #expect(whole.contains(#"deepcut_artists{state="fetched"} 3"#), "the household's sweep: Aster, Birch and Cedar once")
        #expect(!whole.contains("profile="))
    }

    /// The same through the real `deepcut` executable: one person's broken library is that
    /// person's failure (exit 65, their feed kept), the other's feed is published.
    @Test func theRealBinaryPublishesTheHealthyProfileBesideABrokenOne() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let household = try Household()
        defer { household.close() }
        try household.writeConfig()
        try FileManager.default.removeItem(at: household.folder.url.appendingPathComponent("ben.csv"))
        let config = household.folder.url.appendingPathComponent("config.json").path
        let run = try await SpawnedProcess.deepcut(["sweep", "--config", config], in: household.folder.url).finish()
        #expect(run.status == 65, "\(run.stderr)")
        #expect(run.stderr.contains("ben failed:") && run.stderr.contains("ben.csv"), "\(run.stderr)")
        #expect(Set(try household.snapshot("feed/ana/latest.json")?.entries.map(\.title) ?? []) == ["Lantern", "Bark"])
        #expect(try household.snapshot("feed/ben/latest.json") == nil)
    }
}
