import Foundation

/// Normalised artist identity, so whitespace, Unicode form and case never create duplicate artists.
package enum ArtistName {
    /// The comparison form of an artist name: trimmed, inner whitespace collapsed, lowercased, NFC.
    package static func normalize(_ name: String) -> String {
        name.split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased().precomposedStringWithCanonicalMapping
    }

    /// Which library names are one artist to sweep: `normalize`, then the match keys' folding
    /// (Latin diacritics, compatibility forms, quotes and dashes), so "Björk" and "Bjork" are swept
    /// once, under the first spelling. Only for grouping: keys stored on disk (resolution cache,
    /// catalog memory, dismissals) stay `normalize`d, so existing rows keep matching. Marks that
    /// carry meaning in other scripts are kept (`MatchText`), so "が" and "か" stay two artists.
    package static func groupingKey(_ name: String) -> String {
        MatchText.fold(normalize(name))
    }

    /// Placeholders that name no artist and must never be swept.
    package static func isPlaceholder(_ name: String) -> Bool {
        let normalized = normalize(name)
        return normalized.isEmpty || normalized == "various artists" || normalized == "various"
    }
}
