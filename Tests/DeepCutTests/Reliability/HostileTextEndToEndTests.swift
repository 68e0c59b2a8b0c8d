import DeepCutCore
import DeepCutFixtures
import Foundation
import Testing

@testable import DeepCut
@testable import DeepCutCatalog
@testable import DeepCutPublish

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Hostile titles and artist names — markup, control characters, bidi overrides, 10,000-character
/// strings — from the library file and the catalog, through a whole sweep: every output stays valid
/// for its reader, escaped, and cut where a person reads it.
@Suite struct HostileTextEndToEndTests {
    static let long = String(repeating: "W", count: 10_000)

    /// Artist names (library and catalog) and release titles, the same shapes with benign or hostile text.
    struct Names {
        var artists: [String]
        var titles: [String]

        static let hostile = Names(
            artists: [
                "<script>alert(\"artist\")</script> Band", "\u{202E}Reversed\u{202C} Artist", "Ctrl\u{7}\u{1B}[31m Band",
                "Long " + HostileTextEndToEndTests.long,
                "Failing <img src=x onerror=alert(1)> \u{2067}Crew " + HostileTextEndToEndTests.long
            ],
            titles: [
                "<script>alert(1)</script>", "]]> &amp; <b>bold</b> \"q\" 'a'", "\u{202E}gnp.exe\u{202C} & \u{0}\u{1}\u{1F}\u{7F}\u{85}",
                "Title " + HostileTextEndToEndTests.long, "<![CDATA[x]]>\r\nInjected: header"
            ])
        static let benign = Names(
            artists: ["Artist A", "Artist B", "Artist C", "Artist D", "Artist E"],
            titles: ["Title A", "Title B", "Title C", "Title D", "Title E"])
    }

    /// Runs a partial sweep (the last artist fails with HTTP 500) over `names`; returns the world.
    static func sweep(_ names: Names) async throws -> ReliabilityWorld {
        let artists = names.artists.enumerated().map { index, name in
            FixtureArtist(
                id: String(600_001 + index), name: name,
                releases: names.titles.enumerated().map { offset, title in
                    ReliabilityWorld.release(String(2_000_000 + index * 100 + offset), title, daysAgo: 1 + offset)
                })
        }
        let library = "title,artist\n" + names.artists.map { "Owned," + csvField($0) + "\n" }.joined()
        let world = try ReliabilityWorld(artists: artists, library: library)
        world.fail(artists[artists.count - 1].id, with: Fault(.status(code: 500, body: nil), on: .lookup))
        let (code, console) = await world.run("sweep")
        #expect(code == .partial, "\(console.err)")
        return world
    }

