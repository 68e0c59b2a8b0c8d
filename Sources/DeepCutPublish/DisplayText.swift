import DeepCutCore
import Foundation

/// Third-party text (titles, artist names, server messages) as people see it in every output:
/// cleaned by the one rule in `ReadableText` (DeepCutCore), and cut to a field's worth of
/// characters, so one 10,000-character title cannot swallow a feed reader's list or the
/// operator's screen.
///
/// The snapshot keeps catalog text whole, cleaned but uncut (see `FeedEntry.published`).
package enum DisplayText {
    /// Titles and names: longer than any real one, short enough for a card or a list row.
    static let nameLimit = 200
    /// Server and error messages.
    static let messageLimit = 300

    /// `text` cleaned and cut to `limit` characters, ending in "…" when cut.
    static func field(_ text: String, limit: Int = nameLimit) -> String {
        ReadableText.field(text, limit: limit)
    }

    /// Like `field`, on one line: every control character and line break (tabs included) becomes
    /// a space, so a name can never forge a line of a plain-text report.
    static func line(_ text: String, limit: Int = nameLimit) -> String {
        ReadableText.line(text, limit: limit)
    }

    package static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        ReadableText.isBidiControl(scalar)
    }
}

/// The only links a rendered page or feed may carry: absolute `http` or `https` URLs with a host.
/// Catalog data is third-party; a `javascript:` or `data:` URL must never become a clickable link.
enum WebLink {
    /// - Returns: `text` when it is such a URL, else nil.
    static func http(_ text: String?) -> String? {
        guard let text, !text.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F }),
            let components = URLComponents(string: text),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty
        else { return nil }
        return text
    }
}

/// Durations and ages as people say them, in the health text and on the page.
enum ElapsedTime {
    /// "41 s", "3 min 12 s", "2 h 5 min", "3 d 4 h"; negative reads as "0 s".
    static func text(_ seconds: Int) -> String {
        let seconds = max(0, seconds)
        let (days, hours, minutes) = (seconds / 86_400, seconds / 3_600 % 24, seconds / 60 % 60)
        if days > 0 { return "\(days) d \(hours) h" }
        if hours > 0 { return "\(hours) h \(minutes) min" }
        if minutes > 0 { return "\(minutes) min \(seconds % 60) s" }
        return "\(seconds) s"
    }
}
