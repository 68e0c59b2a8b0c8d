import Foundation

/// The release-family form of a title: folded, without iTunes' " - Single"/" - EP" suffix and
/// without trailing edition qualifiers in brackets or after a dash.
enum TitleFamily {
    static func of(_ title: String) -> String {
        var text = MatchText.fold(title)
        if hasNothingToStrip(text) { return text }
        for suffix in [" - single", " - ep"] where text.hasSuffix(suffix) && text.count > suffix.count {
            text = String(text.dropLast(suffix.count))
        }
        // Strip qualifiers from the end, one at a time: "Abbey Road (Remastered) [Explicit]".
        while let stripped = strippingTrailingQualifier(text) {
            text = stripped
        }
        return text
    }

    /// The title without its last edition qualifier, or nil when it does not end in one.
    /// Never strips the whole title: "(Deluxe)" alone stays a title.
    private static func strippingTrailingQualifier(_ text: String) -> String? {
        if let close = text.last, close == ")" || close == "]" {
            guard let openIndex = text.lastIndex(of: close == ")" ? "(" : "[") else { return nil }
            let inner = text[text.index(after: openIndex)..<text.index(before: text.endIndex)]
            let head = text[..<openIndex].trimmingCharacters(in: " ")
            if !head.isEmpty, EditionQualifier.isEditionQualifier(String(inner)) { return head }
            return nil
        }
        if let dash = lastDashSeparator(in: text) {
            let tail = String(text[dash.upperBound...])
            let head = text[..<dash.lowerBound].trimmingCharacters(in: " ")
            if !head.isEmpty, EditionQualifier.isEditionQualifier(tail) { return head }
        }
        return nil
    }

    /// True for ASCII text that ends in no bracket and has no " - ": no suffix or qualifier can
    /// be stripped from it. One pass over the bytes settles most titles the diff sees.
    static func hasNothingToStrip(_ text: String) -> Bool {
        guard let last = text.utf8.last, last != UInt8(ascii: ")"), last != UInt8(ascii: "]") else { return false }
        var beforePrevious: UInt8 = 0, previous: UInt8 = 0
        for byte in text.utf8 {
            if byte >= 0x80 { return false }
            if beforePrevious == 0x20, previous == UInt8(ascii: "-"), byte == 0x20 { return false }
            (beforePrevious, previous) = (previous, byte)
        }
        return true
    }

    /// The last " - " in `text`. ASCII text is scanned byte by byte (every byte is a character
    /// there); other text keeps Foundation's search, whose grapheme rules the matching was built
    /// on. Every title the diff sees is searched, and Foundation's search bridges each one.
    static func lastDashSeparator(in text: String) -> Range<String.Index>? {
        let utf8 = text.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return text.range(of: " - ", options: .backwards) }
        let separator: [UInt8] = [0x20, 0x2D, 0x20]
        var end = utf8.endIndex
        while let start = utf8.index(end, offsetBy: -separator.count, limitedBy: utf8.startIndex) {
            if utf8[start..<end].elementsEqual(separator) { return start..<end }
            end = utf8.index(before: end)
        }
        return nil
    }
}

private extension StringProtocol {
    func trimmingCharacters(in character: Character) -> String {
        var text = Substring(self)
        while text.first == character { text = text.dropFirst() }
        while text.last == character { text = text.dropLast() }
        return String(text)
    }
}
