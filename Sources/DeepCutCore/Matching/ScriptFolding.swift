import Foundation

/// Scripts one title is written in by different storefronts, read alike: Cyrillic and its
/// Latin transliteration ("Кино" is "Kino"), traditional and simplified Chinese ("葉惠美" is
/// "叶惠美"). Applied to folded (lowercase) text, after the look-alike letters inside Latin words.
///
/// Cyrillic uses a table: ICU's `Cyrillic-Latin` works in Foundation on Linux, but it writes
/// ISO 9 ("Солнце" → "solnce", "Чайф" → "čajf"), while catalogs and tag editors write the
/// English-style BGN/PCGN romanisation ("Solntse", "Chaif"), which the table follows (BGN/PCGN
/// 1947 system for Russian, with the Ukrainian and Belarusian letters of the 1965/1979 systems).
/// Chinese uses ICU's `Traditional-Simplified` through `applyingTransform`, checked on Linux by
/// `ScriptFoldingTests`.
enum ScriptFolding {
    static func fold(_ text: String) -> String {
        var hasCyrillic = false
        var hasHan = false
        for scalar in text.unicodeScalars where scalar.value >= 0x0400 {
            if (0x0400...0x04FF).contains(scalar.value) { hasCyrillic = true }
            if (0x4E00...0x9FFF).contains(scalar.value) || (0x3400...0x4DBF).contains(scalar.value) { hasHan = true }
        }
        var text = text
        if hasCyrillic { text = transliteratingCyrillic(text) }
        if hasHan { text = text.applyingTransform(StringTransform("Traditional-Simplified"), reverse: false) ?? text }
        return text
    }

    private static func transliteratingCyrillic(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
                let latin = cyrillic[scalar]
            {
                result += latin
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// BGN/PCGN, lowercase (text is case-folded first). The soft and hard signs are dropped.
    private static let cyrillic: [Unicode.Scalar: String] = [
        "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "e", "ж": "zh", "з": "z", "и": "i",
        "й": "y", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r", "с": "s", "т": "t",
        "у": "u", "ф": "f", "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh", "щ": "shch", "ъ": "", "ы": "y", "ь": "",
        "э": "e", "ю": "yu", "я": "ya", "і": "i", "ї": "yi", "є": "ye", "ґ": "g", "ў": "w", "ј": "j", "љ": "lj",
        "њ": "nj", "ћ": "c", "ђ": "d", "џ": "dz", "ѕ": "dz"
    ]
}
