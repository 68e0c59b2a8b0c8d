import Foundation
import Testing

@testable import DeepCutCore
@testable import DeepCutPublish

/// The snapshot files are streamed through `JSONStreamEncoder`: byte for byte what `OutputJSON.encode`
/// (the whole-document `JSONEncoder`) gives for the same value, for any snapshot and any `Encodable`.
@Suite struct StreamedSnapshotTests {
    /// A seeded generator (SplitMix64), so a failing case is the same on every run.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static func text(_ random: inout Seeded) -> String {
        let pieces = StreamedOutputTests.hostile + ["Khruangbin", "Sigur Rós", "A & B", "x", "10", "Ünïcödé", "\u{1F}"]
        return (0..<Int.random(in: 1...3, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined(separator: " ")
    }

    static func entry(_ index: Int, _ random: inout Seeded) -> FeedEntry {
        let (title, artist) = (text(&random), text(&random))
        var entry = FeedEntry(
            id: "\(index)", key: AlbumKey(title: title, artist: artist), title: title, artist: artist,
            type: RecordingType.allCases.randomElement(using: &random)!,
            releaseDate: ReleaseDate(
                year: Int.random(in: 1990...2027, using: &random), month: Int.random(in: 1...12, using: &random), day: 3),
            artworkURL: Bool.random(using: &random) ? "https://img.example.com/\(index)/100x100bb.jpg" : nil,
            url: Bool.random(using: &random) ? "https://music.example.com/album/\(index)?a=1&b=\"2\"" : nil,
            alternates: (0..<Int.random(in: 0...2, using: &random)).map {
                FeedAlternate(
                    id: "\(index)-\($0)", title: text(&random), url: Bool.random(using: &random) ? "https://a.example/\($0)" : nil,
                    edition: Bool.random(using: &random) ? "Clean" : nil)
            },
            secondaryTypes: Bool.random(using: &random) ? [] : [.live, .soundtrack])
        let date = Date(timeIntervalSince1970: Double(Int.random(in: 1_600_000_000...1_800_000_000, using: &random)))
        if Bool.random(using: &random) { entry.addedAt = date }
        if Int.random(in: 0..<4, using: &random) == 0 { entry.updatedAt = date.addingTimeInterval(60) }
        if Int.random(in: 0..<4, using: &random) == 0 { entry.lastCheckedAt = date.addingTimeInterval(-60) }
        if Int.random(in: 0..<3, using: &random) == 0 {
            entry.availability = [
                SourceListing(
                    source: CatalogSource(key: "itunes:jp", provider: "itunes", storefront: "jp"), id: "j\(index)",
                    url: "https://music.apple.com/jp/album/\(index)", releaseDate: nil),
                SourceListing(
                    source: CatalogSource(key: "musicbrainz", provider: "musicbrainz", storefront: nil), id: "mb-\(index)", url: nil,
                    releaseDate: ReleaseDate(year: 2026, month: 1, day: 2))
            ]
        }
        return entry
    }

    static func snapshot(_ seed: UInt64) -> Snapshot {
        var random = Seeded(state: seed)
        let entries = (0..<Int.random(in: 0...12, using: &random)).map { entry($0, &random) }
        var snapshot = PublishFixtures.snapshot(complete: Bool.random(using: &random), entries: entries)
        snapshot.incompleteArtists = (0..<Int.random(in: 0...3, using: &random)).map { _ in text(&random) }
        switch Int.random(in: 0..<3, using: &random) {
        case 0: snapshot.upcoming = nil
        case 1: snapshot.upcoming = []
        default: snapshot.upcoming = (100..<Int.random(in: 101...104, using: &random)).map { entry($0, &random) }
        }
        if Bool.random(using: &random) {
            var changes = ChangeSet(since: Bool.random(using: &random) ? "20261128T120000Z" : nil, added: Array(entries.prefix(2)))
            changes.removed = (200..<Int.random(in: 200...203, using: &random)).map {
                ChangeSet.Removal(entry: entry($0, &random), reason: ChangeReason.allCases.randomElement(using: &random)!)
            }
            changes.updated = entries.suffix(1).map {
                ChangeSet.Update(
                    entry: $0, fields: ["releaseDate", "title"], previousTitle: Bool.random(using: &random) ? text(&random) : nil,
                    previousReleaseDate: ReleaseDate(year: 2025, month: 5, day: 6))
            }
            snapshot.changes = changes
        }
        return snapshot
    }

    /// 300 generated snapshots: hostile text, every optional field present and absent, empty and
    /// missing lists, change sets, additive fields (`availability`).
    @Test func streamedSnapshotsEqualJSONEncoders() throws {
        for seed in UInt64(1)...300 {
            let snapshot = Self.snapshot(seed)
            #expect(try snapshot.encoded() == (try OutputJSON.encode(snapshot)), "seed \(seed)")
        }
        for snapshot in [
            StreamedOutputTests.hostileSnapshot(), PublishFixtures.snapshot(), PublishFixtures.snapshot(complete: false, entries: [])
        ] {
            #expect(try snapshot.encoded() == (try OutputJSON.encode(snapshot)))
        }
    }

    private class Base: Encodable {
        var inherited = "base"
    }

    private final class Derived: Base {
        var own = 2

        enum CodingKeys: String, CodingKey { case own }

        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(own, forKey: .own)
            try super.encode(to: container.superEncoder())
        }
    }

