import Foundation

/// Normalised artist identity, so whitespace, Unicode form and case never create duplicate artists.
public enum ArtistName {
    /// The comparison form of an artist name: trimmed, inner whitespace collapsed, lowercased, NFC.
    public static func normalize(_ name: String) -> String {
        name.split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased().precomposedStringWithCanonicalMapping
    }

    /// Placeholders that name no artist and must never be swept.
    public static func isPlaceholder(_ name: String) -> Bool {
        let normalized = normalize(name)
        return normalized.isEmpty || normalized == "various artists" || normalized == "various"
    }
}
