import DeepCutCore
import DeepCutFixtures
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCut
@testable import DeepCutPublish
@testable import DeepCutState

/// Issue 33, artist sources through the real binary: listening history and a followed list bring
/// artists that wait as pending; `autoAcceptPlays` and `artists accept` let them into the sweep,
/// where their first answer is history, not news; `artists reject` lasts across re-imports and
/// travels with the dismissals; a source that fails keeps its last import and the run says so.
@Suite struct ListeningHistoryEndToEndTests {
    /// The harness's catalog plus two artists outside the library, each with a recent and an old release.
    static let artists: [FixtureArtist] =
        SweepHarness.artists + [
            FixtureArtist(
                id: "104", name: "Japanese Breakfast",
                releases: [
                    SweepHarness.release("1041", "Jubilee Live", daysAgo: 5), SweepHarness.release("1042", "Soft Sounds", daysAgo: 900)
                ]),
            FixtureArtist(
                id: "105", name: "Mitski",
                releases: [
                    SweepHarness.release("1051", "Land Is Inhospitable", daysAgo: 15),
                    SweepHarness.release("1052", "Puberty 2", daysAgo: 1000)
                ])
        ]

    struct World {
        let harness: SweepHarness
        let history: FixtureListeningHistory
        let listening: FixtureServer
        let hook: HTTPReceiver
    }

    static func world() async throws -> World {
        let history = FixtureListeningHistory(lastFMAPIKey: "planted-lastfm-key-0451")
        history.setUser("alice", .init(artists: [("Japanese Breakfast", 120), ("Mitski", 30), ("Bonobo", 500), ("Rarely", 3)]))
        history.setUser("bob", .init(artists: [("Mitski", 40)]))
        let listening = FixtureServer(catalog: FixtureCatalog(artists: []), listening: history)
        let url = try listening.start().absoluteString
        let hook = try await HTTPReceiver()
        let harness = try SweepHarness(
            artists: artists,
            config: [
                "artistSources": """
                [{"kind": "listenbrainz", "user": "alice", "baseURL": "\(url)", "period": "this_year"},
                 {"kind": "lastfm", "user": "bob", "apiKeyFile": "lastfm.key", "baseURL": "\(url)", "minPlays": 5},
                 {"kind": "followed", "path": "followed.txt"}]
                """,
                "autoAcceptPlays": "100",
                "notify": "[\(NotificationEndToEndTests.webhook(hook))]"
            ])
        _ = try harness.folder.write("lastfm.key", "planted-lastfm-key-0451\n")
        _ = try harness.folder.write("followed.txt", "Big Thief\nKhruangbin\n")
        return World(harness: harness, history: history, listening: listening, hook: hook)
    }

    static func pending(_ harness: SweepHarness) async throws -> [[String: Any]] {
        let listed = try await harness.deepcut("artists", "pending", "--json")
        #expect(listed.status == 0, "\(listed.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
    }

    static func asked(_ harness: SweepHarness, _ name: String) -> Bool {
        let encoded = name.replacingOccurrences(of: " ", with: "%20")
        return harness.server.requestLog.contains {
            $0.query.contains(encoded) || $0.query.contains(name.replacingOccurrences(of: " ", with: "+"))
        }
    }

    static func told(_ hook: HTTPReceiver) throws -> [String] {
        try hook.requests().flatMap(NotificationEndToEndTests.items).compactMap { $0["title"] as? String }
    }

    @Test func pendingAcceptRejectAndAFirstAnswerThatIsHistory() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let world = try await Self.world()
        let harness = world.harness
        let first = try await harness.sweep()
        #expect(first.status == 0, "\(first.stderr)")
        #expect(!first.stderr.contains("planted-lastfm-key-0451"), "the API key is never logged")

        // Japanese Breakfast passed autoAcceptPlays (120 ≥ 100) and was swept; Mitski (40 at most)
        // and the followed Big Thief wait; Bonobo and Khruangbin are library artists; Rarely is under minPlays.
        #expect(Self.asked(harness, "Japanese Breakfast"))
        #expect(!Self.asked(harness, "Mitski"))
        let pending = try await Self.pending(harness)
        #expect(pending.map { $0["name"] as? String } == ["Mitski", "Big Thief"])
        #expect(pending.first?["plays"] as? Int == 40)
        #expect(pending.first?["sources"] as? [String] == ["lastfm:bob", "listenbrainz:alice"])
        let health = try harness.health()
        #expect(health.artistSources?.map(\.source) == ["listenbrainz:alice", "lastfm:bob", "followed:followed.txt"])
        #expect(health.artistSources?.map(\.artists) == [3, 1, 2])
        #expect(health.sweep.artists.total == 4, "three library artists and the accepted one")
        #expect(try StateChangeEndToEndTests.feedIDs(harness).contains { $0.hasSuffix("1041") }, "its recent release shows in the feed")

        // Accepting Mitski: the next sweep asks for it; its releases known then are history, not news.
        let accepted = try await harness.deepcut("artists", "accept", "mitski")
        #expect(accepted.status == 0, "\(accepted.stderr)")
        #expect(accepted.stdout.hasPrefix("accepted: Mitski; swept from the next sweep on"))
        let toldBefore = try Self.told(world.hook)
        #expect(try await harness.sweep().status == 0)
        #expect(Self.asked(harness, "Mitski"))
        #expect(try StateChangeEndToEndTests.feedIDs(harness).contains { $0.hasSuffix("1051") })
        #expect(!(try Self.told(world.hook)).contains("Land Is Inhospitable"), "no flood: the first answer is history")
        #expect(!toldBefore.contains("Jubilee Live"))

