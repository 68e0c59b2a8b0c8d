import DeepCutCore
import Foundation

/// `upcoming.ics`: the calendar events as an RFC 5545 iCalendar object, one all-day `VEVENT` per
/// upcoming release (DTSTART on its release day, DTEND the next day), `METHOD:PUBLISH` for
/// subscriptions, which are asked to refresh hourly.
///
/// Lines end in CRLF and are folded at 75 octets without splitting a UTF-8 character; TEXT values
/// escape `\`, `;`, `,` and line breaks. Every stamp comes from the events themselves, so the
/// bytes change only when an event does.
package enum CalendarRenderer {
    static let name = "\(FeedIdentity.title) — upcoming releases"
    /// How often a subscribed client should fetch the calendar again. RFC 7986 §5.7 names
    /// `REFRESH-INTERVAL` (a DURATION); `X-PUBLISHED-TTL` says the same to clients that predate it
    /// (Outlook, older Apple Calendar). An hour: runs are daily, but a dismissal cancels at once.
    static let refreshInterval = "PT1H"
    /// Put before a cancelled event's summary: clients that ignore `STATUS` (calcurse, some phone
    /// widgets) would otherwise show a withdrawn release as coming.
    static let cancelledPrefix = "Cancelled: "

    /// - Parameter availability: per release id, where it can be heard ("Listed in iTunes US · region-locked
    ///   (not in JP)"), added to the event's description; empty with one catalog.
    package static func render(_ events: [CalendarEvent], availability: [String: String] = [:]) -> String {
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Deep Cut Atlas//deepcut//EN", "CALSCALE:GREGORIAN", "METHOD:PUBLISH",
            "X-WR-CALNAME:" + text(name), "REFRESH-INTERVAL;VALUE=DURATION:" + refreshInterval,
            "X-PUBLISHED-TTL:" + refreshInterval
        ]
        for event in events { lines += self.event(event, availability: availability[event.releaseID]) }
        lines.append("END:VCALENDAR")
        return lines.map(fold).joined(separator: "\r\n") + "\r\n"
    }

    static func event(_ event: CalendarEvent, availability: String? = nil) -> [String] {
        let end = ReleaseDate(epochDay: event.date.epochDay + 1)
        var lines = [
            "BEGIN:VEVENT", "UID:" + text(event.uid), "DTSTAMP:" + stamp(event.changedAt), "CREATED:" + stamp(event.createdAt),
            "LAST-MODIFIED:" + stamp(event.changedAt), "DTSTART;VALUE=DATE:" + day(event.date), "DTEND;VALUE=DATE:" + day(end),
            "SUMMARY:" + text(summary(event)),
            "DESCRIPTION:" + text(description(event) + (availability.map { "\n" + $0 } ?? ""))
        ]
        if let url = WebLink.http(event.url) { lines.append("URL:" + url) }
        lines += [
            "SEQUENCE:\(event.sequence)", "STATUS:" + event.status.rawValue.uppercased(), "TRANSP:TRANSPARENT", "END:VEVENT"
        ]
        return lines
    }

    /// "Bonobo — Fragments", or "Cancelled: Bonobo — Fragments" (`STATUS:CANCELLED` stays as well).
    static func summary(_ event: CalendarEvent) -> String {
        (event.status == .cancelled ? cancelledPrefix : "") + "\(DisplayText.field(event.artist)) — \(DisplayText.field(event.title))"
    }

    /// "New album by Bonobo, out 2027-01-15." and the link, for calendars that show no URL.
    private static func description(_ event: CalendarEvent) -> String {
        let what = event.status == .cancelled ? "No longer expected: " : ""
        let link = WebLink.http(event.url).map { "\n\($0)" } ?? ""
        return "\(what)\(event.type.rawValue) by \(DisplayText.field(event.artist)), out \(event.date).\(link)"
    }

    /// A TEXT value (RFC 5545 §3.3.11): the display text made plain (third-party names are
    /// `DisplayText` fields before they get here), then `\`, `;`, `,` and line
    /// breaks escaped.
    static func text(_ value: String) -> String {
        var escaped = ""
        for character in value {
            switch character {
            case "\\": escaped += "\\\\"
            case ";": escaped += "\\;"
            case ",": escaped += "\\,"
            case "\n", "\r\n", "\r": escaped += "\\n"
            default:
                // Other control characters are not allowed in a content line; the rest of the one
                // cleaning rule (`ReadableText`: line separators, bidi controls) applies too.
                for scalar in character.unicodeScalars {
                    if ReadableText.isSeparator(scalar) {
                        escaped += " "
                    } else if scalar.properties.generalCategory != .control, MarkupText.isAllowed(scalar),
                        !ReadableText.isBidiControl(scalar)
                    {
                        escaped.unicodeScalars.append(scalar)
                    }
                }
            }
        }
        return escaped
    }

    /// Folds a content line at 75 octets (§3.1): CRLF and one space, never inside a UTF-8 sequence.
    static func fold(_ line: String) -> String {
        guard line.utf8.count > 75 else { return line }
        var folded = ""
        var octets = 0
        for scalar in line.unicodeScalars {
            let width = String(scalar).utf8.count
            // Continuation lines start with the space, so they hold 74 octets of the value.
            if octets + width > 75 {
                folded += "\r\n "
                octets = 1
            }
            folded.unicodeScalars.append(scalar)
            octets += width
        }
        return folded
    }

    private static func day(_ date: ReleaseDate) -> String {
        date.description.replacingOccurrences(of: "-", with: "")
    }

    /// `20261201T170000Z`.
    private static func stamp(_ date: Date) -> String {
        Timestamp.string(date).replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: "")
    }
}
