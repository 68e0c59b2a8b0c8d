/// Seeded generator of awkward titles and artist names: mixed case, mixed normal forms,
/// scripts where case or composition is tricky, odd whitespace and punctuation.
/// Never emits U+001F, the key separator, which a title cannot carry (readers strip it).
struct UnicodeTextGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    static let pieces: [String] = [
        "a", "B", "z", "Q", "é", "e\u{301}", "É", "E\u{301}", "Å", "A\u{30A}", "ñ", "n\u{303}", "ß", "\u{1E9E}",
        "İ", "ı", "I", "Σ", "σ", "ς", "Ω", "ω", "Ж", "ж", "ﬁ", "Ⅻ", "ＡＢ", "ｶ", "が", "か\u{3099}", "한", "\u{1112}\u{1161}\u{11AB}",
        "中", "🎸", "👍🏽", " ", "  ", "\t", "\u{A0}", "\u{3000}", "\n", "’", "'", "“", "\"", "–", "—", "-", "…", "...",
        "(", ")", "[", "]", " - ", "&", "+", ",", " feat. ", " and ", "Deluxe", "(Deluxe Edition)", " - Single", " - EP",
        "(Live)", "Remastered 2009", "\u{202E}", "\u{200B}", "\u{301}", "0", "9", "ǅ", "ǆ", "Ǆ", "ſ", "K", "\u{212A}", "ŉ"
    ]

    mutating func nextRandom() -> UInt64 {
        // SplitMix64: tiny, seedable, good enough for test inputs.
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func next() -> String {
        let count = Int(nextRandom() % 8)
        var text = ""
        for _ in 0...count {
            text += Self.pieces[Int(nextRandom() % UInt64(Self.pieces.count))]
        }
        return text
    }
}
