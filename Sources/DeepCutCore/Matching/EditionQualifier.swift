/// Recognises edition qualifiers — "(Deluxe Edition)", "[2011 Remaster]", "- Bonus Track Version" —
/// that name the same release family, and keeps every qualifier that names a different release.
///
/// A qualifier is an edition qualifier when every word in it is edition vocabulary and at least
/// one is a core edition word. So "Live", "Remixes", "Acoustic", "Demos", "Deluxe Live Edition"
/// and anything unknown are kept: hiding a genuinely different release is the worse mistake.
enum EditionQualifier {
    /// Words that alone make a qualifier an edition of the same release.
    static let coreWords: Set<String> = [
        "deluxe", "expanded", "remastered", "remaster", "anniversary", "bonus", "special",
        "collector's", "collectors", "collector", "explicit", "clean",
    ]
    /// Words that may accompany a core word without changing its meaning.
    static let fillerWords: Set<String> = ["edition", "version", "super", "the", "track", "tracks", "ver."]

    static func isEditionQualifier(_ text: String) -> Bool {
        let words = text.split(separator: " ").map { $0.trimmingPunctuation() }.filter { !$0.isEmpty }
        guard words.contains(where: coreWords.contains) else { return false }
        return words.allSatisfy { coreWords.contains($0) || fillerWords.contains($0) || isYear($0) || isOrdinal($0) }
    }

    private static func isYear(_ word: String) -> Bool {
        word.count == 4 && word.allSatisfy(\.isASCIIDigit) && (word.hasPrefix("19") || word.hasPrefix("20"))
    }

    /// "40th", "25th", "1st"…: anniversary numbers.
    private static func isOrdinal(_ word: String) -> Bool {
        let digits = word.prefix(while: \.isASCIIDigit)
        guard !digits.isEmpty else { return false }
        return ["st", "nd", "rd", "th"].contains(String(word.dropFirst(digits.count)))
    }
}

extension Substring {
    /// Drops surrounding punctuation (commas, colons, stray brackets) but keeps inner apostrophes.
    func trimmingPunctuation() -> String {
        let punctuation: Set<Character> = [",", ":", ";", "(", ")", "[", "]", "\"", "!", "-"]
        var text = self
        while let first = text.first, punctuation.contains(first) { text = text.dropFirst() }
        while let last = text.last, punctuation.contains(last) { text = text.dropLast() }
        return String(text)
    }
}
