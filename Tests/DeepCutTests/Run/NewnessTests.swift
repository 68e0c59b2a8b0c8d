import DeepCutCore
import DeepCutFixtures
import Foundation
import Testing

@testable import DeepCut
@testable import DeepCutCatalog

/// "What is new to me since I last looked", end to end: discovery, upcoming, change sets and
/// stable feed dates, across runs where the loopback catalog changes.
@Suite struct NewnessTests {
    static func artists(adding extra: [FixtureRelease] = [], to artistID: String = "102") -> [FixtureArtist] {
        SweepHarness.artists.map { artist in
            var artist = artist
            if artist.id == artistID { artist.releases += extra }
            return artist
        }
    }

    func ids(_ list: Any?) -> [String] {
        (list as? [[String: Any]])?.compactMap { $0["id"] as? String } ?? []
    }

    // MARK: Discovery

    @Test func oldAlbumAddedToTheCatalogLaterIsNewByDiscovery() async throws {
        let harness = try SweepHarness()
        #expect(await harness.run("sweep").exitCode == .success)
        let first = try harness.json("current.json")
        // The first sweep's change set is empty: everything is history, nothing is discovered.
        let firstChanges = try #require(first["changes"] as? [String: Any])
        #expect(firstChanges["since"] == nil)
        #expect(ids(firstChanges["added"]).isEmpty)
        #expect(ids(first["entries"]) == ["1001", "1011", "1021"])

        // An album from five years ago appears in Bonobo's catalog.
        try await harness.replaceCatalog(Self.artists(adding: [SweepHarness.release("1013", "Black Sands Remixed", daysAgo: 1800)]))
        #expect(await harness.run("sweep").exitCode == .success)
        let second = try harness.json("current.json")
        #expect(ids(second["entries"]).contains("1013"))
        let changes = try #require(second["changes"] as? [String: Any])
        #expect(ids(changes["added"]) == ["1013"])
        let changed = await harness.run("changes")
        #expect(changed.console.out.contains("+ "))
        #expect(changed.console.out.contains("Black Sands Remixed"))
    }

    // MARK: Upcoming

    @Test func announcedAlbumIsUpcomingAndAnnouncedOnce() async throws {
        let harness = try SweepHarness(artists: Self.artists(adding: [SweepHarness.release("1014", "Tomorrow", daysAgo: -10)]))
        #expect(await harness.run("sweep").exitCode == .success)
        let snapshot = try harness.json("current.json")
        #expect(ids(snapshot["upcoming"]) == ["1014"])
        #expect(!ids(snapshot["entries"]).contains("1014"))
        let feed = try harness.json("feed.json")
        let items = try #require(feed["items"] as? [[String: Any]])
        let announcements = items.filter { ($0["id"] as? String)?.hasSuffix("/upcoming") == true }
        #expect(announcements.count == 1)
        let firstDate = announcements.first?["date_published"] as? String
        // A later run keeps the same announcement id and date: readers show it once.
        #expect(await harness.run("sweep").exitCode == .success)
        let again = try #require(try harness.json("feed.json")["items"] as? [[String: Any]])
        #expect(again.first { ($0["id"] as? String)?.hasSuffix("/upcoming") == true }?["date_published"] as? String == firstDate)
        let atom = try String(contentsOf: harness.feed.appendingPathComponent("feed.atom"), encoding: .utf8)
        #expect(atom.components(separatedBy: "/upcoming</id>").count == 2)
        let page = try String(contentsOf: harness.feed.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.contains("Coming soon"))
    }

    // MARK: Change sets

    @Test func failedArtistsReleasesAreNeitherAddedNorRemoved() async throws {
        let harness = try SweepHarness()
        #expect(await harness.run("sweep").exitCode == .success)
        harness.fail("101", with: Fault(.status(code: 500, body: nil), on: .lookup))
        #expect(await harness.run("sweep").exitCode == .partial)
        let changes = try #require(try harness.json("current.json")["changes"] as? [String: Any])
        #expect(ids(changes["added"]).isEmpty)
        #expect((changes["removed"] as? [Any])?.isEmpty == true)
    }

    @Test func withdrawnReleaseIsReportedAsWithdrawn() async throws {
        let harness = try SweepHarness()
        #expect(await harness.run("sweep").exitCode == .success)
        var artists = SweepHarness.artists
        // Khruangbin's A La Sala is gone from the catalog; Mordechai stays. (An artist whose whole
        // listing vanishes is not believed at once: HonestOverTimeTests.)
        artists[0].releases.removeAll { $0.id == "1001" }
        try await harness.replaceCatalog(artists)
        #expect(await harness.run("sweep").exitCode == .success)
        let changes = try #require(try harness.json("current.json")["changes"] as? [String: Any])
        let removed = try #require(changes["removed"] as? [[String: Any]])
        #expect(removed.count == 1)
        #expect(removed.first?["reason"] as? String == "withdrawn")
        #expect((removed.first?["entry"] as? [String: Any])?["id"] as? String == "1001")
    }

    @Test func dismissedEntryIsRemovedWithReasonDismissed() async throws {
        let harness = try SweepHarness()
        #expect(await harness.run("sweep").exitCode == .success)
        #expect(await harness.run("dismiss", "1001").exitCode == .success)
        #expect(await harness.run("sweep").exitCode == .success)
        let json = await harness.run("changes", "--json")
        #expect(json.console.out.contains("\"reason\" : \"dismissed\""))
    }

    // MARK: Stable dates

    @Test func feedDatesAreWhenTheEntryEnteredTheFeed() async throws {
        let harness = try SweepHarness()
        #expect(await harness.run("sweep").exitCode == .success)
        let before = try #require(try harness.json("feed.json")["items"] as? [[String: Any]])
        #expect(await harness.run("sweep").exitCode == .success)
        let after = try #require(try harness.json("feed.json")["items"] as? [[String: Any]])
        #expect(before.map { $0["date_published"] as? String } == after.map { $0["date_published"] as? String })
        let generatedAt =
            try harness.json(
                "snapshots/"
                    + (try FileManager.default.contentsOfDirectory(atPath: harness.feed.appendingPathComponent("snapshots").path).sorted()
                        .first ?? ""))["generatedAt"] as? String
        #expect(before.first?["date_published"] as? String != nil)
        #expect(generatedAt != nil)
    }
}
