import Foundation
import DeepCutCore

/// Renders `index.html`: one self-contained page for people — the feed as an artwork grid, newest
/// first; a banner when the feed is partial; the run's health; a chart of recent runs.
///
/// Inline CSS, no scripts, and a Content-Security-Policy that forbids everything else, so the page
/// loads nothing but artwork. Every third-party string goes through `DisplayText` and
/// `MarkupText.escape` (and sits in `<bdi>`, so right-to-left names cannot reorder their
/// surroundings); only http(s) URLs reach `href` and `src`.
enum HTMLRenderer {
    /// - Parameters:
    ///   - context: the run's health so far, run history and base URL; empty leaves those sections out.
    ///   - baseline: the last complete snapshot, for the partial banner's "last complete sweep".
    ///   - now: when ages are measured from; the snapshot's time by default.
    static func render(_ snapshot: Snapshot, context: PublishContext = PublishContext(), baseline: Baseline? = nil,
                       now: Date? = nil) -> String {
        let links = FeedLinks(baseURL: context.baseURL)
        var html = head(links)
        html += header(snapshot, links: links)
        html += "<main class=\"wrap\">\n"
        if !snapshot.complete {
            html += banner(snapshot, baseline: baseline, now: now ?? snapshot.generatedAt)
        }
        html += grid(snapshot)
        html += upcoming(snapshot)
        if context.health != nil || !context.history.isEmpty {
            html += "<div class=\"panels\">\n"
            if let health = context.health { html += healthPanel(health) }
            html += HistoryChart.section(context.history)
            html += "</div>\n"
        }
        if let health = context.health { html += failuresPanel(health.sweep) + unresolvedPanel(health.sweep) }
        html += "</main>\n"
        html += footer(snapshot)
        html += "</body>\n</html>\n"
        return html
    }

    /// Third-party text for element content: cleaned, cut, escaped and isolated for bidi.
    static func text(_ text: String, limit: Int = DisplayText.nameLimit) -> String {
        "<bdi>" + MarkupText.escape(DisplayText.field(text, limit: limit)) + "</bdi>"
    }

    // MARK: Frame

    private static func head(_ links: FeedLinks?) -> String {
        let atom = MarkupText.escape(links?.atomFeed ?? "feed.atom")
        let json = MarkupText.escape(links?.jsonFeed ?? "feed.json")
        return """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src https: http:; style-src 'unsafe-inline'">
        <meta name="referrer" content="no-referrer">
        <meta name="color-scheme" content="light dark">
        <meta name="generator" content="\(FeedIdentity.generator)">
        <title>\(MarkupText.escape(FeedIdentity.title))</title>
        <link rel="alternate" type="application/atom+xml" title="\(MarkupText.escape(FeedIdentity.title)) (Atom)" href="\(atom)">
        <link rel="alternate" type="application/feed+json" title="\(MarkupText.escape(FeedIdentity.title)) (JSON Feed)" href="\(json)">
        <style>\(style)</style>
        </head>
        <body>

        """
    }

    private static func header(_ snapshot: Snapshot, links: FeedLinks?) -> String {
        let count = StageSummary.count(snapshot.entries.count, "new release")
        return """
        <header class="wrap top">
        <div>
        <h1>\(MarkupText.escape(FeedIdentity.title))</h1>
        <p class="summary">\(count) by artists in your library · updated <time datetime="\(Timestamp.string(snapshot.generatedAt))">\(Timestamp.display(snapshot.generatedAt))</time></p>
        </div>
        <nav class="feeds" aria-label="Subscribe"><a href="\(MarkupText.escape(links?.atomFeed ?? "feed.atom"))">Atom</a><a href="\(MarkupText.escape(links?.jsonFeed ?? "feed.json"))">JSON Feed</a></nav>
        </header>

        """
    }

    private static func footer(_ snapshot: Snapshot) -> String {
        let state = snapshot.complete ? "complete" : "partial"
        return """
        <footer class="wrap">Snapshot \(snapshot.runID) (\(state)) from \(text(snapshot.provider)) · \(snapshot.artists.total) library artists · made by \(FeedIdentity.generator)</footer>

        """
    }
}
