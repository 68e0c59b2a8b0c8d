import DeepCutCore
import Foundation

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
    static func render(
        _ snapshot: Snapshot, context: PublishContext = PublishContext(), baseline: Baseline? = nil,
        now: Date? = nil
    ) -> String {
        var html = ""
        write(snapshot, context: context, baseline: baseline, now: now, to: &html)
        return html
    }

    /// Streams the page: Publish writes it into the file as it is rendered. The grid holds the
    /// newest `context.feedEntries` entries and says so when the snapshot has more.
    static func write<Stream: TextOutputStream>(
        _ snapshot: Snapshot, context: PublishContext = PublishContext(), baseline: Baseline? = nil,
        now: Date? = nil, to html: inout Stream
    ) {
        let links = FeedLinks(baseURL: context.baseURL)
        html.write(head(links, availability: snapshot.hasAvailability))
        html.write(header(snapshot, links: links))
        html.write("<main class=\"wrap\">\n")
        if !snapshot.complete {
            html.write(banner(snapshot, baseline: baseline, now: now ?? snapshot.generatedAt))
        }
        grid(snapshot, limit: context.feedEntries, to: &html)
        html.write(upcoming(snapshot))
        if context.health != nil || !context.history.isEmpty {
            html.write("<div class=\"panels\">\n")
            if let health = context.health { html.write(healthPanel(health)) }
            html.write(HistoryChart.section(context.history))
            html.write("</div>\n")
        }
        if let health = context.health { html.write(failuresPanel(health.sweep) + unresolvedPanel(health.sweep)) }
        html.write("</main>\n")
        html.write(footer(snapshot))
        html.write("</body>\n</html>\n")
    }

    /// Third-party text for element content: cleaned, cut, escaped and isolated for bidi.
    static func text(_ text: String, limit: Int = DisplayText.nameLimit) -> String {
        "<bdi>" + MarkupText.escape(DisplayText.field(text, limit: limit)) + "</bdi>"
    }

    // MARK: Frame

    /// - Parameter availability: some entry says where it can be heard: the page adds those styles.
    private static func head(_ links: FeedLinks?, availability: Bool) -> String {
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
            <style>\(style)\(availability ? "\n" + availabilityStyle : "")</style>
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
            <nav class="feeds" aria-label="Subscribe"><a href="\(MarkupText.escape(links?.atomFeed ?? "feed.atom"))">Atom</a><a href="\(MarkupText.escape(links?.jsonFeed ?? "feed.json"))">JSON Feed</a>\(calendarLinks(links))</nav>
            </header>

            """
    }

    /// With `publish.baseURL`, the `webcal://` link calendar apps subscribe from, and the http(s)
    /// link beside it for browsers and apps that take a plain address. Without one, only the
    /// relative link: `webcal:` has no relative form (a scheme needs an authority), so the page
    /// cannot name its own address; it works where the page is served and when opened as a file.
    private static func calendarLinks(_ links: FeedLinks?) -> String {
        guard let links else { return "<a href=\"upcoming.ics\" type=\"text/calendar\">Calendar</a>" }
        let scheme = links.calendar.prefix { $0 != ":" }
        return "<a href=\"\(MarkupText.escape(links.calendarSubscription))\" type=\"text/calendar\">Subscribe to the calendar</a>"
            + "<a href=\"\(MarkupText.escape(links.calendar))\" type=\"text/calendar\">Calendar (\(scheme))</a>"
    }

    private static func footer(_ snapshot: Snapshot) -> String {
        let state = snapshot.complete ? "complete" : "partial"
        return """
            <footer class="wrap">Snapshot \(snapshot.runID) (\(state)) from \(text(snapshot.provider)) · \(snapshot.artists.total) library artists · made by \(FeedIdentity.generator)</footer>

            """
    }
}

extension HTMLRenderer {
    /// How many incomplete artists the partial banner names before "and N more".
    static let bannerNameLimit = 20

    /// Says the feed is partial, who could not be checked, and when the feed was last whole, so
    /// "few new releases" is never mistaken for "all caught up".
    static func banner(_ snapshot: Snapshot, baseline: Baseline?, now: Date) -> String {
        let missing = snapshot.incompleteArtists
        var names = missing.prefix(bannerNameLimit).map { text($0) }.joined(separator: ", ")
        if missing.count > bannerNameLimit { names += " and \(missing.count - bannerNameLimit) more" }
        let lastComplete =
            baseline.map {
                "Last complete sweep: <time datetime=\"\(Timestamp.string($0.generatedAt))\">\(Timestamp.display($0.generatedAt))</time> "
                    + "(\(ElapsedTime.text($0.ageSeconds(at: now))) ago)."
            } ?? "No sweep has been complete yet."
        return """
            <div class="banner" role="status">
            <p><strong>Partial feed: \(StageSummary.count(missing.count, "artist")) could not be checked.</strong> Their new releases may be missing here; the next run tries them again.</p>
            <p class="names">\(names)</p>
            <p>\(lastComplete)</p>
            </div>

            """
    }
}

extension HTMLRenderer {
    /// The feed, newest first, as artwork cards: the newest `limit`, and a line saying where the
    /// rest are when the snapshot holds more.
    static func grid<Stream: TextOutputStream>(_ snapshot: Snapshot, limit: Int = .max, to html: inout Stream) {
        html.write(
            "<section aria-labelledby=\"releases-heading\">\n<h2 id=\"releases-heading\" class=\"visually-hidden\">New releases</h2>\n")
        let shown = snapshot.entries.prefix(limit)
        if snapshot.entries.isEmpty {
            html.write("<p class=\"empty\">No new releases in this snapshot.</p>\n")
        } else {
            if shown.count < snapshot.entries.count {
                html.write("<p class=\"sub\">\(FeedSummary.shownLine(snapshot, shown: shown.count)).</p>\n")
            }
            html.write("<ol class=\"grid\">\n")
            let answers = snapshot.answers
            for entry in shown { html.write(card(entry, availability: Availability(entry, answers: answers))) }
            html.write("</ol>\n")
        }
        html.write("</section>\n")
    }

    /// Announced releases, soonest first; empty when there are none.
    static func upcoming(_ snapshot: Snapshot) -> String {
        guard let upcoming = snapshot.upcoming, !upcoming.isEmpty else { return "" }
        let answers = snapshot.answers
        let items = upcoming.map { entry in
            let title =
                WebLink.http(entry.url).map { "<a href=\"\(MarkupText.escape($0))\" rel=\"noopener noreferrer\">\(text(entry.title))</a>" }
                ?? text(entry.title)
            return "<li><time datetime=\"\(entry.releaseDate)\">\(entry.releaseDate)</time> \(text(entry.artist)) — \(title)"
                + " <span class=\"badge\">\(EntryContent.typeLabel(entry))</span>\(flags(Availability(entry, answers: answers)))</li>\n"
        }
        return "<section class=\"upcoming\" aria-labelledby=\"upcoming-heading\">\n<h2 id=\"upcoming-heading\">Coming soon</h2>\n<ol>\n"
            + items.joined() + "</ol>\n</section>\n"
    }

    private static func card(_ entry: FeedEntry, availability: Availability) -> String {
        let title = text(entry.title)
        let artwork =
            WebLink.http(entry.artworkURL).map {
                let alt = MarkupText.escape("Cover of " + DisplayText.field(entry.title) + " by " + DisplayText.field(entry.artist))
                return "<img class=\"art\" src=\"\(MarkupText.escape($0))\" alt=\"\(alt)\" loading=\"lazy\" width=\"300\" height=\"300\">"
            } ?? "<div class=\"art no-art\" aria-hidden=\"true\">♪</div>"
        let heading =
            WebLink.http(entry.url).map { "<a href=\"\(MarkupText.escape($0))\" rel=\"noopener noreferrer\">\(title)</a>" } ?? title
        var html = """
            <li class="\(entry.isStale ? "card stale" : "card")">
            \(artwork)
            <div class="card-body">
            <h3>\(heading)</h3>
            <p class="artist">\(text(entry.artist))</p>
            <p class="meta"><span class="badge">\(EntryContent.typeLabel(entry))</span> <time datetime="\(entry.releaseDate)">\(entry.releaseDate)</time></p>

            """
        if let checkedAt = entry.lastCheckedAt {
            // The artist could not be checked in this run: say so, and since when the entry is known.
            let time = Timestamp.string(checkedAt)
            html +=
                "<p class=\"stale-note\">Not rechecked in this run; last checked <time datetime=\"\(time)\">\(Timestamp.display(checkedAt))</time></p>\n"
        }
        if !entry.alternates.isEmpty {
            html += "<p class=\"alternates\">Also: " + entry.alternates.map(alternate).joined(separator: " · ") + "</p>\n"
        }
        return html + whereToListen(availability) + "</div>\n</li>\n"
    }

    /// Where the release can be heard: a link per store and storefront and to MusicBrainz, then the
    /// flags ("Region-locked: not in GB", "Not in MusicBrainz yet" with Harmony's seeding link).
    /// Nothing for an entry of a one-catalog run.
    static func whereToListen(_ availability: Availability) -> String {
        guard !availability.isEmpty else { return "" }
        var listings = availability.stores.map { listing($0, class: "store") }
        if let musicBrainz = availability.musicBrainz { listings.append(listing(musicBrainz, class: "store mb")) }
        var html = "<p class=\"where\"><span class=\"visually-hidden\">Listed in: </span>\(listings.joined(separator: " "))</p>\n"
        if availability.isRegionLocked {
            let missing = MarkupText.escape(EntryContent.missingStorefronts(availability))
            html +=
                "<p class=\"flag locked\"><strong>Region-locked</strong>: in \(MarkupText.escape(availability.storefronts.joined(separator: ", "))), not in \(missing)</p>\n"
        }
        if availability.isNotInMusicBrainz {
            let seed =
                availability.harmonyURL.map { " · <a href=\"\(MarkupText.escape($0))\" rel=\"noopener noreferrer\">add it via Harmony</a>" }
                ?? ""
            html += "<p class=\"flag no-mb\"><strong>Not in MusicBrainz yet</strong>\(seed)</p>\n"
        }
        return html
    }

    /// The flags as small badges, for the compact "Coming soon" list.
    static func flags(_ availability: Availability) -> String {
        EntryContent.flagTerms(availability).map { " <span class=\"badge flag\">\(MarkupText.escape($0.label))</span>" }.joined()
    }

    private static func listing(_ listing: SourceListing, class name: String) -> String {
        let label = MarkupText.escape(DisplayText.field(Availability.name(listing), limit: 40))
        guard let url = WebLink.http(listing.url) else { return "<span class=\"\(name)\">\(label)</span>" }
        return "<a class=\"\(name)\" href=\"\(MarkupText.escape(url))\" rel=\"noopener noreferrer\">\(label)</a>"
    }

    private static func alternate(_ alternate: FeedAlternate) -> String {
        let edition = alternate.edition.map { " <span class=\"edition\">(\(text($0, limit: 40)))</span>" } ?? ""
        let title = text(alternate.title) + edition
        guard let url = WebLink.http(alternate.url) else { return title }
        return "<a href=\"\(MarkupText.escape(url))\" rel=\"noopener noreferrer\">\(title)</a>"
    }
}

extension HTMLRenderer {
    /// Styles for "where to listen", added only to a page that shows it, so a one-catalog page keeps its bytes.
    static let availabilityStyle = """
        .where{margin:.5rem 0 0;display:flex;flex-wrap:wrap;gap:.3rem}
        .store{font-size:.7rem;font-weight:600;padding:.05rem .5rem;border:1px solid var(--line);border-radius:999px;text-decoration:none;white-space:nowrap}
        span.store{color:var(--muted)}
        .flag{margin:.4rem 0 0;font-size:.75rem;padding:.2rem .5rem;border-radius:6px;color:var(--partial);background:var(--partial-bg);overflow-wrap:anywhere}
        .flag.no-mb{color:var(--text);background:var(--skipped-bg)}
        .badge.flag{margin:0 0 0 .35rem;padding:.1rem .45rem;border-radius:4px}
        """

    /// The page's only styles: the system font stack, a responsive grid, light and dark palettes
    /// with accessible contrast (WCAG AA for every text colour on its background).
    static let style = """
        :root{--bg:#f6f5f2;--card:#fff;--text:#1d1d1f;--muted:#5b5b63;--line:#e3e1db;--link:#0b57d0;--shadow:0 1px 2px rgba(0,0,0,.06),0 6px 16px rgba(0,0,0,.06);\
        --complete:#137333;--complete-bg:#e6f4ea;--partial:#8a5300;--partial-bg:#fff1cc;--failed:#b3261e;--failed-bg:#fde7e5;\
        --skipped:#5b5b63;--skipped-bg:#ecebe7;--banner:#fff6dc;--banner-line:#e8c468;--art:linear-gradient(135deg,#dcd7cc,#b8b0a0)}
        @media (prefers-color-scheme:dark){:root{--bg:#111113;--card:#1c1c20;--text:#ececf0;--muted:#a4a4ae;--line:#2f2f36;--link:#8ab4f8;--shadow:none;\
        --complete:#56d37c;--complete-bg:#163222;--partial:#f2c14e;--partial-bg:#3a2d0c;--failed:#ff8a80;--failed-bg:#3d1715;\
        --skipped:#a4a4ae;--skipped-bg:#2a2a30;--banner:#2c2410;--banner-line:#6e5818;--art:linear-gradient(135deg,#2c2c33,#1e1e23)}}
        *{box-sizing:border-box}
        html{-webkit-text-size-adjust:100%}
        body{margin:0;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue","Noto Sans",Arial,sans-serif}
        a{color:var(--link)}
        .wrap{max-width:78rem;margin:0 auto;padding:0 1.25rem}
        .visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
        .top{display:flex;flex-wrap:wrap;gap:.75rem 2rem;align-items:flex-end;justify-content:space-between;padding-top:2rem;padding-bottom:1.25rem}
        h1{font-size:2rem;line-height:1.15;margin:0;letter-spacing:-.02em}
        .summary{margin:.35rem 0 0;color:var(--muted)}
        .feeds{display:flex;gap:.5rem}
        .feeds a{font-size:.85rem;font-weight:600;text-decoration:none;padding:.3rem .75rem;border:1px solid var(--line);border-radius:999px;background:var(--card)}
        .banner{background:var(--banner);border:1px solid var(--banner-line);border-radius:12px;padding:.9rem 1.1rem;margin:0 0 1.5rem}
        .banner p{margin:.2rem 0}
        .banner .names{font-weight:600;overflow-wrap:anywhere}
        .grid{list-style:none;margin:0 0 2rem;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(9.5rem,1fr));gap:1rem}
        @media (min-width:40rem){.grid{grid-template-columns:repeat(auto-fill,minmax(12rem,1fr));gap:1.25rem}}
        .card{background:var(--card);border-radius:12px;overflow:hidden;box-shadow:var(--shadow);border:1px solid var(--line);display:flex;flex-direction:column;min-width:0}
        .art{display:block;width:100%;height:auto;aspect-ratio:1;object-fit:cover;background:var(--art)}
        .no-art{display:flex;align-items:center;justify-content:center;font-size:3.5rem;color:var(--muted)}
        .card-body{padding:.7rem .85rem .85rem;min-width:0}
        .card h3{font-size:1rem;line-height:1.3;margin:0;overflow-wrap:anywhere;display:-webkit-box;-webkit-line-clamp:3;-webkit-box-orient:vertical;overflow:hidden}
        .card h3 a{color:inherit;text-decoration:none}
        .card h3 a:hover,.card h3 a:focus-visible{text-decoration:underline}
        .artist{margin:.2rem 0 0;color:var(--muted);font-size:.9rem;overflow-wrap:anywhere;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden}
        .meta{margin:.5rem 0 0;font-size:.8rem;color:var(--muted);display:flex;gap:.5rem;align-items:center;flex-wrap:wrap}
        .badge{font-weight:600;font-size:.7rem;text-transform:uppercase;letter-spacing:.05em;padding:.1rem .45rem;border-radius:4px;background:var(--skipped-bg);color:var(--text)}
        .alternates{margin:.45rem 0 0;font-size:.75rem;color:var(--muted);overflow-wrap:anywhere}
        .card.stale{border-style:dashed}.stale-note{margin:.45rem 0 0;font-size:.75rem;color:var(--muted)}
        .empty{color:var(--muted);padding:2rem 0}
        .panels{display:grid;grid-template-columns:1fr;gap:1.25rem;margin-bottom:1.25rem}
        @media (min-width:64rem){.panels{grid-template-columns:3fr 2fr}}
        .panel{background:var(--card);border:1px solid var(--line);border-radius:12px;padding:1.1rem 1.25rem;box-shadow:var(--shadow);min-width:0}
        .panel h2{font-size:1.1rem;margin:0 0 .25rem}
        .sub{margin:0 0 .75rem;color:var(--muted);font-size:.875rem}
        .next{margin:1rem 0 0;padding:.7rem .9rem;border-radius:8px;background:var(--bg);font-size:.9rem}
        .message{margin:0 0 .75rem;font-weight:600;overflow-wrap:anywhere}
        table{border-collapse:collapse;width:100%;font-size:.875rem}
        th,td{text-align:left;vertical-align:top;padding:.45rem .5rem;border-top:1px solid var(--line)}
        thead th{border-top:0;color:var(--muted);font-weight:600;font-size:.75rem;text-transform:uppercase;letter-spacing:.05em}
        td{overflow-wrap:break-word}
        .num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
        .stages th[scope=row]{font-weight:600;white-space:nowrap}
        .scroll{overflow-x:auto}
        .failures,.unresolved{margin-bottom:1.25rem}
        .unresolved h3{font-size:.95rem;margin:.75rem 0 .25rem}
        .names-list{margin:0 0 .5rem;padding-left:1.25rem;overflow-wrap:anywhere}
        .override{margin:0;padding:.6rem .8rem;border-radius:8px;background:var(--bg);font-size:.8rem;white-space:pre-wrap;overflow-wrap:anywhere}
        .pill{display:inline-block;font-size:.75rem;font-weight:600;padding:.05rem .5rem;border-radius:999px;white-space:nowrap}
        .pill.ok,.pill.complete{color:var(--complete);background:var(--complete-bg)}
        .pill.partial{color:var(--partial);background:var(--partial-bg)}
        .pill.failed{color:var(--failed);background:var(--failed-bg)}
        .pill.skipped,.pill.notRun{color:var(--skipped);background:var(--skipped-bg)}
        .chart{margin:0 0 .9rem}
        .chart figcaption{display:flex;justify-content:space-between;gap:1rem;font-size:.8rem;color:var(--muted);margin-bottom:.2rem}
        .chart figcaption span:first-child{color:var(--text);font-weight:600}
        .chart svg{display:block;width:100%;height:3.5rem;border-bottom:1px solid var(--line)}
        rect.complete,.legend .complete{fill:var(--complete);background:var(--complete)}
        rect.partial,.legend .partial{fill:var(--partial);background:var(--partial)}
        rect.failed,.legend .failed{fill:var(--failed);background:var(--failed)}
        rect.skipped,rect.zero,.legend .skipped{fill:var(--skipped);background:var(--skipped);opacity:.55}
        .axis{display:flex;justify-content:space-between;margin:-.5rem 0 .5rem;font-size:.75rem;color:var(--muted)}
        .legend{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:.35rem 1rem;font-size:.75rem;color:var(--muted)}
        .legend i{display:inline-block;width:.7rem;height:.7rem;border-radius:2px;margin-right:.35rem;vertical-align:-.05rem}
        @media (max-width:40rem){    .stages thead,.failures thead{display:none}    .stages tr{display:grid;grid-template-columns:5.5rem 1fr;border-top:1px solid var(--line);padding:.4rem 0}    .stages th,.stages td{border-top:0;padding:.1rem .25rem}    .stages td:last-child{grid-column:1/-1}    .failures tr{display:grid;grid-template-columns:auto auto 1fr;gap:0 .9rem;border-top:1px solid var(--line);padding:.5rem 0}    .failures td{border-top:0;padding:0;text-align:left}    .failures td:first-child{grid-column:1/-1;font-weight:600}    .failures td:last-child{grid-column:1/-1;color:var(--muted)}    .failures td[data-label]::before{content:attr(data-label) " ";color:var(--muted)}}
        footer{color:var(--muted);font-size:.8rem;padding-top:.5rem;padding-bottom:2.5rem;overflow-wrap:anywhere}
        """
}
