import Foundation

/// The ISO 8601 UTC timestamps of every output file (`2026-11-29T12:00:41Z`, whole seconds).
/// Built on `Date.ISO8601FormatStyle` because `ISO8601DateFormatter` is not Sendable.
package enum Timestamp {
    private static let style = Date.ISO8601FormatStyle(timeZone: .gmt)

    package static func string(_ date: Date) -> String {
        style.format(date)
    }

    /// nil for text that is not an ISO 8601 UTC time; decoders turn that into a typed error.
    package static func date(_ text: String) -> Date? {
        try? style.parse(text)
    }

    /// For people: `2026-11-29 12:00 UTC`.
    package static func display(_ date: Date) -> String {
        let text = string(date)
        return text.prefix(10) + " " + text.dropFirst(11).prefix(5) + " UTC"
    }
}
