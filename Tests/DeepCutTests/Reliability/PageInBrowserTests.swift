import DeepCutFixtures
import Foundation
import Testing

@testable import DeepCut
@testable import DeepCutCore
@testable import DeepCutHTTP
@testable import DeepCutPublish

/// Issue 16, bullet 1: the page describes the finished run, itself included in "Recent runs",
/// checked in the DOM headless Chromium builds from `index.html` (not only in the file's text),
/// through the real binary over a sequence of runs: complete, partial, failed (the page is left
/// as it was), complete again, and an `--if-stale` skip.
@Suite struct PageInBrowserTests {
    static let chromium = URL(fileURLWithPath: "/usr/bin/chromium")

    @Test func thePageShowsEachFinishedRunWithItselfInTheHistory() async throws {
        try #require(SpawnedProcess.deepcutIsBuilt, "build deepcut first")
        try #require(FileManager.default.isExecutableFile(atPath: Self.chromium.path), "install chromium (scripts/test does)")
        let harness = try SweepHarness()

        // Complete, on a new install: the first run lists itself, not "No runs recorded yet".
        #expect(try await harness.sweep().status == 0)
        var dom = try await Self.dom(harness)
        try Self.keep(harness, as: "complete")
        var run = try harness.health().runID.rawValue
        #expect(Self.healthLine(dom).hasPrefix("complete exit 0 · run \(run)"), "\(Self.healthLine(dom))")
        #expect(!dom.contains("internal error"))
        #expect(!dom.contains("No runs recorded yet"))
        #expect(Self.historyBars(dom) == ["\(run) · complete"])

        // Partial: Polyphia's lookups fail.
        harness.fail("103", with: Fault(.status(code: 500, body: nil), on: .lookup))
        #expect(await harness.sweepInProcess().status == 3)
        dom = try await Self.dom(harness)
        try Self.keep(harness, as: "partial")
        let partialRun = try harness.health().runID.rawValue
        #expect(Self.healthLine(dom).hasPrefix("partial exit 3 · run \(partialRun)"), "\(Self.healthLine(dom))")
        #expect(Self.historyBars(dom) == ["\(run) · complete", "\(partialRun) · partial"])
        #expect(dom.contains("Partial feed: 1 artist could not be checked."))

        // Failed: every lookup fails; no feed file is touched, the page stays byte for byte.
        let before = try harness.outputFiles()
        for id in ["101", "102", "103"] { harness.fail(id, with: Fault(.status(code: 500, body: nil), on: .any)) }
        #expect(await harness.sweepInProcess().status == 75)
        let after = try harness.outputFiles()
        for name in ["index.html", "feed.json", "feed.atom", "current.json", "latest.json"] {
            #expect(after[name] == before[name], "\(name) changed in a failed run")
        }
        #expect(try harness.health().status == .failed)
        try Self.keep(harness, as: "failed")

        // Complete again: the history holds all four runs, the failed one too, this one last.
        for id in ["101", "102", "103"] { harness.fail(id, with: nil) }
        #expect(await harness.sweepInProcess().status == 0)
        dom = try await Self.dom(harness)
        let failedRun = try #require(Self.historyBars(dom).dropFirst(2).first)
        #expect(failedRun.hasSuffix(" · failed"))
        run = try harness.health().runID.rawValue
        #expect(Self.healthLine(dom).hasPrefix("complete exit 0 · run \(run)"))
        #expect(Self.historyBars(dom).count == 4)
        #expect(Self.historyBars(dom).last == "\(run) · complete")

        // Skipped by --if-stale: the page still shows the last real run, and when it was checked.
        #expect(await harness.sweepInProcess("--if-stale").status == 0)
        dom = try await Self.dom(harness)
        try Self.keep(harness, as: "skipped")
        #expect(Self.healthLine(dom).hasPrefix("complete exit 0 · run \(run)"))
        #expect(Self.historyBars(dom).count == 4, "a skip is not a run")
        let skip = try #require(try harness.health().lastSkip)
        #expect(Self.text(of: "p", class: "skip", in: dom).hasPrefix("Last checked \(Timestamp.display(skip.at)): skipped, baseline "))
    }

    /// `scripts/screenshot` photographs the four states: with `DEEPCUT_PAGE_STATES` set to a folder,
    /// each state's `index.html` is copied there as `STATE.html`.
    static func keep(_ harness: SweepHarness, as state: String) throws {
        guard let folder = ProcessInfo.processInfo.environment["DEEPCUT_PAGE_STATES"], !folder.isEmpty else { return }
        let target = URL(fileURLWithPath: folder).appendingPathComponent("\(state).html")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        if FileManager.default.fileExists(atPath: target.path) { try FileManager.default.removeItem(at: target) }
        try FileManager.default.copyItem(at: harness.feed.appendingPathComponent("index.html"), to: target)
    }

    // MARK: The browser

    /// The DOM Chromium builds from the published `index.html`, serialised.
    static func dom(_ harness: SweepHarness) async throws -> String {
        let profile = harness.folder.url.appendingPathComponent("chromium-profile")
        let page = harness.feed.appendingPathComponent("index.html")
        let result = try await SpawnedProcess(
            chromium,
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(profile.path)",
                "--dump-dom", page.absoluteString
            ], in: harness.folder.url
        ).finish(seconds: 180)
        try #require(result.status == 0, "chromium: \(result.stderr.suffix(500))")
        try #require(result.stdout.contains("</html>"), "chromium printed no DOM")
        return result.stdout
    }

    /// The Run health panel's status line as a person reads it ("complete exit 0 · run …").
    static func healthLine(_ dom: String) -> String {
        let panel = element("section", containing: "aria-labelledby=\"health-heading\"", in: dom)
        return text(of: "p", class: "sub", in: panel)
    }

    /// "RUNID · status" of every bar of the Recent runs' first chart, oldest first.
    static func historyBars(_ dom: String) -> [String] {
        let history = element("section", containing: "aria-labelledby=\"history-heading\"", in: dom)
        let chart = element("svg", containing: "", in: history)
        return chart.components(separatedBy: "<title>").dropFirst().map { title in
            let parts = plain(String(title.prefix { $0 != "<" })).components(separatedBy: " · ")
            return parts.prefix(2).joined(separator: " · ")
        }
    }

    /// The first `<tag …attribute…>…</tag>` in `html` (no nesting of the same tag inside: true of the page's sections).
    static func element(_ tag: String, containing attribute: String, in html: String) -> String {
        var rest = Substring(html)
        while let start = rest.range(of: "<\(tag)") {
            let open = rest[start.lowerBound...].prefix { $0 != ">" }
            if attribute.isEmpty || open.contains(attribute), let end = rest[start.lowerBound...].range(of: "</\(tag)>") {
                return String(rest[start.lowerBound..<end.upperBound])
            }
            rest = rest[start.upperBound...]
        }
        return ""
    }

    /// The text content of the first `<tag class="…">` in `html`, tags removed, whitespace collapsed.
    static func text(of tag: String, class name: String, in html: String) -> String {
        plain(element(tag, containing: "class=\"\(name)\"", in: html))
    }

    static func plain(_ html: String) -> String {
        var text = ""
        var inTag = false
        for character in html {
            if character == "<" { inTag = true } else if character == ">" { inTag = false } else if !inTag { text.append(character) }
        }
        text = text.replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&nbsp;", with: " ")
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
