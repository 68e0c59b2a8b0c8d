import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutPublish

/// The JSON Schemas in `schemas/` describe what the writers really write: every case the pipeline
/// can produce is written by the real code into a real folder, read back, and validated.
@Suite struct SchemaValidationTests {
    // MARK: Snapshots

    @Test func publishedSnapshotsValidate() async throws {
        try await PublishFixtures.withFolderAsync { folder in
            let complete = PublishFixtures.snapshot(hoursAfterRun: -24)
            _ = try Publish(outputDirectory: folder, keepSnapshots: 30)(complete)
            var documents = try Self.read(["latest.json", "current.json", "snapshots/20261128T120000Z.json"], in: folder)

            let partial = PublishFixtures.snapshot(
                complete: false,
                entries: [
                    PublishFixtures.entry("10", "Full Date", type: .single),
                    PublishFixtures.entry("11", "Month Only", type: .ep, date: "2026-09"),
                    PublishFixtures.entry("12", "Year Only", type: .compilation, date: "2026", artworkURL: nil, url: nil)
                ])
            _ = try Publish(outputDirectory: folder, keepSnapshots: 30)(partial)
            documents += try Self.read(["current.json", "snapshots/20261129T120000Z.json"], in: folder)
            try await Self.expectValid(documents, against: .snapshot)
        }
    }

    @Test func snapshotsWithAlternatesHostileTextAndNoEntriesValidate() async throws {
        var folded = PublishFixtures.snapshot()
        folded.entries[0].alternates = [
            FeedAlternate(id: "2", title: "Con Todo El Mundo (Clean)", url: "https://music.example.com/album/2"),
            FeedAlternate(id: "3", title: "Con Todo El Mundo (Live)", url: nil)
        ]
        folded.entries[0].secondaryTypes = [.live, .soundtrack, .appearance]
        let empty = PublishFixtures.snapshot(entries: [])
        let documents = try [
            ("folded", folded), ("empty", empty), ("hostile", RendererTests.hostileSnapshot()),
            ("example", ExampleRun.snapshot)
        ].map { ($0.0, try $0.1.encoded()) }
        try await Self.expectValid(documents, against: .snapshot)
    }

    // MARK: Health reports

    @Test func writtenHealthReportsValidateInEveryOutcome() async throws {
        let complete = HealthReport(
            runID: PublishFixtures.runID(), startedAt: PublishFixtures.runDate,
            finishedAt: PublishFixtures.runDate.addingTimeInterval(30), status: .complete, exitCode: .success,
            library: .init(
                status: .ok, albums: 2, artists: 1, sources: [.init(source: "l.json", format: "json", albums: 2, warnings: 0)], warnings: []
            ),
            sweep: .init(SweepOutcome(provider: "itunes", results: [ArtistResult(artist: "A", outcome: .fetched([]), requests: 2)])),
            diff: .init(FeedDiff(entries: [], dropped: [:], considered: 0)),
            publish: .init(
                status: .ok, promoted: true, wrote: ["current.json"], snapshot: PublishFixtures.runID(),
                baselineRunID: PublishFixtures.runID(), baselineAgeSeconds: 0, message: nil))
        let failedSweep = SweepOutcome(
            provider: "itunes",
            results: [
                ArtistResult(artist: "A", outcome: .failed(FetchFailure(kind: .transport, attempts: 3, message: "connection refused")))
            ])
        let failed = HealthReport(
            runID: PublishFixtures.runID(), startedAt: PublishFixtures.runDate, finishedAt: PublishFixtures.runDate,
            status: .failed, exitCode: .tempFail, message: "sweep failed: no artist answered",
            sweep: .init(failedSweep),
            publish: .init(
                status: .skipped, promoted: false, wrote: [], snapshot: nil, baselineRunID: nil,
                baselineAgeSeconds: nil, message: nil))
        let earlyExit = HealthReport(
            runID: PublishFixtures.runID(), startedAt: PublishFixtures.runDate, finishedAt: PublishFixtures.runDate,
            status: .failed, exitCode: .dataError, message: "library.csv:3: unterminated quote")
        let skipped = HealthReport(
            runID: PublishFixtures.runID(), startedAt: PublishFixtures.runDate, finishedAt: PublishFixtures.runDate,
            status: .skipped, exitCode: .success)
        var documents: [(name: String, json: Data)] = []
        for (name, report) in [
            ("complete", complete), ("partial", HealthReportTests.partialReport()), ("failed", failed),
            ("earlyExit", earlyExit), ("skipped", skipped)
        ] {
            try PublishFixtures.withFolder { folder in
                try HealthWriter.write(report, to: folder)
                documents.append((name, try Data(contentsOf: folder.appendingPathComponent("health.json"))))
            }
        }
        try PublishFixtures.withFolder { folder in
            try ExampleRun.publish(into: folder)
            documents += try Self.read(["health.json"], in: folder)
        }
        try await Self.expectValid(documents, against: .health)
    }

    // MARK: The committed examples

