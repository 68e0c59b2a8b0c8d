import Foundation

/// The text folding every match key starts from.
///
/// Applied after the legacy normalisation (trim + lowercase), so a key rebuilt from a split
/// legacy key folds to exactly what the original title and artist fold to.
enum MatchText {
    /// NFKD (then NFC at the end), case, diacritic and width folding, unified quotes/dashes/ellipsis, format and
    /// control characters dropped, whitespace collapsed.
    static func fold(_ text: String) -> String {
        let legacy = AlbumKey.normalize(text)
        let folded = legacy.decomposedStringWithCompatibilityMapping
            .folding(options: [.caseInsensitive, .widthInsensitive], locale: nil)
        var scalars = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in folded.unicodeScalars {
            if isLatinDiacritic(scalar) { continue }
            if scalar.properties.isWhitespace || scalar.properties.generalCategory == .control {
                pendingSpace = !scalars.isEmpty
                continue
            }
            if scalar.properties.generalCategory == .format { continue }
            if pendingSpace {
                scalars.append(" ")
                pendingSpace = false
            }
            scalars.append(unifiedPunctuation(scalar))
        }
        return String(scalars).precomposedStringWithCanonicalMapping
    }

    /// Only the Combining Diacritical Marks block: strips é → e, but keeps marks that change
    /// meaning in other scripts (Japanese dakuten, Indic vowel signs).
    private static func isLatinDiacritic(_ scalar: Unicode.Scalar) -> Bool {
        (0x0300...0x036F).contains(scalar.value)
    }

    private static func unifiedPunctuation(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0x2018, 0x2019, 0x201A, 0x201B, 0x2032, 0x0060, 0x00B4: "'"
        case 0x201C, 0x201D, 0x201E, 0x201F, 0x2033: "\""
        case 0x2010, 0x2011, 0x2012, 0x2013, 0x2014, 0x2015, 0x2212, 0xFE58, 0xFE63: "-"
        default: scalar
        }
    }
}
