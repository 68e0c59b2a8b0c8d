import Foundation

/// A run's identity: its start time in UTC as `20261129T120000Z`, with `-2`, `-3`, … appended
/// only when an earlier run already took that second (`20261129T120000Z-2`). Names the snapshot
/// file and the run history row, so it must never be shared; ordering is by time, then by suffix,
/// which is what retention relies on.
package struct RunID: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    private static let style = Date.ISO8601FormatStyle(
        dateSeparator: .omitted, dateTimeSeparator: .standard,
        timeSeparator: .omitted, timeZoneSeparator: .omitted,
        includingFractionalSeconds: false, timeZone: .gmt)
    private static let timeLength = 16

    package let rawValue: String

    /// The run id of a run started at `date` (fractions of a second dropped), without a suffix.
    package init(_ date: Date) {
        rawValue = Self.style.format(date)
    }

    /// Accepts only the canonical form (a suffix is a number from 2, without leading zeros), so a
    /// stray `notes.json` in `snapshots/` is never taken for a run.
    package init?(rawValue: String) {
        let time = String(rawValue.prefix(Self.timeLength))
        // A text that does not parse as a time is simply not a run id.
        guard time.utf8.count == Self.timeLength, let date = try? Self.style.parse(time), Self.style.format(date) == time else {
            return nil
        }
        let rest = rawValue.dropFirst(Self.timeLength)
        if !rest.isEmpty {
            let digits = rest.dropFirst()
            guard rest.first == "-", digits.count <= 9, digits.first != "0", digits.allSatisfy({ $0.isASCII && $0.isNumber }),
                let number = Int(digits), number >= 2
            else { return nil }
        }
        self.rawValue = rawValue
    }

    /// The first id for a run started at `date` that no other run has taken: the plain time, else
    /// the time with the smallest free suffix.
    /// - Parameter isTaken: whether a run (a history row or a snapshot file) already has the id.
    package static func unique(at date: Date, isTaken: (RunID) throws -> Bool) rethrows -> RunID {
        let plain = RunID(date)
        var candidate = plain
        var suffix = 2
        while try isTaken(candidate) {
            candidate = RunID(rawValue: "\(plain.rawValue)-\(suffix)")!
            suffix += 1
        }
        return candidate
    }

    /// The start time's part, `20261129T120000Z`.
    var time: String { String(rawValue.prefix(Self.timeLength)) }

    /// 1 for a plain id, else its suffix.
    var sequence: Int { Int(rawValue.dropFirst(Self.timeLength + 1)) ?? 1 }

    package var description: String { rawValue }

    package static func < (lhs: RunID, rhs: RunID) -> Bool {
        (lhs.time, lhs.sequence) < (rhs.time, rhs.sequence)
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let id = RunID(rawValue: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a run id: \(text.prefix(40))")
        }
        self = id
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
