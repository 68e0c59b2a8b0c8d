import DeepCutCore
import Foundation
import Testing

@testable import DeepCutPublish

@Suite struct HealthReportTests {
    static let sweep = SweepOutcome(
        provider: "itunes",
        results: [
            ArtistResult(artist: "Bonobo", outcome: .fetched([]), requests: 2),
            ArtistResult(
                artist: "Khruangbin",
                outcome: .failed(
                    FetchFailure(
                        kind: .rateLimited, httpStatus: 403, attempts: 3,
                        message: "403 with an empty body")), requests: 3),
            ArtistResult(
                artist: "Four Tet", outcome: .failed(FetchFailure(kind: .timeout, attempts: 3, message: "no answer in 20 s")), requests: 3),
            ArtistResult(artist: "Caribou", outcome: .skipped(.deadline)),
            ArtistResult(artist: "Nobody", outcome: .notFound, requests: 1),
            ArtistResult(
                artist: "Floating Points",
                outcome: .failed(
                    FetchFailure(
                        kind: .rateLimited, httpStatus: 429, attempts: 3,
                        message: "slow down")), requests: 3)
        ])

    static func partialReport() -> HealthReport {
        let publish = PublishOutcome(
            promoted: false, wrote: ["snapshots/20261129T120000Z.json", "current.json"],
            snapshot: PublishFixtures.runID(), baseline: Baseline(PublishFixtures.snapshot(hoursAfterRun: -26)),
            baselineAgeSeconds: 26 * 3_600, pruned: [], removedTemporaries: 0, message: nil)
        return HealthReport(
            runID: PublishFixtures.runID(), startedAt: PublishFixtures.runDate, finishedAt: PublishFixtures.runDate.addingTimeInterval(41),
            status: .partial, exitCode: .partial,
            library: .init(
                status: .ok, albums: 1_200, artists: 6,
                sources: [.init(source: "library.csv", format: "csv", albums: 1_200, warnings: 2)],
                warnings: ["library.csv:7: empty artist", "library.csv:9: empty title"]),
            sweep: .init(sweep),
            diff: .init(FeedDiff(entries: [PublishFixtures.entry("1", "A")], dropped: [.owned: 3, .folded: 1], considered: 5)),
            publish: .init(publish))
    }

    // MARK: health.json

    @Test func roundTripsThroughItsFile() throws {
        try PublishFixtures.withFolder { folder in
            #expect(try HealthReport.load(outputDirectory: folder) == nil)
            let report = Self.partialReport()
            try HealthWriter.write(report, to: folder)
            #expect(try HealthReport.load(outputDirectory: folder) == report)
            let text = try String(contentsOf: folder.appendingPathComponent("health.txt"), encoding: .utf8)
            #expect(text == HealthText.render(report))
        }
    }

    @Test func corruptHealthFileIsATypedError() throws {
        try PublishFixtures.withFolder { folder in
            try AtomicFile.write("{", to: folder.appendingPathComponent("health.json"))
            let error = try #require(throws: OutputReadError.self) { try HealthReport.load(outputDirectory: folder) }
            #expect(error.exitCode == .ioError)
        }
    }

