import Foundation
import DeepCutCore

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
        let value: @Sendable (RunRecord) -> Double
        let format: @Sendable (Double) -> String
    }

    private static let measures = [
        Measure(name: "Duration", value: { $0.durationSeconds }, format: { ElapsedTime.text(Int($0.rounded())) }),
        Measure(name: "Artists failed", value: { Double($0.artistsFailed) }, format: { String(Int($0)) }),
        Measure(name: "Entries", value: { Double($0.entries) }, format: { String(Int($0)) }),
    ]

    /// The "Recent runs" section; says so when there is no history yet.
    static func section(_ history: [RunRecord]) -> String {
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

    private static func chart(_ measure: Measure, _ runs: [RunRecord]) -> String {
        let values = runs.map(measure.value)
        let top = values.max() ?? 0
        let latest = measure.format(values.last ?? 0)
        let offset = Double(runLimit - runs.count) * slotWidth
        let bars = zip(runs, values).enumerated().map { index, pair in
            let (run, value) = pair
            let barHeight = value > 0 ? max(minimumBar, value / top * height) : 1.5
            let status = value == 0 ? "zero" : run.status.rawValue
            let tip = "\(MarkupText.escape(run.runID)) · \(run.status.rawValue) · \(measure.format(value))"
            return "<rect class=\"\(status)\" x=\"\(number(offset + Double(index) * slotWidth + 1.5))\" y=\"\(number(height - barHeight))\" "
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
