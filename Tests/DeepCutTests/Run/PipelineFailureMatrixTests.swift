import DeepCutCore
import DeepCutFixtures
import Foundation
import Testing

@testable import DeepCut

/// The product's founding lesson, tested: a failure is never data. Complete, partial and
/// all-failed sweeps, each from a cold start (no baseline) and a warm start (baseline present),
/// through the real HTTP client against the loopback catalog.
@Suite struct PipelineFailureMatrixTests {
    static let feedFiles: Set<String> = ["current.json", "latest.json", "feed.json", "feed.atom", "upcoming.ics", "index.html"]

    // MARK: Cold start

    @Test func coldCompletePublishesAndPromotes() async throws {
        let harness = try SweepHarness()
        let (code, _) = await harness.run("sweep")
        #expect(code == .success)
        let files = try harness.outputFiles()
        #expect(Self.feedFiles.isSubset(of: Set(files.keys)))
        #expect(files.keys.contains { $0.hasPrefix("snapshots/") })
        let current = try harness.json("current.json")
        #expect(current["complete"] as? Bool == true)
        #expect(files["latest.json"] == files["current.json"])
        let entries = try #require(current["entries"] as? [[String: Any]])
        // Newest first; owned (Mordechai, Fragments) and out-of-window releases are gone.
        #expect(entries.map { $0["id"] as? String } == ["1001", "1011", "1021"])
        let health = try harness.health()
        #expect(health.status == .complete)
        #expect(health.exitCode == 0)
        #expect(health.sweep.artists.fetched == 3)
    }

    @Test func coldPartialPublishesCurrentOnly() async throws {
        let harness = try SweepHarness()
        harness.fail("102", with: Fault(.status(code: 500, body: nil), on: .lookup))
        let (code, console) = await harness.run("sweep")
        #expect(code == .partial)
        #expect(console.err.contains("partial"))
        let files = try harness.outputFiles()
        #expect(files["latest.json"] == nil)
        #expect(files["current.json"] != nil)
        let current = try harness.json("current.json")
        #expect(current["complete"] as? Bool == false)
        #expect(current["incompleteArtists"] as? [String] == ["Bonobo"])
        let health = try harness.health()
        #expect(health.status == .partial)
        #expect(health.exitCode == 3)
        let failure = try #require(health.sweep.failures.first)
        #expect(failure.artist == "Bonobo")
        #expect(failure.kind == .http)
        #expect(failure.httpStatus == 500)
        #expect(failure.attempts == 1)
        #expect(health.publish.promoted == false)
    }

    @Test func coldAllFailedPublishesNothing() async throws {
        let harness = try SweepHarness()
        for artist in SweepHarness.artists { harness.fail(artist.id, with: Fault(.reset)) }
        let (code, console) = await harness.run("sweep")
        #expect(code == .tempFail)
        #expect(console.err.contains("failed"))
        let files = try harness.outputFiles()
        #expect(Set(files.keys).isDisjoint(with: Self.feedFiles))
        #expect(!files.keys.contains { $0.hasPrefix("snapshots/") })
        let health = try harness.health()
        #expect(health.status == .failed)
        #expect(health.exitCode == 75)
        #expect(Set(health.sweep.failures.map(\.kind)) == [.transport])
    }

    // MARK: Warm start

    @Test func warmCompleteReplacesTheBaseline() async throws {
        let harness = try SweepHarness()
        #expect(await harness.run("sweep").exitCode == .success)
        let before = try harness.outputFiles()
        #expect(await harness.run("sweep").exitCode == .success)
        let after = try harness.outputFiles()
        #expect(after["latest.json"] != before["latest.json"])
        #expect(after["latest.json"] == after["current.json"])
        #expect(after.keys.filter { $0.hasPrefix("snapshots/") }.count == 2)
    }

