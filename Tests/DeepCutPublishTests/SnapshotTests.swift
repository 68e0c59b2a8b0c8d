import DeepCutCore
import Foundation
import Testing

@testable import DeepCutPublish

@Suite struct SnapshotTests {
    // MARK: The SPEC's shape

    @Test func encodesTheSpecFieldNames() throws {
        let snapshot = PublishFixtures.snapshot(complete: false)
        let json = try #require(try JSONSerialization.jsonObject(with: snapshot.encoded()) as? [String: Any])
        #expect(
            Set(json.keys) == ["schemaVersion", "runID", "generatedAt", "complete", "provider", "artists", "incompleteArtists", "entries"])
        #expect(json["schemaVersion"] as? Int == 1)
        #expect(json["runID"] as? String == "20261129T120000Z")
        #expect(json["generatedAt"] as? String == "2026-11-29T12:00:41Z")
        #expect(json["complete"] as? Bool == false)
        #expect(json["provider"] as? String == "itunes")
        #expect(json["incompleteArtists"] as? [String] == ["Bonobo", "Four Tet"])
        let artists = try #require(json["artists"] as? [String: Int])
        #expect(artists == ["total": 10, "fetched": 7, "notFound": 1, "failed": 2, "skipped": 0])
        let entries = try #require(json["entries"] as? [[String: Any]])
        #expect(entries.count == 2)
        #expect(Set(entries[0].keys) == ["id", "key", "title", "artist", "type", "releaseDate", "artworkURL", "url"])
        #expect(entries[0]["id"] as? String == "1440857781")
        #expect(entries[0]["key"] as? String == "con todo el mundo\u{1F}khruangbin")
        #expect(entries[0]["type"] as? String == "album")
        #expect(entries[0]["releaseDate"] as? String == "2026-10-01")
    }

    @Test func bytesAreStableSortedAndReadable() throws {
        let data = try PublishFixtures.snapshot().encoded()
        #expect(try PublishFixtures.snapshot().encoded() == data)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""key" : "con todo el mundo\u001fkhruangbin""#))
        #expect(text.contains(#""artworkURL" : "https://example.com/art.jpg""#))
        #expect(text.hasSuffix("}\n"))
        let artists = try #require(text.range(of: "\"artists\""))
        let complete = try #require(text.range(of: "\"complete\""))
        #expect(artists.lowerBound < complete.lowerBound)
    }

    @Test func buildsFromTheSweepAndDiff() {
        let sweep = SweepOutcome(
            provider: "musicbrainz",
            results: [
                ArtistResult(artist: "Bonobo", outcome: .fetched([])),
                ArtistResult(artist: "Nobody", outcome: .notFound),
                ArtistResult(
                    artist: "Khruangbin", outcome: .failed(FetchFailure(kind: .timeout, attempts: 3, message: "no answer in 20 s")))
            ])
        let diff = FeedDiff(entries: [PublishFixtures.entry("1", "A")], dropped: [:], considered: 4)
        let snapshot = Snapshot(runID: PublishFixtures.runID(), generatedAt: PublishFixtures.runDate, sweep: sweep, diff: diff)
        #expect(!snapshot.complete)
        #expect(snapshot.provider == "musicbrainz")
        #expect(snapshot.artists == ArtistCounts(total: 3, fetched: 1, notFound: 1, failed: 1))
        #expect(snapshot.incompleteArtists == ["Khruangbin"])
        #expect(snapshot.entries.map(\.id) == ["1"])
    }

    // MARK: Reading

    @Test func loadRoundTripsAndMissingIsNil() throws {
        try PublishFixtures.withFolder { folder in
            let file = folder.appendingPathComponent("current.json")
            #expect(try Snapshot.load(from: file) == nil)
            let snapshot = PublishFixtures.snapshot()
            try AtomicFile.write(snapshot.encoded(), to: file)
            #expect(try Snapshot.load(from: file) == snapshot)
        }
    }

    @Test(arguments: [
        ("{\"schemaVersion\": 1, \"runID\": \"20261129T1200", "not valid JSON"),
        ("{\"schemaVersion\": 2}", "schemaVersion 2"),
        ("{\"schemaVersion\": 1, \"runID\": \"20261129T120000Z\"}", "missing key generatedAt"),
        ("[]", "wrong type")
    ])
    func corruptFilesAreTypedErrorsNamingTheFile(content: String, reason: String) throws {
        try PublishFixtures.withFolder { folder in
            let file = folder.appendingPathComponent("latest.json")
            try AtomicFile.write(content, to: file)
            let error = try #require(throws: OutputReadError.self) { try Snapshot.load(from: file) }
            #expect(error.exitCode == .ioError)
            #expect(error.reason.contains(reason), "\(error.reason)")
            #expect(error.message.contains(file.path))
        }
    }

    @Test func baselineMustBeComplete() throws {
        try PublishFixtures.withFolder { folder in
            #expect(try Baseline.read(outputDirectory: folder) == nil)
            try AtomicFile.write(PublishFixtures.snapshot(complete: false).encoded(), to: folder.appendingPathComponent("latest.json"))
            let error = try #require(throws: OutputReadError.self) { try Baseline.read(outputDirectory: folder) }
            #expect(error.reason.contains("partial"))
            try AtomicFile.write(PublishFixtures.snapshot().encoded(), to: folder.appendingPathComponent("latest.json"))
            let baseline = try #require(try Baseline.read(outputDirectory: folder))
            #expect(baseline.runID.rawValue == "20261129T120000Z")
            #expect(baseline.ageSeconds(at: PublishFixtures.runDate.addingTimeInterval(3_641)) == 3_600)
            #expect(baseline.ageSeconds(at: PublishFixtures.runDate) == 0)
        }
    }
}