    @Test func committedExamplesValidate() async throws {
        try await Self.expectValid(
            [("snapshot.example.json", Data(contentsOf: JSONSchemaValidator.schemas.appendingPathComponent("snapshot.example.json")))],
            against: .snapshot)
        try await Self.expectValid(
            [("health.example.json", Data(contentsOf: JSONSchemaValidator.schemas.appendingPathComponent("health.example.json")))],
            against: .health)
    }

    // MARK: The schemas have teeth

    @Test func snapshotSchemaRejectsWhatTheContractForbids() async throws {
        let valid = try #require(try JSONSerialization.jsonObject(with: PublishFixtures.snapshot().encoded()) as? [String: Any])
        func breaking(_ change: (inout [String: Any]) -> Void) throws -> Data {
            var copy = valid
            change(&copy)
            return try JSONSerialization.data(withJSONObject: copy)
        }
        func entry(_ change: @escaping ([String: Any]) -> [String: Any]) -> (inout [String: Any]) -> Void {
            { document in document["entries"] = (document["entries"] as? [[String: Any]] ?? []).map(change) }
        }
        let cases: [(String, Data, String)] = [
            ("noRunID", try breaking { $0["runID"] = nil }, "'runID' is a required property"),
            ("badRunID", try breaking { $0["runID"] = "2026-11-29" }, "runID"),
            ("version2", try breaking { $0["schemaVersion"] = 2 }, "schemaVersion"),
            ("undocumented", try breaking { $0["extra"] = true }, "'extra' was unexpected"),
            ("completeButIncomplete", try breaking { $0["incompleteArtists"] = ["Bonobo"] }, "incompleteArtists"),
            (
                "mixtape",
                try breaking(
                    entry {
                        var e = $0
                        e["type"] = "mixtape"
                        return e
                    }), "entries/0/type"
            ),
            (
                "badDate",
                try breaking(
                    entry {
                        var e = $0
                        e["releaseDate"] = "2026-13-01"
                        return e
                    }), "entries/0/releaseDate"
            ),
            (
                "secondaryTypeAsType",
                try breaking(
                    entry {
                        var e = $0
                        e["type"] = "live"
                        return e
                    }), "entries/0/type"
            ),
            (
                "unknownSecondaryType",
                try breaking(
                    entry {
                        var e = $0
                        e["secondaryTypes"] = ["bootleg"]
                        return e
                    }), "entries/0/secondaryTypes"
            ),
            (
                "emptySecondaryTypes",
                try breaking(
                    entry {
                        var e = $0
                        e["secondaryTypes"] = [Any]()
                        return e
                    }), "entries/0/secondaryTypes"
            ),
            (
                "emptyAlternates",
                try breaking(
                    entry {
                        var e = $0
                        e["alternates"] = [Any]()
                        return e
                    }), "entries/0/alternates"
            )
        ]
        for (name, json, expected) in cases {
            let problems = try await JSONSchemaValidator.snapshot.problems([(name, json)])
            #expect(problems.contains { $0.contains(expected) }, "\(name): \(problems)")
        }
    }

    @Test func healthSchemaRejectsWhatTheContractForbids() async throws {
        let valid = try #require(
            try JSONSerialization.jsonObject(with: OutputJSON.encode(HealthReportTests.partialReport())) as? [String: Any])
        func breaking(_ change: (inout [String: Any]) -> Void) throws -> Data {
            var copy = valid
            change(&copy)
            return try JSONSerialization.data(withJSONObject: copy)
        }
        let cases: [(String, Data, String)] = [
            ("noPublish", try breaking { $0["publish"] = nil }, "'publish' is a required property"),
            ("badStatus", try breaking { $0["status"] = "fine" }, "status"),
            ("badExit", try breaking { $0["exitCode"] = 42 }, "exitCode"),
            (
                "badKind",
                try breaking {
                    var sweep = $0["sweep"] as? [String: Any] ?? [:]
                    sweep["failures"] = [["artist": "A", "kind": "gremlins", "attempts": 1, "message": "?"]]
                    $0["sweep"] = sweep
                }, "sweep/failures/0/kind"
            ),
            (
                "badDropReason",
                try breaking {
                    var diff = $0["diff"] as? [String: Any] ?? [:]
                    diff["dropped"] = ["boredom": 1]
                    $0["diff"] = diff
                }, "diff/dropped"
            )
        ]
        for (name, json, expected) in cases {
            let problems = try await JSONSchemaValidator.health.problems([(name, json)])
            #expect(problems.contains { $0.contains(expected) }, "\(name): \(problems)")
        }
    }

    // MARK: Helpers

    static func read(_ names: [String], in folder: URL) throws -> [(name: String, json: Data)] {
        try names.map { ($0, try Data(contentsOf: folder.appendingPathComponent($0))) }
    }

    static func expectValid(
        _ documents: [(name: String, json: Data)], against validator: JSONSchemaValidator,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let problems = try await validator.problems(documents)
        #expect(
            problems.isEmpty, "\(validator.schema.lastPathComponent): \(problems.joined(separator: "\n"))", sourceLocation: sourceLocation)
    }
}
