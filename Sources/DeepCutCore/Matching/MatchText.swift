import Foundation

/// The text folding every match key starts from.
///
/// Applied after the legacy normalisation (trim + lowercase), so a key rebuilt from a split
/// legacy key folds to exactly what the original title and artist fold to.
enum MatchText {
    /// NFKD (then NFC at the end), case, diacritic and width folding, unified quotes/dashes/ellipsis, format and
    /// control characters dropped, whitespace collapsed.
    static func fold(_ text: String) -> String {
        foldASCII(text) ?? foldLatin1(text) ?? foldUnicode(text)
    }

    /// The same folding for ASCII text with Latin-1 letters ("Café", "Björk", "Motörhead"), without
    /// Foundation: each letter is written as the general folding writes it alone ("é" → "e",
    /// "æ" → "ae"), the ASCII around it as `foldASCII` does. Every step of the general folding
    /// reads these letters one at a time and leaves ASCII only, so the two agree exactly
    /// (`ASCIIFastPathTests`); Foundation's folding was 6 % of an offline run (BENCHMARKS.md §4).
    /// - Returns: nil when `text` has any other non-ASCII character.
    static func foldLatin1(_ text: String) -> String? {
        var folded = FoldedASCII(capacity: text.utf8.count)
        for scalar in text.unicodeScalars {
            let value = scalar.value
            guard value < 0x80 else {
                guard value >= 0xC0, value <= 0xFF, let letters = latin1Letters[Int(value - 0xC0)] else { return nil }
                folded.append(letters: letters)
                continue
            }
            folded.append(UInt8(value))
        }
        return folded.text
    }

    /// U+00C0–U+00FF as `foldUnicode` writes each alone, when that is printable ASCII; nil for
    /// "×" and "÷" (not letters) and for any letter the general folding leaves non-ASCII.
    private static let latin1Letters: [[UInt8]?] = (0xC0...0xFF).map { value -> [UInt8]? in
        guard value != 0xD7, value != 0xF7, let scalar = Unicode.Scalar(value) else { return nil }
        let folded = Array(foldUnicode(String(Character(scalar))).utf8)
        return !folded.isEmpty && folded.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) ? folded : nil
    }

    /// The same folding for pure ASCII text, without Foundation: lowercase, whitespace and control
    /// runs collapsed to one space, trimmed, the backtick read as an apostrophe. NFKD, NFC, width
    /// folding and diacritic stripping leave ASCII unchanged, so the result equals `foldUnicode`
    /// exactly; most library and catalog text is ASCII, and the diff folds every release it sees.
    /// - Returns: nil when `text` has a non-ASCII byte.
    static func foldASCII(_ text: String) -> String? {
        var folded = FoldedASCII(capacity: text.utf8.count)
        for byte in text.utf8 {
            guard byte < 0x80 else { return nil }
            folded.append(byte)
        }
        return folded.text
    }

    /// The ASCII half of the folding, one byte at a time, shared by `foldASCII` and `foldLatin1`:
    /// whitespace and control runs become one space between words, capitals lower case, the
    /// backtick an apostrophe.
    private struct FoldedASCII {
        private var bytes: [UInt8] = []
        private var pendingSpace = false

        init(capacity: Int) { bytes.reserveCapacity(capacity) }

        mutating func append(_ byte: UInt8) {
            if byte <= 0x20 || byte == 0x7F {
                pendingSpace = !bytes.isEmpty
                return
            }
            flushSpace()
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): bytes.append(byte + 0x20)
            case UInt8(ascii: "`"): bytes.append(UInt8(ascii: "'"))
            default: bytes.append(byte)
            }
        }

        /// A letter's folded spelling, already printable ASCII.
        mutating func append(letters: [UInt8]) {
            flushSpace()
            bytes.append(contentsOf: letters)
        }

        private mutating func flushSpace() {
            if pendingSpace {
                bytes.append(0x20)
                pendingSpace = false
            }
        }

        var text: String { String(decoding: bytes, as: UTF8.self) }
    }

    /// The general folding, for text with any non-ASCII character.
    static func foldUnicode(_ text: String) -> String {
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
            if let letters = latinLetters[scalar] {
                scalars.append(contentsOf: letters.unicodeScalars)
            } else {
                scalars.append(unifiedPunctuation(scalar))
            }
        }
        return ScriptFolding.fold(foldingLookAlikes(String(scalars).precomposedStringWithCanonicalMapping))
    }

    /// Latin letters that are not a base letter plus a mark, spelled as English catalogs spell
    /// them (Unicode gives them no decomposition): "Sigur Rós — Ágætis byrjun" is written
    /// "Agaetis byrjun", "MØ" is "MO". Lowercase: text is case-folded first.
    private static let latinLetters: [Unicode.Scalar: String] = [
        "\u{00F0}": "d", "\u{00FE}": "th", "\u{00E6}": "ae", "\u{00F8}": "o", "\u{0153}": "oe", "\u{0142}": "l",
        "\u{0111}": "d", "\u{0131}": "i"
    ]

    /// Cyrillic and Greek letters that look like Latin ones, written inside a Latin word
    /// ("Nеvermind" with a Cyrillic е): read as the Latin letter. A word wholly in another script
    /// keeps its letters: "кино" is not "kино".
    private static func foldingLookAlikes(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { lookAlikes[$0] != nil }) else { return text }
        return text.split(separator: " ", omittingEmptySubsequences: false).map { word -> String in
            let scalars = word.unicodeScalars
            guard scalars.contains(where: { $0.isASCII && $0.properties.isAlphabetic }),
                scalars.allSatisfy({ $0.isASCII || lookAlikes[$0] != nil || !$0.properties.isAlphabetic })
            else { return String(word) }
            var folded = String.UnicodeScalarView()
            folded.append(contentsOf: scalars.map { lookAlikes[$0] ?? $0 })
            return String(folded)
        }.joined(separator: " ")
    }

    /// Lowercase look-alikes (text is case-folded before this): Cyrillic а е о р с у х і ј ѕ ԁ ӏ,
    /// Greek ο α ν ι κ ρ τ υ.
    private static let lookAlikes: [Unicode.Scalar: Unicode.Scalar] = [
        "\u{0430}": "a", "\u{0435}": "e", "\u{043E}": "o", "\u{0440}": "p", "\u{0441}": "c", "\u{0443}": "y",
        "\u{0445}": "x", "\u{0456}": "i", "\u{0458}": "j", "\u{0455}": "s", "\u{0501}": "d", "\u{04CF}": "l",
        "\u{03BF}": "o", "\u{03B1}": "a", "\u{03BD}": "v", "\u{03B9}": "i", "\u{03BA}": "k", "\u{03C1}": "p",
        "\u{03C4}": "t", "\u{03C5}": "u"
    ]

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
        // "A × B" is written "A x B" too; lenticular and tortoise-shell brackets are brackets.
        case 0x00D7: "x"
        // Bullets and middle dots separate the words of one title alike: "A • B" is "A · B".
        case 0x2022, 0x2219, 0x22C5, 0x30FB, 0xFF65, 0x2027: "\u{00B7}"
        case 0x3010, 0x3014, 0x3016, 0x301A: "["
        case 0x3011, 0x3015, 0x3017, 0x301B: "]"
        default: scalar
        }
    }
}