    static func csvField(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    @Test func everyOutputStaysValidEscapedAndCut() async throws {
        let world = try await Self.sweep(.hostile)
        let health = try world.health()
        #expect(health.sweep.artists.fetched == 4, "\(health.sweep.failures.map(\.message))")

        // The snapshot and JSON Feed are valid JSON and keep every entry.
        let snapshot = try #require(try Snapshot.load(from: world.feed.appendingPathComponent("current.json")))
        #expect(snapshot.entries.count == 20)
        let feed =
            try JSONSerialization.jsonObject(with: Data(contentsOf: world.feed.appendingPathComponent("feed.json"))) as? [String: Any]
        #expect((feed?["items"] as? [Any])?.count == 20)

        // Atom parses as XML, with every entry.
        let atom = try Data(contentsOf: world.feed.appendingPathComponent("feed.atom"))
        let counter = EntryCounter()
        let parser = XMLParser(data: atom)
        parser.delegate = counter
        #expect(parser.parse() && parser.parserError == nil, "feed.atom: \(String(describing: parser.parserError))")
        #expect(counter.entries == 20)

        // The page carries no live markup from the catalog, and no text a reader could be fooled by.
        let page = try String(contentsOf: world.feed.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(!page.lowercased().contains("<script"))
        #expect(!page.contains("<img src=x"))
        #expect(!page.contains("<b>bold"))
        for (name, text) in try Self.humanOutputs(world) {
            #expect(!text.unicodeScalars.contains { DisplayText.isBidiControl($0) }, "\(name) carries a bidi control")
            #expect(!text.unicodeScalars.contains { !MarkupText.isAllowed($0) && $0 != "\n" }, "\(name) carries a control character")
            #expect(!text.contains(String(repeating: "W", count: 1_000)), "\(name) carries the 10,000 characters uncut")
        }
    }

    /// health.txt: one line per field, whatever the names hold — the same lines as a benign run of
    /// the same shape.
    @Test func healthTextKeepsOneLinePerField() async throws {
        let (hostileWorld, benignWorld) = (try await Self.sweep(.hostile), try await Self.sweep(.benign))
        let hostile = try String(contentsOf: hostileWorld.feed.appendingPathComponent("health.txt"), encoding: .utf8)
        let benign = try String(contentsOf: benignWorld.feed.appendingPathComponent("health.txt"), encoding: .utf8)
        let hostileLines = hostile.split(separator: "\n", omittingEmptySubsequences: false)
        let benignLines = benign.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(hostileLines.count == benignLines.count, "\(hostile)")
        // Each line begins as its benign twin does ("sweep", "  http (1): ", …).
        for (line, twin) in zip(hostileLines, benignLines) {
            let label = twin.prefix { $0 != ":" && !$0.isNumber }
            #expect(line.hasPrefix(label), "\(line) / \(twin)")
            #expect(line.count <= 400, "\(line.prefix(80))… is \(line.count) characters")
        }
    }

    /// Issue 30: U+2028, U+2029 and U+0085 in artist names and titles (library and catalog), through
    /// a real run with an upcoming release, a failing artist and one the catalog does not know:
    /// none reaches a text output raw — health.txt, the page, Atom, the calendar, the metrics'
    /// labels, `deepcut health`, the log — and the JSON files carry them only as `\u2028`-style
    /// escapes (JavaScript-safe JSON Feed).
    @Test func lineAndParagraphSeparatorsReachNoTextOutput() async throws {
        let separators: [UInt32] = [0x2028, 0x2029, 0x85]
        let names = ["Line\u{2028}Sep", "Para\u{2029}Sep", "Next\u{85}Line", "Failing\u{2028}Crew"]
        let artists = names.enumerated().map { index, name in
            FixtureArtist(
                id: String(700_001 + index), name: name,
                releases: [
                    ReliabilityWorld.release(String(3_000_000 + index * 10), "Out\u{2028}Now\u{2029}\u{85}", daysAgo: 2),
                    ReliabilityWorld.release(String(3_000_001 + index * 10), "Soon\u{2028}Coming", daysAgo: -20)
                ])
        }
        let library = "title,artist\n" + (names + ["Missing\u{2028}Artist"]).map { "Owned," + Self.csvField($0) + "\n" }.joined()
        let world = try ReliabilityWorld(
            artists: artists, library: library, topLevelKeys: ["prometheusTextfile": #""metrics/deepcut.prom""#])
        world.fail("700004", with: Fault(.status(code: 500, body: nil), on: .lookup))
        let (code, console) = await world.run("sweep", "--verbose")
        #expect(code == .partial, "\(console.err)")
        let check = await world.run("health")

        var texts = try ["health.txt", "index.html", "feed.atom", "upcoming.ics"].map { name in
            (name, try String(contentsOf: world.feed.appendingPathComponent(name), encoding: .utf8))
        }
        texts.append(("metrics", try String(contentsOf: world.folder.url.appendingPathComponent("metrics/deepcut.prom"), encoding: .utf8)))
        texts += [("deepcut health", check.console.out), ("log", console.err)]
        let json = try ["feed.json", "current.json", "health.json"].map { name in
            (name, try String(contentsOf: world.feed.appendingPathComponent(name), encoding: .utf8))
        }
        for (name, text) in texts + json {
            #expect(!text.unicodeScalars.contains { separators.contains($0.value) }, "\(name) carries a raw separator")
        }
        // The names are still there, separated by a space.
        #expect(texts[0].1.contains("Failing Crew"), "health.txt: \(texts[0].1)")
        #expect(texts[1].1.contains("Line Sep") && texts[1].1.contains("Out Now"), "the page")
        #expect(texts[3].1.contains("SUMMARY:Line Sep — Soon Coming"), "the calendar: \(texts[3].1)")
        #expect(texts[4].1.contains(#"deepcut_artist_unresolved{artist="Missing Artist",reason="notFound"} 1"#), "\(texts[4].1)")
        // JSON keeps the snapshot's text as escapes where it kept it, and every file still parses.
        for (name, text) in json {
            #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8))) != nil, "\(name) does not parse")
        }
        let feed = try world.json("feed.json")
        let titles = (feed["items"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
        #expect(titles.contains("Line Sep — Out Now "), "\(titles)")
    }

    static func humanOutputs(_ world: ReliabilityWorld) throws -> [(String, String)] {
        try ["feed.atom", "index.html", "health.txt"].map { name in
            (name, try String(contentsOf: world.feed.appendingPathComponent(name), encoding: .utf8))
        }
    }
}

/// Counts Atom `<entry>` elements.
private final class EntryCounter: NSObject, XMLParserDelegate {
    var entries = 0

    func parser(
        _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if element == "entry" { entries += 1 }
    }
}
