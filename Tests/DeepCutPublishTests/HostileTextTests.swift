import DeepCutCore
import Foundation
import Testing

@testable import DeepCutPublish

/// Catalog and library text is hostile until proven otherwise. Every kind of trouble goes through
/// all four human-facing outputs at once — feed.json, feed.atom, index.html, health.txt — written by
/// the real Publish stage and HealthWriter, and each output is checked as its reader would see it.
@Suite struct HostileTextTests {
    static let script = "<script>alert(1)</script>"
    static let rightToLeftOverride = "\u{202E}"
    static let long = String(repeating: "x", count: 10_000)
    /// Markup, CDATA end, an entity, quotes, a bidi override, emoji, controls, then 10,000 characters.
    static let title = "\(script) ]]> &amp; \"double\" 'single' \(rightToLeftOverride)evil.exe 🎸👩🏽‍🎤 \u{0}\u{7}\u{1B}[31m\u{85}" + long
    static let artist = "\(rightToLeftOverride)Ar\"tist\n<b>bold</b> ]]> &amp; 🎹\u{2067}"

    /// Every output of one partial run whose every third-party string is hostile.
    static func outputs() throws -> [String: String] {
        let entry = FeedEntry(
            id: "1", key: AlbumKey(title: title, artist: artist), title: title, artist: artist, type: .album,
            releaseDate: ReleaseDate(year: 2026, month: 10, day: 1), artworkURL: "https://img.example.com/a.jpg?x=\"<>",
            url: "https://music.example.com/album/1?a=1&b=2",
            alternates: [FeedAlternate(id: "2", title: title, url: "javascript:alert(2)")])
        let sweep = SweepOutcome(
            provider: "itunes",
            results: [
                ArtistResult(artist: "Fine", outcome: .fetched([])),
                ArtistResult(
                    artist: artist + long, outcome: .failed(FetchFailure(kind: .http, httpStatus: 500, attempts: 2, message: title)))
            ])
        let snapshot = Snapshot(
            runID: ExampleRun.runID, generatedAt: ExampleRun.runDate, sweep: sweep,
            diff: FeedDiff(entries: [entry], dropped: [:], considered: 1))
        var report = HealthReport(
            runID: ExampleRun.runID, startedAt: ExampleRun.runDate, finishedAt: ExampleRun.runDate.addingTimeInterval(9),
            status: .partial, exitCode: .partial, message: title,
            library: .init(
                status: .ok, albums: 1, artists: 2, sources: [.init(source: title, format: "csv", albums: 1, warnings: 1)],
                warnings: [title]),
            sweep: .init(sweep), diff: .init(FeedDiff(entries: [entry], dropped: [:], considered: 1)))
        let history = [
            RunHistoryEntry(
                runID: script, startedAt: ExampleRun.runDate, finishedAt: ExampleRun.runDate, status: .partial,
                exitCode: .partial, durationSeconds: 9, artistsTotal: 2, artistsFailed: 1, entries: 1, requests: 3)
        ]
        return try PublishFixtures.withFolder { folder in
            let publish = Publish(outputDirectory: folder, keepSnapshots: 3)
            let outcome = try publish(snapshot, context: PublishContext(health: report, history: history))
            report.publish = .init(outcome)
            try publish.writePage(snapshot, context: PublishContext(health: report, history: history), baseline: outcome.baseline)
            report.publish.wrote.append("index.html")
            try HealthWriter.write(report, to: folder)
            var files: [String: String] = [:]
            for name in ["feed.json", "feed.atom", "index.html", "health.txt"] {
                files[name] = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            }
            return files
        }
    }

    /// What a reader should see of `title`: forbidden characters and the override gone, cut to 200 characters.
    static let shownTitle = DisplayText.field(title)

    @Test func displayTextIsCleanedAndCut() {
        #expect(Self.shownTitle.count == DisplayText.nameLimit)
        #expect(Self.shownTitle.hasSuffix("x…"))
        #expect(Self.shownTitle.hasPrefix("\(Self.script) ]]> &amp; \"double\" 'single' evil.exe 🎸👩🏽‍🎤 [31m"))
    }

    @Test func everyOutputIsFreeOfOverridesControlsAndTenThousandCharacterRuns() throws {
        for (name, text) in try Self.outputs() {
            #expect(!text.unicodeScalars.contains { DisplayText.isBidiControl($0) }, "\(name) carries a bidi override")
            #expect(!text.unicodeScalars.contains { !MarkupText.isAllowed($0) }, "\(name) carries a forbidden character")
            #expect(!text.contains(String(repeating: "x", count: 1_000)), "\(name) carries the 10,000-character string uncut")
            #expect(text.contains("🎸👩🏽‍🎤"), "\(name) lost the emoji")
            #expect(text.utf8.count < 100_000, "\(name) is \(text.utf8.count) bytes")
        }
    }