    @Test func encodesTheSpecShape() throws {
        let json = try #require(try JSONSerialization.jsonObject(with: OutputJSON.encode(Self.partialReport())) as? [String: Any])
        #expect(Set(json.keys) == ["runID", "startedAt", "finishedAt", "status", "exitCode", "library", "sweep", "diff", "publish"])
        #expect(json["status"] as? String == "partial")
        #expect(json["exitCode"] as? Int == 3)
        #expect(json["startedAt"] as? String == "2026-11-29T12:00:00Z")

        let sweep = try #require(json["sweep"] as? [String: Any])
        #expect(sweep["status"] as? String == "partial")
        #expect(sweep["requests"] as? Int == 12)
        #expect(sweep["requestsPerArtist"] as? Double == 2)
        #expect(sweep["incompleteArtists"] as? [String] == ["Khruangbin", "Four Tet", "Caribou", "Floating Points"])
        let failures = try #require(sweep["failures"] as? [[String: Any]])
        #expect(failures.map { $0["artist"] as? String } == ["Khruangbin", "Four Tet", "Floating Points"])
        #expect(Set(failures[0].keys) == ["artist", "kind", "httpStatus", "attempts", "message"])
        #expect(failures[0]["kind"] as? String == "rateLimited")
        #expect(failures[0]["httpStatus"] as? Int == 403)
        #expect(failures[1]["httpStatus"] == nil)
        #expect((sweep["artists"] as? [String: Int])?["skipped"] == 1)

        let diff = try #require(json["diff"] as? [String: Any])
        let dropped = try #require(diff["dropped"] as? [String: Int])
        #expect(Set(dropped.keys) == Set(DropReason.allCases.map(\.rawValue)))
        #expect(dropped["owned"] == 3 && dropped["folded"] == 1 && dropped["dismissed"] == 0)

        let publish = try #require(json["publish"] as? [String: Any])
        #expect(publish["promoted"] as? Bool == false)
        #expect(publish["snapshot"] as? String == "20261129T120000Z")
        #expect(publish["baselineRunID"] as? String == "20261128T100000Z")
        #expect(publish["baselineAgeSeconds"] as? Int == 93_600)
        #expect(publish["wrote"] as? [String] == ["snapshots/20261129T120000Z.json", "current.json"])

        let library = try #require(json["library"] as? [String: Any])
        #expect(Set(library.keys) == ["status", "albums", "artists", "sources", "warnings", "warningCount"])
        #expect(Set(try #require((library["sources"] as? [[String: Any]])?.first).keys) == ["source", "format", "albums", "warnings"])
    }

    @Test func earlyFailureStillMakesAValidReport() throws {
        let report = HealthReport(
            runID: PublishFixtures.runID(), startedAt: PublishFixtures.runDate, finishedAt: PublishFixtures.runDate,
            status: .failed, exitCode: .dataError, message: "library.csv:3: unterminated quote")
        let json = try #require(try JSONSerialization.jsonObject(with: OutputJSON.encode(report)) as? [String: Any])
        for stage in ["library", "sweep", "diff", "publish"] {
            #expect((json[stage] as? [String: Any])?["status"] as? String == "notRun", "\(stage)")
        }
        #expect(json["message"] as? String == "library.csv:3: unterminated quote")
        #expect(json["exitCode"] as? Int == 65)
        #expect(try OutputJSON.decode(HealthReport.self, from: OutputJSON.encode(report)) == report)
    }

    @Test func libraryWarningsAreCappedButCounted() {
        let stage = HealthReport.LibraryStage(status: .ok, albums: 0, artists: 0, sources: [], warnings: (1...80).map { "row \($0)" })
        #expect(stage.warnings.count == 50)
        #expect(stage.warnings.last == "row 50")
        #expect(stage.warningCount == 80)
    }

    // MARK: health.txt

