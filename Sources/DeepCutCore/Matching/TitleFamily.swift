import Foundation

/// The release-family form of a title: folded, without iTunes' " - Single"/" - EP" suffix and
/// without trailing edition qualifiers in brackets or after a dash.
enum TitleFamily {
    static func of(_ title: String) -> String {
        var text = MatchText.fold(title)
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
        if let dash = text.range(of: " - ", options: .backwards) {
            let tail = String(text[dash.upperBound...])
            let head = text[..<dash.lowerBound].trimmingCharacters(in: " ")
            if !head.isEmpty, EditionQualifier.isEditionQualifier(tail) { return head }
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
