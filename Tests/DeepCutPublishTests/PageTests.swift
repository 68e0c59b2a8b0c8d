import DeepCutCore
import Foundation
import Testing

@testable import DeepCutPublish

/// `index.html`: self-contained, newest first, honest about partial feeds, and showing the run's
/// health and recent history.
@Suite struct PageTests {
    static func examplePage() throws -> String {
        try PublishFixtures.withFolder { folder in
            try ExampleRun.publish(into: folder)
            return try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        }
    }

    // MARK: Self-contained

    @Test func loadsNothingButArtwork() throws {
        let html = try Self.examplePage()
        let lowered = html.lowercased()
        for forbidden in [
            "<script", "<link rel=\"stylesheet\"", "@import", "url(", "<iframe", "<object", "<embed", "@font-face", "javascript:"
        ] {
            #expect(!lowered.contains(forbidden), "\(forbidden)")
        }
        #expect(html.contains("content=\"default-src 'none'; img-src https: http:; style-src 'unsafe-inline'\""))
        let sources = RendererTests.attributeValues(named: "src", in: html)
        #expect(sources.count == ExampleRun.entries.count - 1, "one entry has no artwork")
        #expect(sources.allSatisfy { $0.hasPrefix("http://artwork.example/") })
        // The only other references are the page's own feeds and calendar, and the catalog's pages.
        let references = RendererTests.attributeValues(named: "href", in: html)
        #expect(
            references.allSatisfy {
                $0.hasPrefix("https://music.example.com/") || $0.hasPrefix("https://music.example.org/deepcut/feed.")
                    || $0 == "https://music.example.org/deepcut/upcoming.ics" || $0 == "webcal://music.example.org/deepcut/upcoming.ics"
            },
            "\(references)")
    }

    @Test func everyImageHasAltTextAndTheDocumentIsInEnglish() throws {
        let html = try Self.examplePage()
        #expect(html.contains("<html lang=\"en\">"))
        let images = html.components(separatedBy: "<img ").dropFirst()
        #expect(!images.isEmpty)
        for image in images {
            #expect(image.contains(" alt=\"Cover of "), "\(image.prefix(120))")
        }
        #expect(html.contains("alt=\"Cover of Cascade II by Floating Points\""))
        #expect(html.contains("@media (prefers-color-scheme:dark)"))
    }

    // MARK: The grid

    @Test func entriesAreNewestFirstWithTypeDateLinkAndAlternates() throws {
        let html = try Self.examplePage()
        let positions = try ExampleRun.entries.map { entry in
            try #require(html.range(of: ">\(MarkupText.escape(entry.title))</bdi>")?.lowerBound, "\(entry.title)")
        }
        #expect(positions == positions.sorted())
        #expect(
            html.contains(
                "<h3><a href=\"https://music.example.com/album/1771000001\" rel=\"noopener noreferrer\"><bdi>Cascade II</bdi></a></h3>"))
        #expect(html.contains("<span class=\"badge\">Compilation</span> <time datetime=\"2026-11-14\">2026-11-14</time>"))
        #expect(
            html.contains(
                "<p class=\"alternates\">Also: <a href=\"https://music.example.com/album/1771000002\" rel=\"noopener noreferrer\"><bdi>Cascade II (Clean)</bdi></a> · "
            ))
        #expect(html.components(separatedBy: "class=\"alternates\"").count == 2, "only the folded entry lists alternates")
        #expect(html.contains("<div class=\"art no-art\" aria-hidden=\"true\">♪</div>"))
    }

    // MARK: Partial banner

    @Test func partialBannerNamesTheArtistsAndTheLastCompleteSweep() throws {
        let html = try Self.examplePage()
        #expect(html.contains("Partial feed: 5 artists could not be checked."))
        #expect(
            html.contains(
                "<p class=\"names\"><bdi>Khruangbin</bdi>, <bdi>Four Tet</bdi>, <bdi>Caribou</bdi>, <bdi>Bonobo</bdi>, <bdi>Jon Hopkins</bdi></p>"
            ))
        #expect(html.contains("Last complete sweep: <time datetime=\"2026-11-28T10:04:07Z\">2026-11-28 10:04 UTC</time> (1 d 2 h ago)."))
    }

    @Test func completePageHasNoBanner() throws {
        try PublishFixtures.withFolder { folder in
            let publish = Publish(outputDirectory: folder, keepSnapshots: 3)
            let outcome = try publish(ExampleRun.baseline)
            try publish.writePage(ExampleRun.baseline, context: PublishContext(), baseline: outcome.baseline)
            let html = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
            #expect(!html.contains("class=\"banner\""))
            #expect(!html.contains("Partial"))
        }
    }

    // MARK: Health panel

    @Test func healthPanelShowsEveryStageAndEveryFailure() throws {
        let html = try Self.examplePage()
        #expect(html.contains("<span class=\"pill partial\">partial</span> exit 3 · run 20261129T120000Z"))
        #expect(
            html.contains(
                "<tr><th scope=\"row\">Library</th><td><span class=\"pill ok\">ok</span></td><td><bdi>1204 albums, 212 artists from 2 sources, 2 warnings</bdi></td></tr>"
            ))
        #expect(html.contains("<tr><th scope=\"row\">Sweep</th><td><span class=\"pill partial\">partial</span></td>"))
        // Publish ran inside this very call: the page shows its outcome, not "not run".
        #expect(
            html.contains(
                "<tr><th scope=\"row\">Publish</th><td><span class=\"pill ok\">ok</span></td><td><bdi>snapshot 20261129T120000Z published as current.json only; baseline kept from 20261128T100000Z, 1 d 2 h old</bdi></td></tr>"
            ))
        #expect(html.contains("<p class=\"next\"><strong>Next:</strong> nothing urgent: the next run retries the 5 incomplete artists;"))
        #expect(html.contains("Artists that could not be checked (4)"))
        #expect(
            html.contains(
                "<tr><td><bdi>Khruangbin</bdi></td><td>rateLimited</td><td class=\"num\" data-label=\"HTTP\">403</td><td class=\"num\" data-label=\"attempts\">3</td><td><bdi>HTTP 403 with an empty body: the catalog is rate limiting</bdi></td></tr>"
            ))
        #expect(html.contains("<tr><td><bdi>Caribou</bdi></td><td>timeout</td><td class=\"num\" data-label=\"HTTP\">–</td>"))
    }

    @Test func aFinishedReportIsShownAsItIs() {
        var report = ExampleRun.reportBeforePublish
        report.publish = .init(
            status: .failed, promoted: false, wrote: [], snapshot: nil, baselineRunID: nil, baselineAgeSeconds: nil,
            message: "disk full")
        let html = HTMLRenderer.render(ExampleRun.snapshot, context: PublishContext(health: report))
        #expect(html.contains("<tr><th scope=\"row\">Publish</th><td><span class=\"pill failed\">failed</span></td>"))
        #expect(html.contains("disk full"))
    }

    @Test func failureTableIsCappedAndPointsAtTheReport() {
        let sweep = SweepOutcome(
            provider: "itunes",
            results: (1...60).map {
                ArtistResult(artist: "Artist \($0)", outcome: .failed(FetchFailure(kind: .timeout, attempts: 3, message: "slow")))
            } + [ArtistResult(artist: "Fine", outcome: .fetched([]))])
        let report = HealthReport(
            runID: ExampleRun.runID, startedAt: ExampleRun.runDate, finishedAt: ExampleRun.runDate,
            status: .partial, exitCode: .partial, sweep: .init(sweep))
        let html = HTMLRenderer.render(ExampleRun.snapshot, context: PublishContext(health: report))
        #expect(html.components(separatedBy: "<td class=\"num\" data-label=\"attempts\">3</td>").count - 1 == HTMLRenderer.failureRowLimit)
        #expect(html.contains("and 10 more in health.json"))
        #expect(html.contains("<tr><th scope=\"row\">Diff</th><td><span class=\"pill notRun\">not run</span></td><td></td></tr>"))
    }

    @Test func withoutHealthOrHistoryThePanelsAreLeftOut() {
        let html = HTMLRenderer.render(ExampleRun.snapshot)
        #expect(!html.contains("Run health"))
        #expect(!html.contains("Recent runs"))
        #expect(!html.contains("<svg"))
    }

    // MARK: History chart

    @Test func historyChartsTheNewestThirtyRunsOldestLeft() throws {
        let older = (1...5).map { day -> RunHistoryEntry in
            var run = ExampleRun.history[0]
            run.startedAt = run.startedAt.addingTimeInterval(Double(-day) * 86_400)
            run.runID = RunID(run.startedAt).rawValue
            return run
        }
        let html = HTMLRenderer.render(ExampleRun.snapshot, context: PublishContext(history: (older + ExampleRun.history).shuffled()))
        #expect(html.components(separatedBy: "<svg ").count - 1 == 3)
        #expect(html.components(separatedBy: "<rect ").count - 1 == 90)
        #expect(!html.contains(older[0].runID))
        let first = try #require(html.range(of: "<title>20261031T120000Z · complete · "))
        let last = try #require(html.range(of: "<title>20261129T120000Z · partial · "))
        #expect(first.lowerBound < last.lowerBound)
        #expect(html.contains("aria-label=\"Duration of the last 30 runs: highest "))
        #expect(html.contains("<title>20261111T120000Z · failed · 212</title>"))
        #expect(html.contains("<span>Artists failed</span><span>latest <strong>4</strong> · max 212</span>"))
    }

    @Test func fewRunsSitAtTheRightAndBarsStayInsideTheChart() throws {
        let runs = Array(ExampleRun.history.suffix(2))
        let html = HTMLRenderer.render(ExampleRun.snapshot, context: PublishContext(history: runs))
        #expect(html.contains("The last 2 runs, oldest left."))
        let xs = html.components(separatedBy: "<rect ").dropFirst().compactMap {
            Double(RendererTests.attributeValues(named: "x", in: " " + $0).first ?? "")
        }
        #expect(xs.count == 6)
        #expect(xs.allSatisfy { $0 >= 280 && $0 < 300 })
        let ys = html.components(separatedBy: "<rect ").dropFirst().compactMap {
            Double(RendererTests.attributeValues(named: "y", in: " " + $0).first ?? "")
        }
        #expect(ys.allSatisfy { $0 >= 0 && $0 <= 64 })
    }

    @Test func emptyHistorySaysSo() {
        let html = HTMLRenderer.render(ExampleRun.snapshot, context: PublishContext(health: ExampleRun.reportBeforePublish))
        #expect(html.contains("No runs recorded yet."))
        #expect(!html.contains("<svg"))
    }
}