    @Test func partialTextSaysWhatFailedAndWhatHappensNext() {
        let text = HealthText.render(Self.partialReport())
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "deepcut sweep 20261129T120000Z: PARTIAL (exit 3)")
        #expect(
            lines[1] == "next:     nothing urgent: the next run retries the 4 incomplete artists; "
                + "if this repeats, lower catalog.requestsPerMinute (the catalog is rate limiting).")
        #expect(lines[2] == "baseline: 20261128T100000Z (last complete sweep), 1 d 2 h old")
        #expect(lines[3] == "ran:      2026-11-29T12:00:00Z to 2026-11-29T12:00:41Z (41 s)")
        #expect(text.contains("failed artists (3 of 6):"))
        #expect(text.contains("sweep    partial  6 artists: 1 fetched, 1 not found, 3 failed, 1 not asked"))
        #expect(text.contains("  rateLimited ×2: Khruangbin, Floating Points"))
        #expect(text.contains("  timeout ×1: Four Tet"))
        #expect(text.contains("e.g. HTTP 403, 3 attempts: 403 with an empty body"))
        #expect(text.contains("library.csv:7: empty artist"))
        #expect(text.contains("1 entry from 5 releases; dropped 1 folded, 3 owned"))
        #expect(lines.count < 25)
    }

    @Test func failedTextPointsAtTheLikelyCause() {
        let sweep = SweepOutcome(
            provider: "itunes",
            results: ["A", "B", "C"].map {
                ArtistResult(artist: $0, outcome: .failed(FetchFailure(kind: .transport, attempts: 3, message: "connection refused")))
            })
        let report = HealthReport(
            runID: PublishFixtures.runID(), startedAt: PublishFixtures.runDate, finishedAt: PublishFixtures.runDate,
            status: .failed, exitCode: .tempFail, message: "sweep failed: no artist answered",
            library: .init(status: .ok, albums: 3, artists: 3, sources: [], warnings: []),
            sweep: .init(sweep),
            publish: .init(
                status: .skipped, promoted: false, wrote: [], snapshot: nil, baselineRunID: nil,
                baselineAgeSeconds: nil, message: nil))
        let text = HealthText.render(report)
        #expect(
            text.hasPrefix(
                """
                deepcut sweep 20261129T120000Z: FAILED (exit 75)
                cause:    sweep failed: no artist answered
                next:     nothing was published; check the network and catalog.baseURL (the catalog was unreachable), then run again.
                baseline: none yet: no sweep has been complete

                """))
        #expect(text.contains("diff     not run"))
        #expect(text.contains("transport ×3: A, B, C"))
    }

    /// The `sweepDeadlineMinutes` hint only when a deadline cut the sweep; an unreachable catalog
    /// gets its own hint and counts its unasked artists as such.
    @Test func skippedArtistsGetTheHintOfWhatStoppedTheSweep() {
        func next(_ reason: SkipReason, unreachable: CatalogUnreachable? = nil) -> String {
            let sweep = SweepOutcome(
                provider: "itunes", results: [ArtistResult(artist: "A", outcome: .skipped(reason))], unreachable: unreachable)
            let report = HealthReport(
                runID: PublishFixtures.runID(), startedAt: PublishFixtures.runDate, finishedAt: PublishFixtures.runDate,
                status: .failed, exitCode: .tempFail, sweep: .init(sweep))
            return HealthText.render(report)
        }
        #expect(next(.deadline).contains("raise catalog.sweepDeadlineMinutes (the deadline cut the sweep short)"))
        #expect(next(.deadline).contains("1 not asked (deadline)"))
        #expect(next(.cancelled).contains("let the next run start over"))
        #expect(!next(.cancelled).contains("sweepDeadlineMinutes"))
        let unreachable = CatalogUnreachable(
            host: "https://itunes.apple.com:443", cause: .timeout, message: "no complete answer within 20 s (curl 28)")
        let text = next(.catalogUnreachable, unreachable: unreachable)
        #expect(text.contains("1 not asked (catalog unreachable: https://itunes.apple.com:443)"))
        #expect(text.contains("check the network, or raise catalog.timeoutSeconds"))
        #expect(!text.contains("sweepDeadlineMinutes"))
    }

    @Test func earlyExitTextNamesTheFix() {
        let report = HealthReport(
            runID: PublishFixtures.runID(), startedAt: PublishFixtures.runDate, finishedAt: PublishFixtures.runDate,
            status: .failed, exitCode: .dataError, message: "library.csv:3: unterminated quote")
        let text = HealthText.render(report)
        #expect(text.contains("library  not run"))
        #expect(text.contains("baseline: not checked: the run stopped before publishing"))
        #expect(text.contains("next:     fix the input file named in the cause"))
    }

    @Test func hostileArtistNamesStayOnOneLine() {
        let sweep = SweepOutcome(
            provider: "itunes",
            results: [
                ArtistResult(
                    artist: "Evil\nnext: rm -rf",
                    outcome: .failed(FetchFailure(kind: .http, httpStatus: 500, attempts: 1, message: "boom\r\nfake"))),
                ArtistResult(artist: "Fine", outcome: .fetched([]))
            ])
        let report = HealthReport(
            runID: PublishFixtures.runID(), startedAt: PublishFixtures.runDate, finishedAt: PublishFixtures.runDate,
            status: .partial, exitCode: .partial, sweep: .init(sweep))
        let text = HealthText.render(report)
        #expect(text.contains("http ×1: Evil next: rm -rf"))
        #expect(text.split(separator: "\n").filter { $0.hasPrefix("next:") }.count == 1)
    }

    @Test(arguments: [(41, "41 s"), (192, "3 min 12 s"), (7_500, "2 h 5 min"), (273_600, "3 d 4 h"), (-5, "0 s")])
    func durationsReadNaturally(seconds: Int, text: String) {
        #expect(ElapsedTime.text(seconds) == text)
    }
}
