import DeepCutCore

/// Renders a snapshot as one self-contained page (`index.html`): inline CSS, no scripts, and a
/// Content-Security-Policy that forbids everything else, so the page loads nothing but artwork.
/// Every third-party string is escaped; only http(s) URLs reach `href` and `src`.
enum HTMLRenderer {
    /// How many incomplete artists the partial banner names before "and N more".
    static let bannerNameLimit = 20

    static func render(_ snapshot: Snapshot) -> String {
        var html = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src https: http:; style-src 'unsafe-inline'">
        <meta name="referrer" content="no-referrer">
        <title>\(MarkupText.escape(FeedIdentity.title))</title>
        <style>\(style)</style>
        </head>
        <body>
        <header>
        <h1>\(MarkupText.escape(FeedIdentity.title))</h1>
        <p>\(MarkupText.escape(FeedSummary.line(snapshot)))</p>
        </header>

        """
        if !snapshot.complete {
            html += banner(snapshot)
        }
        if snapshot.entries.isEmpty {
            html += "<p class=\"empty\">No new releases in this snapshot.</p>\n"
        } else {
            html += "<ol class=\"entries\">\n"
            for entry in snapshot.entries {
                html += item(entry)
            }
            html += "</ol>\n"
        }
        html += "</body>\n</html>\n"
        return html
    }

    private static func banner(_ snapshot: Snapshot) -> String {
        let names = snapshot.incompleteArtists.prefix(bannerNameLimit).map(MarkupText.escape).joined(separator: ", ")
        let more = snapshot.incompleteArtists.count - bannerNameLimit
        let tail = more > 0 ? " and \(more) more" : ""
        return """
        <div class="banner" role="status"><strong>Partial snapshot.</strong> These artists did not answer, so their new releases may be missing: \(names)\(tail).</div>

        """
    }

    private static func item(_ entry: FeedEntry) -> String {
        let title = MarkupText.escape(entry.title)
        let artwork = WebLink.http(entry.artworkURL).map {
            "<img src=\"\(MarkupText.escape($0))\" alt=\"\" loading=\"lazy\" width=\"300\" height=\"300\">"
        } ?? "<div class=\"no-artwork\"></div>"
        let heading = WebLink.http(entry.url).map { "<a href=\"\(MarkupText.escape($0))\" rel=\"noopener noreferrer\">\(title)</a>" } ?? title
        return """
        <li>
        \(artwork)
        <h2>\(heading)</h2>
        <p class="artist">\(MarkupText.escape(entry.artist))</p>
        <p class="meta"><span class="type">\(EntryContent.typeLabel(entry.type))</span> · <time datetime="\(entry.releaseDate)">\(entry.releaseDate)</time></p>
        </li>

        """
    }

    private static let style = """
    body{font-family:system-ui,sans-serif;margin:0 auto;max-width:72rem;padding:1rem;background:#fafafa;color:#222}\
    header p{color:#555}\
    .banner{background:#fff3cd;border:1px solid #e0c36a;border-radius:6px;padding:.75rem 1rem;margin:1rem 0}\
    .entries{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(12rem,1fr));gap:1rem}\
    .entries li{background:#fff;border-radius:6px;padding:.5rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}\
    .entries img,.no-artwork{width:100%;height:auto;aspect-ratio:1;border-radius:4px;background:#ddd;display:block}\
    h2{font-size:1rem;margin:.5rem 0 .25rem}\
    h2 a{color:inherit}\
    .artist{margin:0;font-weight:600}\
    .meta{margin:.25rem 0 0;color:#666;font-size:.875rem}\
    .empty{color:#555}
    """
}
