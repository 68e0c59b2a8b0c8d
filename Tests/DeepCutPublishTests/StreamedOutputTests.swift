import DeepCutCore
import Foundation
import Glibc
import Testing

@testable import DeepCutPublish

/// The feeds and the page are streamed into their files (`FileStream`, `JSONStreamWriter`): the
/// same bytes as the encoders that built whole documents, and a failed write fails the file.
@Suite struct StreamedOutputTests {
    /// Every character JSONEncoder or `OutputJSON` treats specially, and some it does not.
    static let hostile = [
        "", "plain", "quote \" backslash \\ slash / done", "tab\tline\nreturn\rback\u{08}feed\u{0C}",
        String((0..<0x20).map { Character(Unicode.Scalar($0)!) }),
        "DEL \u{7F} NEL \u{85} C1 \u{80}\u{9F} NBSP \u{A0}", "separators \u{2028} \u{2029}", "— emoji 🎸 é 中文 \u{202E}rtl"
    ]

    private struct Sample: Encodable {
        let a: Bool
        let b: [String]
        let c: [String]
        let d: Int
        let e: String?
        let f: [Nested]
    }

    private struct Nested: Encodable {
        let name: String
    }

    /// The streamed writer against `OutputJSON.encode` of the same value: nested objects and
    /// arrays, an empty array, an absent optional, booleans, integers, every hostile string.
    @Test func jsonWriterWritesOutputJSONsBytes() throws {
        let sample = Sample(a: true, b: Self.hostile, c: [], d: 10_056, e: nil, f: Self.hostile.map(Nested.init))
        var json = JSONStreamWriter("")
        json.beginObject()
        json.bool("a", sample.a)
        json.strings("b", sample.b)
        json.strings("c", sample.c)
        json.integer("d", sample.d)
        json.string("e", ifPresent: sample.e)
        json.beginArray("f")
        for nested in sample.f {
            json.beginObject()
            json.string("name", nested.name)
            json.endObject()
        }
        json.endArray()
        json.endObject()
        #expect(Data(json.finish().utf8) == (try OutputJSON.encode(sample)))
    }

    /// A snapshot using every field the feed shows, its text hostile, partial, with upcoming entries.
    static func hostileSnapshot() -> Snapshot {
        let title = HostileTextTests.title + " \u{2028}\u{7F}"
        let artist = HostileTextTests.artist
        var entry = FeedEntry(
            id: "1\"/x", key: AlbumKey(title: title, artist: artist), title: title, artist: artist, type: .album,
            releaseDate: ReleaseDate(year: 2026, month: 10, day: 1), artworkURL: "https://img.example.com/a/100x100bb.jpg?x=\"<>",
            url: "https://music.example.com/album/1?a=1&b=2",
            alternates: [FeedAlternate(id: "2", title: title, url: "javascript:alert(2)", edition: "Clean")],
            secondaryTypes: [.live, .remix])
        entry.addedAt = PublishFixtures.runDate
        entry.updatedAt = PublishFixtures.runDate.addingTimeInterval(60)
        var plain = PublishFixtures.entry("3", "Plain", artworkURL: nil, url: nil)
        plain.lastCheckedAt = PublishFixtures.runDate
        var snapshot = PublishFixtures.snapshot(complete: false, entries: [entry, plain])
        snapshot.incompleteArtists = [artist, "Four\tTet"]
        snapshot.upcoming = [PublishFixtures.entry("99", title, artist: artist, date: "2026-12-24")]
        return snapshot
    }

    /// The streamed JSON Feed equals the `Encodable` document it replaced, byte for byte, with and
    /// without a base URL and an install id, empty and hostile.
    @Test func jsonFeedEqualsTheEncodableDocument() throws {
        let links = FeedLinks(baseURL: URL(string: "https://feeds.example.org/deepcut/"))
        for snapshot in [Self.hostileSnapshot(), PublishFixtures.snapshot(), PublishFixtures.snapshot(complete: false, entries: [])] {
            for (links, install) in [(nil, nil), (links, "INSTALL")] as [(FeedLinks?, String?)] {
                #expect(
                    try JSONFeedRenderer.render(snapshot, links: links, install: install)
                        == (try LegacyJSONFeed.render(snapshot, links: links, install: install)))
            }
        }
    }

    @Test func eachHostileStringIsEscapedAsOutputJSONDoes() throws {
        for text in Self.hostile {
            let encoded = try OutputJSON.encode([text])
            #expect(
                String(decoding: encoded, as: UTF8.self)
                    == "[\n  \(JSONStringLiteral.quoting(text, encoderShortForms: true, alsoEscaping: OutputJSONInvisibles.contains))\n]\n",
                "\(text.debugDescription)")
        }
    }

    /// The stream writes more than its buffer in pieces of any size, and in order.
    @Test func streamWritesEverythingInOrder() throws {
        try PublishFixtures.withFolder { folder in
            let file = folder.appendingPathComponent("feed.json")
            let pieces = (0..<20_000).map { String(repeating: "é", count: $0 % 97) + "\($0)\n" } + [String(repeating: "x", count: 200_000)]
            try AtomicFile.write(to: file) { stream in pieces.forEach { stream.write($0) } }
            #expect(try String(contentsOf: file, encoding: .utf8) == pieces.joined())
        }
    }

    /// `/dev/full` answers every write with ENOSPC: the first failure sticks and nothing more is tried.
    @Test func aFailedWriteSticks() throws {
        let descriptor = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var stream = FileStream(descriptor: descriptor)
        stream.write(String(repeating: "x", count: FileStream.capacity + 1))
        #expect(stream.failure == ENOSPC)
        stream.write("more")
        stream.flush()
        #expect(stream.failure == ENOSPC)
    }

    private struct RenderingStopped: Error {}

    /// A render that fails after its first 64 KiB went to the temporary leaves the previous file
    /// as it was and no temporary behind.
    @Test func aFailureMidStreamLeavesThePreviousFileIntact() throws {
        try PublishFixtures.withFolder { folder in
            let file = folder.appendingPathComponent("index.html")
            try AtomicFile.write("previous\n", to: file)
            #expect(throws: RenderingStopped.self) {
                try AtomicFile.write(to: file) { stream in
                    stream.write(String(repeating: "<li>", count: FileStream.capacity))
                    throw RenderingStopped()
                }
            }
            #expect(try String(contentsOf: file, encoding: .utf8) == "previous\n")
            #expect(try PublishFixtures.temporaries(in: folder).isEmpty)
        }
    }
}
