import Foundation

/// A run's identity: its start time in UTC as `20261129T120000Z`. Names the snapshot file, so name
/// order is time order, which is what retention relies on.
public struct RunID: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    private static let style = Date.ISO8601FormatStyle(dateSeparator: .omitted, dateTimeSeparator: .standard,
                                                       timeSeparator: .omitted, timeZoneSeparator: .omitted,
                                                       includingFractionalSeconds: false, timeZone: .gmt)

    public let rawValue: String

    /// The run id of a run started at `date` (fractions of a second dropped).
    public init(_ date: Date) {
        rawValue = Self.style.format(date)
    }

    /// Accepts only the canonical form, so a stray `notes.json` in `snapshots/` is never taken for a run.
    public init?(rawValue: String) {
        guard rawValue.utf8.count == 16, let date = try? Self.style.parse(rawValue), Self.style.format(date) == rawValue else {
            return nil
        }
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static func < (lhs: RunID, rhs: RunID) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let id = RunID(rawValue: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a run id: \(text.prefix(40))")
        }
        self = id
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
