import Foundation

/// The key shared by library, catalog and dismissals, which share no ids.
///
/// Legacy form (what the phone app stored, and what dismissal imports carry):
/// `lowercased(trimmed(title)) + U+001F + lowercased(trimmed(artist))`.
/// Keys are kept NFC-normalised: Swift compares strings by canonical equivalence but
/// SQLite compares bytes, so an NFD "é" would silently stop matching in the database.
public struct AlbumKey: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    public static let separator: Character = "\u{1F}"

    public let rawValue: String

    /// Builds the key for a title and artist.
    public init(title: String, artist: String) {
        rawValue = Self.normalize(title) + String(Self.separator) + Self.normalize(artist)
    }

    /// Wraps a stored or imported key. Re-normalises each half so legacy keys written in
    /// another Unicode form still match.
    public init(rawValue: String) {
        let (title, artist) = Self.split(rawValue)
        self.init(title: title, artist: artist)
    }

    /// The title and artist halves of a key. A key without a separator is all title.
    public static func split(_ raw: String) -> (title: String, artist: String) {
        guard let index = raw.firstIndex(of: separator) else { return (raw, "") }
        return (String(raw[..<index]), String(raw[raw.index(after: index)...]))
    }

    public var title: String { Self.split(rawValue).title }
    public var artist: String { Self.split(rawValue).artist }
    public var description: String { rawValue }

    public static func < (lhs: AlbumKey, rhs: AlbumKey) -> Bool {
        Array(lhs.rawValue.unicodeScalars.map(\.value)).lexicographicallyPrecedes(rhs.rawValue.unicodeScalars.map(\.value))
    }

    /// The legacy normalisation of one half, stored NFC.
    public static func normalize(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased().precomposedStringWithCanonicalMapping
    }

    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