    @Test func atomParsesAndGivesBackTheCleanedText() throws {
        let outputs = try Self.outputs()
        let atom = try AtomDocument(try #require(outputs["feed.atom"]))
        #expect(atom.values["feed/entry/title"] == [DisplayText.field(Self.artist) + " — " + Self.shownTitle])
        #expect(atom.values["feed/entry/author/name"] == [DisplayText.field(Self.artist)])
        let content = try #require(atom.values["feed/entry/content"]?.first)
        #expect(content.contains("&lt;script&gt;alert(1)&lt;/script&gt; ]]&gt; &amp;amp; &quot;double&quot; &#39;single&#39;"))
        #expect(!content.contains("<script") && !content.contains("<b>") && !content.lowercased().contains("javascript:"))
        #expect(atom.links["feed/entry/link"]?.first?["href"] == "https://music.example.com/album/1?a=1&b=2")
        #expect(!(try #require(outputs["feed.atom"])).contains("<script"))
    }

    @Test func jsonFeedParsesAndGivesBackTheCleanedText() throws {
        let data = Data(try #require(try Self.outputs()["feed.json"]).utf8)
        let feed = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let item = try #require((feed["items"] as? [[String: Any]])?.first)
        #expect(item["title"] as? String == DisplayText.field(Self.artist) + " — " + Self.shownTitle)
        #expect((item["authors"] as? [[String: String]])?.first?["name"] == DisplayText.field(Self.artist))
        let html = try #require(item["content_html"] as? String)
        #expect(html.contains("&lt;script&gt;") && !html.contains("<script") && !html.contains("<b>"))
        #expect(!html.lowercased().contains("javascript:"))
        #expect(html.contains("src=\"https://img.example.com/a.jpg?x=&quot;&lt;&gt;\""))
        #expect((feed["_deepcut"] as? [String: Any])?["incompleteArtists"] as? [String] == [DisplayText.field(Self.artist + Self.long)])
    }

    @Test func pageEscapesEveryStringInEverySection() throws {
        let html = try #require(try Self.outputs()["index.html"])
        #expect(!html.lowercased().contains("<script"))
        #expect(!html.contains("<b>"))
        #expect(!html.lowercased().contains("javascript:"))
        let escapedTitle = "<bdi>" + MarkupText.escape(Self.shownTitle) + "</bdi>"
        #expect(escapedTitle.contains("&lt;script&gt;alert(1)&lt;/script&gt; ]]&gt; &amp;amp; &quot;double&quot; &#39;single&#39;"))
        let escapedMessage = "<bdi>" + MarkupText.escape(DisplayText.field(Self.title, limit: DisplayText.messageLimit)) + "</bdi>"
        #expect(html.components(separatedBy: escapedTitle).count - 1 == 2, "the card's title and the alternate's")
        #expect(html.components(separatedBy: escapedMessage).count - 1 == 2, "the failure's message and the run's cause")
        #expect(html.contains("<p class=\"alternates\">Also: \(escapedTitle)</p>"))
        #expect(html.contains("<p class=\"names\"><bdi>\(MarkupText.escape(DisplayText.field(Self.artist + Self.long)))</bdi></p>"))
        #expect(html.contains("<title>&lt;script&gt;alert(1)&lt;/script&gt; · partial · 9 s</title>"))
        #expect(
            RendererTests.attributeValues(named: "href", in: html).allSatisfy {
                $0.hasPrefix("https://") || $0.hasPrefix("feed.") || $0 == "upcoming.ics"
            })
    }

    @Test func healthTextStaysOneScreenOfSingleLines() throws {
        let text = try #require(try Self.outputs()["health.txt"])
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count < 30)
        #expect(lines.allSatisfy { $0.count <= 400 }, "\(lines.map(\.count))")
        #expect(!text.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" })
        #expect(text.contains("cause:    \(Self.script) ]]> &amp; \"double\" 'single' evil.exe 🎸👩🏽‍🎤    [31m x"))
        #expect(text.contains("  http ×1: Ar\"tist <b>bold</b> ]]> &amp; 🎹xxx"))
        #expect(lines.filter { $0.hasPrefix("next:") }.count == 1)
    }
}