    @Test func warmPartialKeepsTheBaselineByteForByte() async throws {
        let harness = try SweepHarness()
        #expect(await harness.run("sweep").exitCode == .success)
        let before = try harness.outputFiles()
        harness.fail("101", with: Fault(.malformed, on: .lookup))
        #expect(await harness.run("sweep").exitCode == .partial)
        let after = try harness.outputFiles()
        #expect(after["latest.json"] == before["latest.json"])
        #expect(after["current.json"] != before["current.json"])
        #expect(try harness.json("current.json")["incompleteArtists"] as? [String] == ["Khruangbin"])
        let health = try harness.health()
        #expect(health.sweep.failures.first?.kind == .decoding)
        #expect(
            health.publish.baselineRunID.map { before["latest.json"].map { String(decoding: $0, as: UTF8.self) }?.contains($0.rawValue) }
                == true)
    }

    @Test func warmAllFailedTouchesNoFeedFile() async throws {
        let harness = try SweepHarness()
        #expect(await harness.run("sweep").exitCode == .success)
        let before = try harness.outputFiles()
        for artist in SweepHarness.artists { harness.fail(artist.id, with: Fault(.status(code: 503, body: nil))) }
        #expect(await harness.run("sweep").exitCode == .tempFail)
        let after = try harness.outputFiles()
        for (name, bytes) in before where !name.hasPrefix("health.") {
            #expect(after[name] == bytes, "\(name) changed")
        }
        #expect(Set(after.keys) == Set(before.keys))
        #expect(after["health.json"] != before["health.json"])
        #expect(try harness.health().status == .failed)
    }

    // MARK: Per-request robustness, end to end

    @Test func retryAfterIsHonoured() async throws {
        let harness = try SweepHarness(catalog: ["maxAttempts": "2"])
        harness.fail("103", with: Fault(.rateLimited(retryAfter: "1"), on: .lookup, times: 1))
        #expect(await harness.run("sweep").exitCode == .success)
        let lookups = harness.server.requestLog.filter { $0.path == "/lookup" && $0.query.contains("103") }
        #expect(lookups.count == 2)
        #expect(lookups.map(\.status) == [429, 200])
        if lookups.count == 2 { #expect(lookups[1].receivedAt - lookups[0].receivedAt >= 0.95) }
    }

    @Test func hungArtistTimesOutWithinTheConfiguredBound() async throws {
        let harness = try SweepHarness(catalog: ["timeoutSeconds": "1"])
        harness.fail("101", with: Fault(.hang, on: .lookup))
        let started = ContinuousClock.now
        #expect(await harness.run("sweep").exitCode == .partial)
        // timeoutSeconds 1, maxAttempts 1: the sweep ends instead of waiting on the hang. Not a
        // timing claim: the bound only tells "ended" from "waited on the hang" (which never ends),
        // loose enough for a two-core machine running the whole suite.
        #expect(ContinuousClock.now - started < .seconds(180))
        let failure = try #require(try harness.health().sweep.failures.first)
        #expect(failure.kind == .timeout)
        #expect(failure.artist == "Khruangbin")
    }

    @Test func malformedBodyIsDecodingNeverNoReleases() async throws {
        let harness = try SweepHarness()
        harness.fail("102", with: Fault(.malformed, on: .lookup))
        #expect(await harness.run("sweep").exitCode == .partial)
        let health = try harness.health()
        #expect(health.sweep.failures.map(\.kind) == [.decoding])
        #expect(health.sweep.artists.fetched == 2)
    }

    // MARK: Dismissals and bad input

    @Test func legacyKeyDismissalExcludesAndRestoreRoundTrips() async throws {
        let harness = try SweepHarness()
        let file = try harness.folder.write(
            "dismissals.json",
            #"""
            [{"releaseID": "1001", "albumKey": "a la sala\u001fkhruangbin", "dismissedAt": "2026-01-02T03:04:05Z"}]
            """#)
        #expect(await harness.run("dismissals", "import", file.path).exitCode == .success)
        #expect(await harness.run("sweep").exitCode == .success)
        var ids = (try harness.json("current.json")["entries"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
        #expect(ids == ["1011", "1021"])
        let listed = await harness.run("dismissed")
        #expect(listed.console.out.contains("khruangbin — a la sala (rebuilt from key)"))
        // Restoring through the rebuilt label deletes exactly that row.
        #expect(await harness.run("restore", "--title", "a la sala", "--artist", "khruangbin").exitCode == .success)
        #expect(await harness.run("dismissed").console.out == "no dismissals")
        #expect(await harness.run("sweep").exitCode == .success)
        ids = (try harness.json("current.json")["entries"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
        #expect(ids == ["1001", "1011", "1021"])
    }

    @Test func badLibraryFileExits65AndKeepsEverything() async throws {
        let harness = try SweepHarness()
        #expect(await harness.run("sweep").exitCode == .success)
        let before = try harness.outputFiles()
        try harness.folder.write("library.csv", "title,artist\n\"unterminated,Khruangbin\n")
        let (code, console) = await harness.run("sweep")
        #expect(code == .dataError)
        #expect(console.err.contains("library.csv:2"))
        let after = try harness.outputFiles()
        for (name, bytes) in before where !name.hasPrefix("health.") { #expect(after[name] == bytes) }
        #expect(try harness.health().library.status == .notRun)
    }

    @Test func unknownConfigKeyExits78NamingTheKey() async throws {
        let harness = try SweepHarness(catalog: ["concurency": "4"])
        let (code, console) = await harness.run("sweep")
        #expect(code == .config)
        #expect(console.err.contains("catalog.concurency"))
        #expect(try harness.outputFiles().isEmpty)
    }

    @Test func rowsMissingFieldsAreCountedWarnings() async throws {
        let harness = try SweepHarness(library: "title,artist\nMordechai,Khruangbin\n,Bonobo\nRenaissance,\n")
        #expect(await harness.run("sweep").exitCode == .success)
        let health = try harness.health()
        #expect(health.library.warningCount == 2)
        #expect(health.library.artists == 1)
    }
}
