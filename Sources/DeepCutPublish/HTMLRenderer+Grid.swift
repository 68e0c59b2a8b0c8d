import DeepCutCore

extension HTMLRenderer {
    /// The feed, newest first, as artwork cards.
    static func grid(_ snapshot: Snapshot) -> String {
        var html = "<section aria-labelledby=\"releases-heading\">\n<h2 id=\"releases-heading\" class=\"visually-hidden\">New releases</h2>\n"
        if snapshot.entries.isEmpty {
            html += "<p class=\"empty\">No new releases in this snapshot.</p>\n"
        } else {
            html += "<ol class=\"grid\">\n" + snapshot.entries.map(card).joined() + "</ol>\n"
        }
        return html + "</section>\n"
    }

    /// Announced releases, soonest first; empty when there are none.
    static func upcoming(_ snapshot: Snapshot) -> String {
        guard let upcoming = snapshot.upcoming, !upcoming.isEmpty else { return "" }
        let items = upcoming.map { entry in
            let title = WebLink.http(entry.url).map { "<a href=\"\(MarkupText.escape($0))\" rel=\"noopener noreferrer\">\(text(entry.title))</a>" }
                ?? text(entry.title)
            return "<li><time datetime=\"\(entry.releaseDate)\">\(entry.releaseDate)</time> \(text(entry.artist)) — \(title)"
                + " <span class=\"badge\">\(EntryContent.typeLabel(entry.type))</span></li>\n"
        }
        return "<section class=\"upcoming\" aria-labelledby=\"upcoming-heading\">\n<h2 id=\"upcoming-heading\">Coming soon</h2>\n<ol>\n"
            + items.joined() + "</ol>\n</section>\n"
    }

    private static func card(_ entry: FeedEntry) -> String {
        let title = text(entry.title)
        let artwork = WebLink.http(entry.artworkURL).map {
            let alt = MarkupText.escape("Cover of " + DisplayText.field(entry.title) + " by " + DisplayText.field(entry.artist))
            return "<img class=\"art\" src=\"\(MarkupText.escape($0))\" alt=\"\(alt)\" loading=\"lazy\" width=\"300\" height=\"300\">"
        } ?? "<div class=\"art no-art\" aria-hidden=\"true\">♪</div>"
        let heading = WebLink.http(entry.url).map { "<a href=\"\(MarkupText.escape($0))\" rel=\"noopener noreferrer\">\(title)</a>" } ?? title
        var html = """
        <li class="\(entry.isStale ? "card stale" : "card")">
        \(artwork)
        <div class="card-body">
        <h3>\(heading)</h3>
        <p class="artist">\(text(entry.artist))</p>
        <p class="meta"><span class="badge">\(EntryContent.typeLabel(entry.type))</span> <time datetime="\(entry.releaseDate)">\(entry.releaseDate)</time></p>

        """
        if let checkedAt = entry.lastCheckedAt {
            // The artist could not be checked in this run: say so, and since when the entry is known.
            let time = Timestamp.string(checkedAt)
            html += "<p class=\"stale-note\">Not rechecked in this run; last checked <time datetime=\"\(time)\">\(Timestamp.display(checkedAt))</time></p>\n"
        }
        if !entry.alternates.isEmpty {
            html += "<p class=\"alternates\">Also: " + entry.alternates.map(alternate).joined(separator: " · ") + "</p>\n"
        }
        return html + "</div>\n</li>\n"
    }

    private static func alternate(_ alternate: FeedAlternate) -> String {
        let edition = alternate.edition.map { " <span class=\"edition\">(\(text($0, limit: 40)))</span>" } ?? ""
        let title = text(alternate.title) + edition
        guard let url = WebLink.http(alternate.url) else { return title }
        return "<a href=\"\(MarkupText.escape(url))\" rel=\"noopener noreferrer\">\(title)</a>"
    }
}
