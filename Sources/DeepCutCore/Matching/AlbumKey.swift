import Foundation

/// The key shared by library, catalog and dismissals, which share no ids.
///
/// Legacy form (what the phone app stored, and what dismissal imports carry):
/// `lowercased(trimmed(title)) + U+001F + lowercased(trimmed(artist))`.
/// Keys are kept NFC-normalised: Swift compares strings by canonical equivalence but
/// SQLite compares bytes, so an NFD "é" would silently stop matching in the database.
package struct AlbumKey: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    package static let separator: Character = "\u{1F}"

    package let rawValue: String

    /// Builds the key for a title and artist.
    package init(title: String, artist: String) {
        rawValue = Self.normalize(title) + String(Self.separator) + Self.normalize(artist)
    }

    /// Wraps a stored or imported key. Re-normalises each half so legacy keys written in
    /// another Unicode form still match.
    package init(rawValue: String) {
        let (title, artist) = Self.split(rawValue)
        self.init(title: title, artist: artist)
    }

    /// The title and artist halves of a key. A key without a separator is all title.
    package static func split(_ raw: String) -> (title: String, artist: String) {
        guard let index = raw.firstIndex(of: separator) else { return (raw, "") }
        return (String(raw[..<index]), String(raw[raw.index(after: index)...]))
    }

    package var title: String { Self.split(rawValue).title }
    package var artist: String { Self.split(rawValue).artist }
    package var description: String { rawValue }

    /// Code point order. UTF-8 bytes sort exactly as their code points do, and comparing them
    /// allocates nothing: the feed sorts tens of thousands of entries by key.
    package static func < (lhs: AlbumKey, rhs: AlbumKey) -> Bool {
        lhs.rawValue.utf8.lexicographicallyPrecedes(rhs.rawValue.utf8)
    }

    /// The legacy normalisation of one half, stored NFC.
    package static func normalize(_ text: String) -> String {
        normalizeASCII(text) ?? text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased().precomposedStringWithCanonicalMapping
    }

    /// `normalize` for pure ASCII text, without Foundation: ASCII is its own NFC, its only
    /// whitespace is tab, line feed, vertical tab, form feed, carriage return and space, and
    /// lowercasing it maps A–Z alone. Every feed entry and stored key is normalised.
    /// - Returns: nil when `text` has a non-ASCII byte.
    static func normalizeASCII(_ text: String) -> String? {
        let utf8 = text.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        let isWhitespace = { (byte: UInt8) in byte == 0x20 || (0x09...0x0D).contains(byte) }
        guard let first = utf8.firstIndex(where: { !isWhitespace($0) }), let last = utf8.lastIndex(where: { !isWhitespace($0) }) else {
            return ""
        }
        return String(decoding: utf8[first...last].map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
    }

    package init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
