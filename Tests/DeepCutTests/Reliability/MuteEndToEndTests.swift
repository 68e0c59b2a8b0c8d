import DeepCutCore
import DeepCutFixtures
import Foundation
import Testing

@testable import DeepCut
@testable import DeepCutState

/// Issue 20, muted artists, through the real binary: `mute` hides an artist at once and for good
/// while the sweep still asks the catalog for it; `unmute` brings it back with the next sweep
/// (`--if-stale` does not skip it); `more-from` still lists it; mutes travel with dismissals.
@Suite struct MuteEndToEndTests {
    static func feedIDs(_ harness: SweepHarness) throws -> [String] {
        try StateChangeEndToEndTests.feedIDs(harness).map { String($0.suffix(4)) }
    }

    @Test func muteSweepUnmuteSequence() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let harness = try SweepHarness()
        #expect(try await harness.sweep().status == 0)
        #expect(try Self.feedIDs(harness) == ["1001", "1011", "1021"])

        // Mute: the feeds follow at once; current.json keeps what the sweep found.
        let muted = try await harness.deepcut("mute", "  bonobo ")
        #expect(muted.status == 0, "\(muted.stderr)")
        #expect(
            muted.stdout
                == "muted: bonobo (catalog: Bonobo, id 102); 1 entry left out of the feed, still swept\n"
                + "republished feed.json, feed.atom, upcoming.ics, index.html\n")
        #expect(try Self.feedIDs(harness) == ["1001", "1021"])
        #expect(try !StateChangeEndToEndTests.atomIDs(harness).contains { $0.hasSuffix("/1011") })
        #expect(try !StateChangeEndToEndTests.page(harness).contains(">Otomo</bdi>"))
        #expect(try harness.json("current.json").description.contains("Otomo"))
        let again = try await harness.deepcut("mute", "Bonobo")
        #expect(again.status == 0)
        #expect(again.stdout.hasPrefix("already muted since "))

        // The next sweep still asks for Bonobo, leaves it out and says why, once.
        #expect(await harness.sweepInProcess().status == 0)
        #expect(try Self.feedIDs(harness) == ["1001", "1021"])
        let health = try harness.health()
        #expect(health.sweep.artists.total == 3 && health.sweep.artists.fetched == 3)
        #expect(health.diff.dropped["muted"] == 1)
        let memory = try await StateStore(url: harness.stateDatabase).perform {
            try $0.memory.lastAnswers(provider: "itunes", artists: ["Bonobo"])
        }
        #expect(memory["Bonobo"]?.result.outcome.releases.map(\.id).sorted() == ["1011", "1012"])
        let removed = try #require((try harness.json("current.json")["changes"] as? [String: Any])?["removed"] as? [[String: Any]])
        #expect(removed.map { $0["reason"] as? String } == ["muted"])
        #expect(await harness.sweepInProcess().status == 0)
        let quiet = try #require(try harness.json("current.json")["changes"] as? [String: Any])
        #expect((quiet["removed"] as? [Any])?.isEmpty ?? true, "a mute is not news again")
        #expect((quiet["added"] as? [Any])?.isEmpty ?? true)

        // more-from still shows the muted artist, and says so.
        let more = try await harness.deepcut("more-from", "Bonobo")
        #expect(more.status == 0, "\(more.stderr)")
        #expect(more.stdout.hasPrefix("bonobo is muted (since "), "the name as muted")
        #expect(more.stdout.contains("Otomo"))

        let listed = try await harness.deepcut("muted")
        #expect(listed.stdout.contains("bonobo") && listed.stdout.contains("102"))
        let json = try await harness.deepcut("muted", "--json")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(rows.map { $0["artistName"] as? String } == ["bonobo"])
        #expect(rows.map { $0["kind"] as? String } == ["mutedArtist"])

        // Unmute: the timer's next --if-stale run sweeps instead of skipping, and Bonobo is back. In
        // process, on the harness's clock: the sweeps before it ran on that clock, ahead of the real time.
        let (unmuted, unmutedConsole) = await harness.run("unmute", "BONOBO")
        #expect(unmuted == .success, "\(unmutedConsole.err)")
        #expect(unmutedConsole.out.hasPrefix("unmuted: bonobo (catalog: Bonobo, id 102); its releases return with the next sweep"))
        #expect(try Self.feedIDs(harness) == ["1001", "1021"], "the last sweep left them out")
        let requests = harness.server.requestLog.count
        #expect(await harness.sweepInProcess("--if-stale").status == 0)
        #expect(try harness.health().lastSkip == nil, "a sweep, not a skip")
        #expect(harness.server.requestLog.count > requests)
        #expect(try Self.feedIDs(harness) == ["1001", "1011", "1021"])
        let swept = harness.server.requestLog.count
        #expect(await harness.sweepInProcess("--if-stale").status == 0)
        #expect(try harness.health().lastSkip != nil, "once swept, the baseline is fresh again")
        #expect(harness.server.requestLog.count == swept)

        let notMuted = try await harness.deepcut("unmute", "Bonobo")
        #expect(notMuted.status == 65)
        #expect(notMuted.errorLines == ["unmute: Bonobo is not muted (`deepcut muted` lists who is)"])
        let empty = try await harness.deepcut("mute", "   ")
        #expect(empty.status == 64)
    }

    @Test func anArtistOutsideTheLibraryMayBeMutedAndHidesTheJointReleasesCreditingIt() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        var artists = SweepHarness.artists
        artists[0].releases.append(SweepHarness.release("1003", "Texas Sun", daysAgo: 5))
        artists[0].releases[2].artistName = "Khruangbin & Leon Bridges"
        let harness = try SweepHarness(artists: artists)
        #expect(try await harness.sweep().status == 0)
        #expect(try Self.feedIDs(harness) == ["1003", "1001", "1011", "1021"])
        let muted = try await harness.deepcut("mute", "Leon Bridges")
        #expect(muted.status == 0, "\(muted.stderr)")
        #expect(muted.stdout.hasPrefix("muted: Leon Bridges; 1 entry left out of the feed"))
        #expect(try Self.feedIDs(harness) == ["1001", "1011", "1021"])
    }

    @Test func exportThenImportCarriesTheMutes() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        let harness = try SweepHarness()
        #expect(try await harness.sweep().status == 0)
        #expect(try await harness.deepcut("mute", "Polyphia").status == 0)
        #expect(try await harness.deepcut("dismiss", "--title", "Otomo", "--artist", "Bonobo").status == 0)
        let exported = try await harness.deepcut("dismissals", "export")
        #expect(exported.status == 0)
        let file = try harness.folder.write("export.json", exported.stdout)

        let other = try SweepHarness()
        #expect(try await other.sweep().status == 0)
        let imported = try await other.deepcut("dismissals", "import", file.path)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.hasPrefix("imported 2 rows: 2 new, 0 updated, 0 unchanged\n"))
        #expect(try Self.feedIDs(other) == ["1001"])
        #expect(try await other.deepcut("muted", "--json").stdout == (try await harness.deepcut("muted", "--json")).stdout)
        let twice = try await other.deepcut("dismissals", "import", file.path)
        #expect(twice.stdout.hasPrefix("imported 2 rows: 0 new, 0 updated, 2 unchanged\n"))
        #expect(try await other.deepcut("dismissals", "export").stdout == exported.stdout)
    }
}
