import DeepCutCore
import Foundation

/// How a digest reads to a person, shared by every channel: a title ("3 new releases from Bonobo,
/// Khruangbin and 1 more"), one line per item by event, and a cap so a huge first digest stays
/// readable ("and 40 more", then the page's link). Plain text, Markdown and HTML forms.
package struct DigestText: Sendable {
    /// Items listed before "and N more".
    package static let defaultMaximumLines = 20

    package let message: DigestMessage
    package let maximumLines: Int

    package init(_ message: DigestMessage, maximumLines: Int = defaultMaximumLines) {
        self.message = message
        self.maximumLines = max(1, maximumLines)
    }

    /// One line, no markup.
    package var title: String {
        let prefix = message.isTest ? "Test from deepcut: " : ""
        let items = message.items
        guard !items.isEmpty else { return prefix + "nothing new" }
        let events = Set(items.map(\.event))
        let plural = items.count == 1 ? "" : "s"
        // A mix is just "releases": an announcement is not a new release yet.
        let noun =
            switch events {
            case [.newRelease]: "new release\(plural)"
            case [.announced]: "announced release\(plural)"
            case [.outToday]: "release\(plural) out today"
            default: "release\(plural)"
            }
        return "\(prefix)\(items.count) \(noun) from \(Self.artistList(items.map(\.entry.artist)))"
    }

    /// "A", "A and B", "A, B and 3 more": distinct artists in digest order.
    static func artistList(_ names: [String]) -> String {
        var seen: Set<String> = []
        let artists = names.map { ReadableText.line($0) }.filter { seen.insert(ArtistName.normalize($0)).inserted }
        switch artists.count {
        case 0...1: return artists.first ?? ""
        case 2: return "\(artists[0]) and \(artists[1])"
        default: return "\(artists[0]), \(artists[1]) and \(artists.count - 2) more"
        }
    }

    /// The items shown, at most `maximumLines`, and how many were left out.
    package var shown: (items: [Digest.Item], omitted: Int) {
        (Array(message.items.prefix(maximumLines)), max(0, message.items.count - maximumLines))
    }

    /// "New: Bonobo — Fragments (album, 2022-01-14)", "Announced for 2026-12-11: …", "Out today: …".
    package static func line(_ item: Digest.Item) -> String {
        let entry = item.entry
        let release = "\(ReadableText.line(entry.artist)) — \(ReadableText.line(entry.title))"
        return "\(eventLabel(item)): \(release) (\(entry.typeText), \(entry.releaseDate))"
    }

    static func eventLabel(_ item: Digest.Item) -> String {
        switch item.event {
        case .newRelease: "New"
        case .announced: "Announced for \(item.entry.releaseDate)"
        case .outToday: "Out today"
        }
    }

    /// The item's link when it is a web address (a catalog could send anything).
    static func link(_ item: Digest.Item) -> URL? {
        guard let text = item.entry.url, let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased()) else {
            return nil
        }
        return url
    }

    private var moreLine: String? {
        let omitted = shown.omitted
        guard omitted > 0 else { return nil }
        return "and \(omitted) more" + (message.pageURL.map { ": \($0.absoluteString)" } ?? "")
    }

    /// The plain-text body: one line per item (with its link on the next), the cap, the page.
    package var plain: String {
        var lines: [String] = []
        if message.isTest { lines.append("This is a test message from deepcut; the releases below are samples.") }
        for item in shown.items {
            lines.append(Self.line(item))
            if let link = Self.link(item) { lines.append("  \(link.absoluteString)") }
            let availability = message.availability(of: item)
            if let summary = availability.summary { lines.append("  \(summary)") }
            if let harmony = availability.harmonyURL { lines.append("  Add it to MusicBrainz: \(harmony)") }
        }
        if let moreLine { lines.append(moreLine) }
        if let page = message.pageURL, shown.omitted == 0 { lines.append("All releases: \(page.absoluteString)") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The Markdown body (ntfy, Apprise): one list item per release, titles linked.
    package var markdown: String {
        var lines: [String] = []
        if message.isTest { lines.append("_This is a test message from deepcut; the releases below are samples._\n") }
        for item in shown.items {
            let entry = item.entry
            let title =
                Self.link(item).map { "[\(Self.markdownEscaped(ReadableText.line(entry.title)))](\($0.absoluteString))" }
                ?? Self.markdownEscaped(ReadableText.line(entry.title))
            lines.append(
                "- \(Self.eventLabel(item)): **\(Self.markdownEscaped(ReadableText.line(entry.artist)))** — \(title) (\(entry.typeText), \(entry.releaseDate))"
                    + Self.markdownAvailability(message.availability(of: item))
            )
        }
        if let moreLine { lines.append("\n" + Self.markdownEscaped(moreLine)) }
        if let page = message.pageURL, shown.omitted == 0 { lines.append("\n[All releases](\(page.absoluteString))") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A whole HTML document (the email's HTML part): every text escaped, links only to http(s).
    package var html: String {
        var body = "<h1>\(MarkupText.escape(title))</h1>\n"
        if message.isTest { body += "<p><em>This is a test message from deepcut; the releases below are samples.</em></p>\n" }
        body += "<ul>\n"
        for item in shown.items {
            let entry = item.entry
            let title = MarkupText.escape(ReadableText.line(entry.title))
            let linked = Self.link(item).map { "<a href=\"\(MarkupText.escape($0.absoluteString))\">\(title)</a>" } ?? title
            body +=
                "<li>\(MarkupText.escape(Self.eventLabel(item))): <strong>\(MarkupText.escape(ReadableText.line(entry.artist)))</strong> — \(linked)"
                + " (\(entry.typeText), \(entry.releaseDate))\(Self.htmlAvailability(message.availability(of: item)))</li>\n"
        }
        body += "</ul>\n"
        let page = message.pageURL.map { "<a href=\"\(MarkupText.escape($0.absoluteString))\">all releases</a>" }
        if shown.omitted > 0 {
            body += "<p>and \(shown.omitted) more\(page.map { ": \($0)" } ?? "")</p>\n"
        } else if let page {
            body += "<p>\(page)</p>\n"
        }
        return "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>\(MarkupText.escape(title))</title></head><body>\n"
            + body + "</body></html>\n"
    }

    /// " · Listed in iTunes US and iTunes JP · not in MusicBrainz yet ([add it](harmony))"; empty with one catalog.
    static func markdownAvailability(_ availability: Availability) -> String {
        guard let summary = availability.summary else { return "" }
        let seed = availability.harmonyURL.map { " ([add it via Harmony](\($0)))" } ?? ""
        return " · " + markdownEscaped(summary) + seed
    }

    /// The same on a line of its own in the email's HTML part.
    static func htmlAvailability(_ availability: Availability) -> String {
        guard let summary = availability.summary else { return "" }
        let seed = availability.harmonyURL.map { " (<a href=\"\(MarkupText.escape($0))\">add it via Harmony</a>)" } ?? ""
        return "<br><small>\(MarkupText.escape(summary))\(seed)</small>"
    }

    /// How a channel counts its limit.
    enum Measure {
        case utf8Bytes, characters

        func size(_ text: String) -> Int { self == .utf8Bytes ? text.utf8.count : text.count }

        func cut(_ text: String, _ limit: Int) -> String {
            self == .utf8Bytes ? TextCut.utf8(text, limit) : TextCut.characters(text, limit)
        }
    }

    /// The rendering with as many items as fit in `limit`, halving the lines listed; when even one
    /// line is too long (a huge title), the rendering is cut, with an ellipsis.
    static func fitting(
        _ message: DigestMessage, limit: Int, measure: Measure = .utf8Bytes, render: (DigestText) -> String
    ) -> (text: DigestText, body: String) {
        var lines = defaultMaximumLines
        while true {
            let text = DigestText(message, maximumLines: lines)
            let body = render(text)
            if measure.size(body) <= limit { return (text, body) }
            if lines == 1 { return (text, measure.cut(body, limit)) }
            lines = max(1, lines / 2)
        }
    }

    /// Backslash before every character Markdown would read as markup, so a title stays text.
    static func markdownEscaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if "\\`*_[]()<>#!|~".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
