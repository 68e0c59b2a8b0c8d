import Foundation

/// A calendar date as catalogs give it: full (`2019-06-14`) or partial (`2019-06`, `2019`).
///
/// Stored as its ISO text so snapshots round-trip exactly; ordering treats a missing
/// month or day as the earliest possible, so partial dates sort before full ones of the same period.
package struct ReleaseDate: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    package let year: Int
    /// Month and day in a byte each, 0 for none: as two `Int?` they made every `Release` 24 bytes
    /// larger, 6 MB of a run holding 250,000 remembered releases (BENCHMARKS.md §4).
    private let storedMonth: UInt8
    private let storedDay: UInt8

    package var month: Int? { storedMonth == 0 ? nil : Int(storedMonth) }
    package var day: Int? { storedDay == 0 ? nil : Int(storedDay) }

    /// - Precondition: `month` and `day`, when given, are in 1...255 (every parse gives 1...12 and 1...31).
    package init(year: Int, month: Int? = nil, day: Int? = nil) {
        self.year = year
        storedMonth = Self.stored(month)
        storedDay = Self.stored(day)
    }

    private static func stored(_ value: Int?) -> UInt8 {
        guard let value else { return 0 }
        precondition((1...255).contains(value), "a month or day out of range: \(value)")
        return UInt8(value)
    }

    /// Parses `YYYY`, `YYYY-MM`, `YYYY-MM-DD`, or the date part of an ISO timestamp
    /// (`2018-05-10T07:00:00Z` → 2018-05-10). Returns nil for anything else.
    package init?(iso text: String) {
        guard let date = text.utf8.allSatisfy({ $0 < 0x80 }) ? Self.parseASCII(text) : Self.parseAny(text) else { return nil }
        self = date
    }

    /// `init(iso:)` for ASCII text, byte by byte: in ASCII every character but CR LF is one byte,
    /// and neither can be part of a date, so this accepts exactly what `parseAny` accepts. Every
    /// release read from the catalog memory is parsed, so this runs hundreds of thousands of times.
    static func parseASCII(_ text: String) -> ReleaseDate? {
        let widths = [4, 2, 2]
        var numbers = [0, 0, 0]
        var field = 0
        var width = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "T") { break }
            if byte == UInt8(ascii: "-") {
                guard width == widths[field], field < 2 else { return nil }
                field += 1
                width = 0
                continue
            }
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte), width < widths[field] else { return nil }
            numbers[field] = numbers[field] * 10 + Int(byte - UInt8(ascii: "0"))
            width += 1
        }
        guard width == widths[field] else { return nil }
        if field >= 1, !(1...12).contains(numbers[1]) { return nil }
        if field >= 2, !(1...31).contains(numbers[2]) { return nil }
        return ReleaseDate(year: numbers[0], month: field >= 1 ? numbers[1] : nil, day: field >= 2 ? numbers[2] : nil)
    }

    /// `init(iso:)` for any text, by characters.
    static func parseAny(_ text: String) -> ReleaseDate? {
        let datePart = text.split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let fields = datePart.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...3).contains(fields.count) else { return nil }
        let widths = [4, 2, 2]
        var numbers: [Int] = []
        for (index, field) in fields.enumerated() {
            guard field.count == widths[index], field.allSatisfy(\.isASCIIDigit), let value = Int(field) else { return nil }
            numbers.append(value)
        }
        if numbers.count > 1, !(1...12).contains(numbers[1]) { return nil }
        if numbers.count > 2, !(1...31).contains(numbers[2]) { return nil }
        return ReleaseDate(year: numbers[0], month: numbers.count > 1 ? numbers[1] : nil, day: numbers.count > 2 ? numbers[2] : nil)
    }

    /// Days since 1970-01-01 of the earliest day this date can mean (proleptic Gregorian).
    package var epochDay: Int {
        Self.daysFromCivil(year: year, month: month ?? 1, day: day ?? 1)
    }

    /// The full date `epochDay` days after 1970-01-01 (Howard Hinnant's civil_from_days).
    package init(epochDay: Int) {
        let z = epochDay + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        self.init(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }

    package var description: String {
        var text = zeroPadded(year, width: 4)
        if let month { text += "-" + zeroPadded(month, width: 2) }
        if let day { text += "-" + zeroPadded(day, width: 2) }
        return text
    }

    package static func < (lhs: ReleaseDate, rhs: ReleaseDate) -> Bool {
        (lhs.year, lhs.month ?? 0, lhs.day ?? 0) < (rhs.year, rhs.month ?? 0, rhs.day ?? 0)
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = ReleaseDate(iso: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a date: \(text.prefix(40))")
        }
        self = date
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// Howard Hinnant's days_from_civil: exact for every Gregorian date, no Foundation needed.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}

/// Zero-padded decimal, as ISO dates want it (`7` → `0007` for width 4).
func zeroPadded(_ value: Int, width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
}

extension Date {
    /// Days since 1970-01-01 in UTC: the Diff's notion of "today".
    package var epochDay: Int { Int((timeIntervalSince1970 / 86_400).rounded(.down)) }
}
