import DeepCutCore
import Foundation

extension HTMLRenderer {
    /// How many failures the page lists before pointing at `health.json`.
    static let failureRowLimit = 50

    /// Each stage's status and counts, from the run's health report.
    static func healthPanel(_ report: HealthReport) -> String {
        let stages: [(String, HealthReport.StageStatus, String)] =
            [
                ("Library", report.library.status, StageSummary.library(report.library)),
                ("Sweep", report.sweep.status, StageSummary.sweep(report.sweep)),
                ("Diff", report.diff.status, StageSummary.diff(report.diff)),
                ("Publish", report.publish.status, StageSummary.publish(report.publish))
            ]
            // Each channel's last delivery and its error: a channel that fails shows here, not in the run's status.
            + (report.notify ?? []).map { ("Notify", $0.lastError == nil ? .ok : .failed, StageSummary.notify($0)) }
        let rows = stages.map { name, status, summary in
            "<tr><th scope=\"row\">\(name)</th><td>\(pill(status))</td><td>\(status == .notRun ? "" : text(summary, limit: 1_000))</td></tr>\n"
        }.joined()
        var message = report.message.map { "<p class=\"message\">\(text($0, limit: DisplayText.messageLimit))</p>\n" } ?? ""
        if let skip = report.lastSkip {
            message +=
                "<p class=\"skip\">Last checked <time datetime=\"\(Timestamp.string(skip.at))\">\(Timestamp.display(skip.at))</time>: "
                + "skipped, \(text(skip.reason, limit: DisplayText.messageLimit))</p>\n"
        }
        return """
            <section class="panel" aria-labelledby="health-heading">
            <h2 id="health-heading">Run health</h2>
            <p class="sub"><span class="pill \(report.status.rawValue)">\(report.status.rawValue)</span> exit \(report.exitCode) · run \(report.runID) · started <time datetime="\(Timestamp.string(report.startedAt))">\(Timestamp.display(report.startedAt))</time></p>
            \(message)<table class="stages">
            <thead><tr><th scope="col">Stage</th><th scope="col">Status</th><th scope="col">What happened</th></tr></thead>
            <tbody>
            \(rows)</tbody>
            </table>
            <p class="next"><strong>Next:</strong> \(MarkupText.escape(HealthText.nextStep(report)))</p>
            </section>

            """
    }

    /// Every artist the catalog did not answer for, with the cause; nothing when all answered.
    static func failuresPanel(_ sweep: HealthReport.SweepStage) -> String {
        guard !sweep.failures.isEmpty else { return "" }
        let rows = sweep.failures.prefix(failureRowLimit).map { failure in
            "<tr><td>\(text(failure.artist))</td><td>\(failure.kind.rawValue)</td><td class=\"num\" data-label=\"HTTP\">\(failure.httpStatus.map(String.init) ?? "–")</td>"
                + "<td class=\"num\" data-label=\"attempts\">\(failure.attempts)</td><td>\(text(failure.message, limit: DisplayText.messageLimit))</td></tr>\n"
        }.joined()
        let more =
            sweep.failures.count > failureRowLimit
            ? "<p class=\"sub\">and \(sweep.failures.count - failureRowLimit) more in health.json</p>\n" : ""
        return """
            <section class="panel failures" aria-labelledby="failures-heading">
            <h2 id="failures-heading">Artists that could not be checked (\(sweep.failures.count))</h2>
            <div class="scroll"><table>
            <thead><tr><th scope="col">Artist</th><th scope="col">Kind</th><th scope="col" class="num">HTTP</th><th scope="col" class="num">Attempts</th><th scope="col">Message</th></tr></thead>
            <tbody>
            \(rows)</tbody>
            </table></div>
            \(more)</section>

            """
    }

    /// The artists not found in the catalog and those guessed among namesakes, each group with the
    /// `artistOverrides` line to paste; nothing when every artist resolved for certain.
    static func unresolvedPanel(_ sweep: HealthReport.SweepStage) -> String {
        let unresolved = UnresolvedArtists(sweep)
        guard !unresolved.isEmpty else { return "" }
        let groups =
            unresolvedGroup(
                "not-found", "Not found in the catalog", unresolved.notFound,
                note: unresolved.mostlyNotFound ? unresolved.mostlyNotFoundHint : nil)
            + unresolvedGroup("ambiguous", "Several catalog artists share the name", unresolved.ambiguous, note: nil)
        return """
            <section class="panel unresolved" aria-labelledby="unresolved-heading">
            <h2 id="unresolved-heading">Artists without a certain catalog match</h2>
            \(groups)</section>

            """
    }

