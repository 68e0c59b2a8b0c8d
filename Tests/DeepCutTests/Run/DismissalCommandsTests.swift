import DeepCutCore
import DeepCutFixtures
import Foundation
import Testing

@testable import DeepCut
@testable import DeepCutHTTP
@testable import DeepCutSQLite

/// Dismiss, restore, list, import/export, more-from and library add, through the CLI entry point
/// against real files, real SQLite and the loopback catalog.
@Suite struct DismissalCommandsTests {
    // MARK: Dismiss captures display data

    @Test func dismissByIDCapturesDisplayDataFromTheSnapshot() async throws {
        let harness = try SweepHarness()
        #expect(await harness.run("sweep").exitCode == .success)
        #expect(await harness.run("dismiss", "1011").exitCode == .success)
        let exported = await harness.run("dismissals", "export")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(exported.console.out.utf8)) as? [[String: Any]])
        #expect(rows.count == 1)
        #expect(rows.first?["title"] as? String == "Otomo")
        #expect(rows.first?["artistName"] as? String == "Bonobo")
        #expect(rows.first?["recordingType"] as? String == "ep")
        #expect(rows.first?["albumKey"] as? String == "otomo\u{1F}bonobo")
        // It stays hidden across runs (matched by key, not id).
        #expect(await harness.run("sweep").exitCode == .success)
        let ids = (try harness.json("current.json")["entries"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
        #expect(ids == ["1001", "1021"])
        // Restore by id brings it back.
        #expect(await harness.run("restore", "1011").exitCode == .success)
        #expect(await harness.run("restore", "1011").exitCode == .dataError)
    }

    @Test func dismissByTitleAndArtistWorksWithoutASnapshot() async throws {
        let harness = try SweepHarness()
        #expect(await harness.run("dismiss", "--title", "Some Album", "--artist", "Someone").exitCode == .success)
        let listed = await harness.run("dismissed")
        #expect(listed.console.out.contains("Someone — Some Album"))
        #expect(await harness.run("restore", "--key", "some album\u{1F}someone").exitCode == .success)
    }

    @Test func dismissUnknownIDAndBadArgumentsFailClearly() async throws {
        let harness = try SweepHarness()
        #expect(await harness.run("sweep").exitCode == .success)
        let unknown = await harness.run("dismiss", "999")
        #expect(unknown.exitCode == .dataError)
        #expect(unknown.console.err.contains("999"))
        let both = await harness.run("dismiss", "1011", "--title", "x", "--artist", "y")
        #expect(both.exitCode == .usage)
        let halfKey = await harness.run("restore", "--title", "x")
        #expect(halfKey.exitCode == .usage)
    }

    // MARK: Import and export

    @Test func importIsIdempotentKeepsRicherRowsAndExportRoundTrips() async throws {
        let harness = try SweepHarness()
        let file = try harness.folder.write(
            "in.json",
            #"""
            [{"releaseID": "1", "albumKey": "a la sala\u001fkhruangbin", "dismissedAt": "2026-01-02T03:04:05Z"},
             {"releaseID": "1", "albumKey": "a la sala\u001fkhruangbin", "dismissedAt": "2026-01-01T00:00:00Z",
              "title": "A La Sala", "artistName": "Khruangbin", "recordingType": "album", "releaseDate": "2024-04-05"},
             {"releaseID": "2", "albumKey": "otomo\u001fbonobo", "dismissedAt": "2026-01-03T00:00:00Z"}]
            """#)
        let first = await harness.run("dismissals", "import", file.path)
        #expect(first.exitCode == .success)
        #expect(first.console.out.contains("2 new"))
        let second = await harness.run("dismissals", "import", file.path)
        #expect(second.console.out.contains("0 new, 0 updated, 3 unchanged"))
        let exported = await harness.run("dismissals", "export")
        let exportFile = try harness.folder.write("out.json", exported.console.out)
        #expect(await harness.run("dismissals", "import", exportFile.path).console.out.contains("0 new, 0 updated, 2 unchanged"))
        #expect(exported.console.out.contains("\"title\" : \"A La Sala\""))
    }

    @Test func malformedImportChangesNothing() async throws {
        let harness = try SweepHarness()
        let file = try harness.folder.write(
            "bad.json", #"[{"releaseID": "1", "albumKey": "x\u001fy", "dismissedAt": "2026-01-02T03:04:05Z"}, {"releaseID": "2"}]"#)
        let result = await harness.run("dismissals", "import", file.path)
        #expect(result.exitCode == .dataError)
        #expect(result.console.err.contains("bad.json"))
        #expect(result.console.err.contains("item 2"))
        #expect(await harness.run("dismissed").console.out == "no dismissals")
    }

    // MARK: More from this artist

    @Test func moreFromListsUnownedUndismissedNewestFirst() async throws {
        let harness = try SweepHarness()
        #expect(await harness.run("dismiss", "--title", "Otomo", "--artist", "Bonobo").exitCode == .success)
        let result = await harness.run("more-from", "Bonobo", "--json")
        #expect(result.exitCode == .success)
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(result.console.out.utf8)) as? [[String: Any]])
        // Fragments is owned, Otomo dismissed: nothing else from Bonobo.
        #expect(entries.isEmpty)
        let khruangbin = await harness.run("more-from", "Khruangbin")
        #expect(khruangbin.console.out.contains("A La Sala"))
        #expect(!khruangbin.console.out.contains("Mordechai"))
        #expect(await harness.run("more-from", "Nobody At All").exitCode == .dataError)
    }

    @Test func libraryAddRecordsOwnedAndFutureFeedsExcludeIt() async throws {
        let harness = try SweepHarness()
        let added = await harness.run("library", "add", "--title", "A La Sala", "--artist", "Khruangbin")
        #expect(added.exitCode == .success)
        #expect(added.console.out.contains("recorded as owned"))
        // The owned album is no longer "more from" the artist.
        #expect(!added.console.out.split(separator: "\n").dropFirst().contains { $0.contains("A La Sala") })
        #expect(await harness.run("sweep").exitCode == .success)
        let ids = (try harness.json("current.json")["entries"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
        #expect(ids == ["1011", "1021"])
    }
}