        // Rejecting Big Thief lasts across re-imports and travels with the dismissals.
        let rejected = try await harness.deepcut("artists", "reject", "Big Thief")
        #expect(rejected.stdout.hasPrefix("rejected: Big Thief; stays out across re-imports"))
        #expect(try await harness.sweep().status == 0)
        #expect(try await Self.pending(harness).isEmpty)
        let exported = try await harness.deepcut("dismissals", "export")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(exported.stdout.utf8)) as? [[String: Any]])
        let row = try #require(rows.first { $0["kind"] as? String == "rejectedArtist" })
        #expect(row["artistName"] as? String == "Big Thief" && row["albumKey"] as? String == "\u{1F}big thief")
        let file = try harness.folder.write("dismissals.json", exported.stdout)
        try await harness.execute("DELETE FROM listened_artists WHERE artist_key = 'big thief'")
        let imported = try await harness.deepcut("dismissals", "import", file.path)
        #expect(imported.status == 0 && imported.stdout.contains("1 rejected artists (1 newly rejected)"), "\(imported.stdout)")
        #expect(try await harness.sweep().status == 0)
        #expect(try await Self.pending(harness).isEmpty, "the next import finds it rejected, as the file said")
    }

    /// check-config names a missing key file or followed list (exit 78) that a sweep would only report failing.
    @Test func checkConfigNamesTheSourcesKeyFileAndList() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let world = try await Self.world()
        let harness = world.harness
        let good = try await harness.deepcut("check-config")
        #expect(good.status == 0, "\(good.stderr)")
        try FileManager.default.removeItem(at: harness.folder.url.appendingPathComponent("lastfm.key"))
        let missingKey = try await harness.deepcut("check-config")
        #expect(missingKey.status == 78)
        #expect(missingKey.stderr.contains("artistSources[1].apiKeyFile: cannot read"), "\(missingKey.stderr)")
        _ = try harness.folder.write("lastfm.key", "planted-lastfm-key-0451\n")
        try FileManager.default.removeItem(at: harness.folder.url.appendingPathComponent("followed.txt"))
        let missingList = try await harness.deepcut("check-config")
        #expect(missingList.status == 78)
        #expect(missingList.stderr.contains("artistSources[2].path: cannot read"), "\(missingList.stderr)")
        #expect(![good, missingKey, missingList].contains { ($0.stdout + $0.stderr).contains("planted-lastfm-key-0451") })
        // The sweep reports the unreadable list as that source failing and goes on.
        #expect(try await harness.sweep().status == 0)
        #expect(try harness.health().artistSources?.last?.failure?.kind == .file)
    }

    /// A rate-limited ListenBrainz and a Last.fm profile gone private: the run keeps their last
    /// imports (the accepted artist is still swept), exits as the catalog decides, and health says so.
    @Test func aFailingSourceKeepsItsLastImportAndRecovers() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let world = try await Self.world()
        let harness = world.harness
        #expect(try await harness.sweep().status == 0)
        world.history.setRateLimited(true)
        let limited = try await harness.sweep()
        #expect(limited.status == 0, "the catalog answered for every artist: \(limited.stderr)")
        #expect(Self.asked(harness, "Japanese Breakfast"))
        let reports = try #require(try harness.health().artistSources)
        #expect(reports.map(\.status) == ["failed", "failed", "ok"])
        #expect(reports[0].failure?.kind == .rateLimited && reports[0].artists == 3 && reports[0].importedAt != nil)
        #expect(reports[1].failure?.kind == .rateLimited, "Last.fm error 29")
        let report = try Data(contentsOf: harness.feed.appendingPathComponent("health.json"))
        #expect(try await JSONSchemaValidator.health.problems([("health.json", report)]) == [], "the additive field is in the schema")
        let check = try await harness.deepcut("health")
        #expect(check.status == 1, "WARNING")
        #expect(check.stdout.contains("artist source listenbrainz:alice failing: rateLimited (kept 3 artists)"), "\(check.stdout)")
        #expect(
            try String(contentsOf: harness.feed.appendingPathComponent("health.txt"), encoding: .utf8).contains(
                "listenbrainz:alice: failed: rateLimited"))
        #expect(try await Self.pending(harness).map { $0["name"] as? String } == ["Mitski", "Big Thief"], "nothing lost")

        world.history.setRateLimited(false)
        world.history.setUser("bob", .init(artists: [("Mitski", 40)], isPrivate: true))
        #expect(try await harness.sweep().status == 0)
        let recovered = try #require(try harness.health().artistSources)
        #expect(recovered.map(\.status) == ["ok", "failed", "ok"])
        #expect(recovered[1].failure?.kind == .privateProfile)
        world.history.setUser("bob", .init(artists: [("Mitski", 40)]))
        #expect(try await harness.sweep().status == 0)
        #expect(try harness.health().artistSources?.allSatisfy { $0.failure == nil } == true)
        #expect(try await harness.deepcut("health").status == 0)
    }
}