    private struct Nothing: Encodable {
        func encode(to encoder: any Encoder) throws {}
    }

    private struct Everything: Encodable {
        var keys: [String: Int] = ["a10": 1, "a9": 2, "B": 3, "b": 4, "_": 5, "é": 6, "ä": 7, "quote\"": 8, "\u{2028}": 9, "": 10]
        var doubles: [Double] = [1, 0.5, 1e20, 1e-7, -0.0, 123_456_789.125, .pi, 2.5e-300]
        var floats: [Float] = [0.1, 1e20, 3]
        var integers: [Int64] = [.min, .max]
        var unsigned: [UInt8] = [0, 255]
        var nested: [[Int?]] = [[], [nil, 1], [2]]
        var dictionaries: [String: [String: String]] = ["x": [:], "y": ["z": "\u{85}"]]
        var date = Date(timeIntervalSince1970: 1_790_000_000)
        var url = URL(string: "https://example.com/a/b?c=d")!
        var data = Data([0, 1, 2, 250])
        var optional: String? = nil
        var explicitNull: String? = nil
        var object = Derived()
        var nothing = Nothing()
        var empty: [String] = []
        var bool = false

        enum CodingKeys: String, CodingKey {
            case keys, doubles, floats, integers, unsigned, nested, dictionaries, date, url, data, optional, explicitNull, object
            case nothing, empty, bool
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(keys, forKey: .keys)
            try container.encode(doubles, forKey: .doubles)
            try container.encode(floats, forKey: .floats)
            try container.encode(integers, forKey: .integers)
            try container.encode(unsigned, forKey: .unsigned)
            try container.encode(nested, forKey: .nested)
            try container.encode(dictionaries, forKey: .dictionaries)
            try container.encode(date, forKey: .date)
            try container.encode(url, forKey: .url)
            try container.encode(data, forKey: .data)
            try container.encodeIfPresent(optional, forKey: .optional)
            try container.encodeNil(forKey: .explicitNull)
            try container.encode(object, forKey: .object)
            try container.encode(nothing, forKey: .nothing)
            try container.encode(empty, forKey: .empty)
            try container.encode(true, forKey: .bool)
            // A key encoded twice keeps its last value.
            try container.encode(bool, forKey: .bool)
        }
    }

    /// Beyond snapshots: dictionaries (keys sorted by UTF-8 bytes, escaped), numbers as
    /// `JSONEncoder` prints them, nulls, nested and empty containers, dates, URLs, data, a superclass.
    @Test func anyEncodableEqualsJSONEncoders() throws {
        var json = JSONStreamWriter("")
        try JSONStreamEncoder.write(Everything(), to: &json)
        let streamed = json.finish()
        #expect(Data(streamed.utf8) == (try OutputJSON.encode(Everything())), "\(streamed)")
    }

    @Test func aNonFiniteNumberThrowsAsJSONEncoderDoes() throws {
        var json = JSONStreamWriter("")
        #expect(throws: EncodingError.self) { try JSONStreamEncoder.write([1, Double.nan], to: &json) }
        #expect(throws: EncodingError.self) { try OutputJSON.encode([1, Double.nan]) }
    }

    /// Publish streams the run's snapshot file once and copies it: the three files hold its bytes.
    @Test func publishedSnapshotFilesHoldTheEncodersBytes() throws {
        try PublishFixtures.withFolder { folder in
            let snapshot = Self.snapshot(7)
            var complete = snapshot
            complete.complete = true
            _ = try Publish(outputDirectory: folder, keepSnapshots: 3)(complete)
            let expected = try OutputJSON.encode(complete)
            for name in ["current.json", "latest.json", "snapshots/\(complete.runID.rawValue).json"] {
                #expect(try Data(contentsOf: folder.appendingPathComponent(name)) == expected, "\(name)")
            }
        }
    }
}