    private static func unresolvedGroup(_ id: String, _ heading: String, _ names: [String], note: String?) -> String {
        guard !names.isEmpty else { return "" }
        let items = names.prefix(failureRowLimit).map { "<li>\(text($0))</li>" }.joined()
        let more = names.count > failureRowLimit ? "<p class=\"sub\">and \(names.count - failureRowLimit) more in health.json</p>\n" : ""
        return "<h3 id=\"\(id)-heading\">\(heading) (\(names.count))</h3>\n"
            + (note.map { "<p class=\"message\">\(MarkupText.escape($0))</p>\n" } ?? "")
            + "<ul class=\"names-list\" id=\"\(id)\" aria-labelledby=\"\(id)-heading\">\(items)</ul>\n\(more)"
            + "<p class=\"sub\">Pin with, in the config (each \(UnresolvedArtists.idPlaceholder) the artist's catalog id):</p>\n"
            + "<pre class=\"override\"><code>\(MarkupText.escape(UnresolvedArtists.overrideLine(names)))</code></pre>\n"
    }

    private static func pill(_ status: HealthReport.StageStatus) -> String {
        let label = status == .notRun ? "not run" : status.rawValue
        return "<span class=\"pill \(status.rawValue)\">\(label)</span>"
    }
}

/// The page's picture of recent history: one small bar chart per measure (duration, artists
/// failed, entries) over the last 30 runs, oldest left, each bar coloured by the run's status.
///
/// Inline SVG without text, stretched to the card's width; labels are HTML around it so they stay
/// readable at any width. Every bar carries a `<title>` (a tooltip) and each chart an `aria-label`.
package enum HistoryChart {
    package static let runLimit = 30
    /// The drawing's coordinate box: one 10-unit slot per run, bars 64 units tall at most.
    private static let slotWidth = 10.0
    private static let height = 64.0
    /// A run with any value at all stays visible beside one a hundred times bigger.
    private static let minimumBar = 6.0

    private struct Measure: Sendable {
        let name: String
        let value: @Sendable (RunHistoryEntry) -> Double
        let format: @Sendable (Double) -> String
    }

    private static let measures = [
        Measure(name: "Duration", value: { $0.durationSeconds }, format: { ElapsedTime.text(Int($0.rounded())) }),
        Measure(name: "Artists failed", value: { Double($0.artistsFailed) }, format: { String(Int($0)) }),
        Measure(name: "Entries", value: { Double($0.entries) }, format: { String(Int($0)) })
    ]

    /// The "Recent runs" section; says so when there is no history yet.
    static func section(_ history: [RunHistoryEntry]) -> String {
        let runs = Array(history.sorted { ($0.startedAt, $0.runID) < ($1.startedAt, $1.runID) }.suffix(runLimit))
        var html = "<section class=\"panel\" aria-labelledby=\"history-heading\">\n<h2 id=\"history-heading\">Recent runs</h2>\n"
        guard let first = runs.first, let last = runs.last else {
            return html + "<p class=\"sub\">No runs recorded yet.</p>\n</section>\n"
        }
        html += "<p class=\"sub\">The last \(StageSummary.count(runs.count, "run")), oldest left.</p>\n"
        html += measures.map { chart($0, runs) }.joined()
        html += """
            <p class="axis"><time datetime="\(Timestamp.string(first.startedAt))">\(Timestamp.display(first.startedAt))</time><time datetime="\(Timestamp.string(last.startedAt))">\(Timestamp.display(last.startedAt))</time></p>
            <ul class="legend"><li><i class="complete"></i>complete</li><li><i class="partial"></i>partial</li><li><i class="failed"></i>failed</li><li><i class="skipped"></i>skipped</li></ul>
            </section>

            """
        return html
    }

    private static func chart(_ measure: Measure, _ runs: [RunHistoryEntry]) -> String {
        let values = runs.map(measure.value)
        let top = values.max() ?? 0
        let latest = measure.format(values.last ?? 0)
        let offset = Double(runLimit - runs.count) * slotWidth
        let bars = zip(runs, values).enumerated().map { index, pair in
            let (run, value) = pair
            let barHeight = value > 0 ? max(minimumBar, value / top * height) : 1.5
            let status = value == 0 ? "zero" : run.status.rawValue
            let tip = "\(MarkupText.escape(run.runID)) · \(run.status.rawValue) · \(measure.format(value))"
            return
                "<rect class=\"\(status)\" x=\"\(number(offset + Double(index) * slotWidth + 1.5))\" y=\"\(number(height - barHeight))\" "
                + "width=\"7\" height=\"\(number(barHeight))\"><title>\(tip)</title></rect>"
        }.joined()
        let label = "\(measure.name) of the last \(StageSummary.count(runs.count, "run")): highest \(measure.format(top)), latest \(latest)"
        return """
            <figure class="chart">
            <figcaption><span>\(measure.name)</span><span>latest <strong>\(latest)</strong> · max \(measure.format(top))</span></figcaption>
            <svg viewBox="0 0 \(number(Double(runLimit) * slotWidth)) \(number(height))" preserveAspectRatio="none" role="img" aria-label="\(label)">\(bars)</svg>
            </figure>

            """
    }

    /// Coordinates with at most two decimals, so the markup stays small and stable.
    private static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
