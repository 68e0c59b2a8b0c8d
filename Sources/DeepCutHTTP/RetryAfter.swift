import Foundation

/// Reads an HTTP `Retry-After` value: delta-seconds (`120`) or an HTTP-date
/// (`Wed, 21 Oct 2015 07:28:00 GMT`, RFC 9110 IMF-fixdate).
enum RetryAfter {
    /// The wait the server asked for, measured from `now`; nil when the value is neither form.
    /// A date in the past asks for no wait.
    static func delay(_ value: String, now: Date) -> Duration? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) {
            // Too many digits for an Int is still "a very long wait": the policy caps it.
            return .seconds(Int64(text) ?? .max)
        }
        guard let date = httpDate(text) else { return nil }
        return .milliseconds(Int64((max(0, date.timeIntervalSince(now)) * 1000).rounded(.up)))
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// IMF-fixdate only: the form RFC 9110 requires senders to use.
    private static func httpDate(_ text: String) -> Date? {
        let fields = text.split(separator: " ")
        guard fields.count == 6, fields[0].hasSuffix(","), fields[5] == "GMT",
              let day = Int(fields[1]), let monthIndex = months.firstIndex(of: String(fields[2])),
              let year = Int(fields[3]) else { return nil }
        let time = fields[4].split(separator: ":").compactMap { Int($0) }
        guard time.count == 3 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let components = DateComponents(year: year, month: monthIndex + 1, day: day,
                                        hour: time[0], minute: time[1], second: time[2])
        guard components.isValidDate(in: calendar) else { return nil }
        return calendar.date(from: components)
    }
}
