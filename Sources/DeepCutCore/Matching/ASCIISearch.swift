import Foundation

/// Foundation's literal searches (`range(of:)`, `replacingOccurrences(of:with:)`,
/// `components(separatedBy:)`, all without options) done byte by byte when the text and the
/// pattern are ASCII: there every character but CR LF is one byte, a literal search compares
/// code units, and the patterns searched for here never begin or end inside a CR LF, so the
/// answers are exactly Foundation's (`ASCIIFastPathTests`). Any other text goes to Foundation.
/// Reading an artist credit (`ArtistCredit`) searches it some twenty times; through Foundation
/// that was most of the 4 % of an offline run its credits cost (BENCHMARKS.md §4).
enum ASCIISearch {
    /// `text.range(of: pattern)`.
    static func range(of pattern: String, in text: String) -> Range<String.Index>? {
        guard isASCII(text), isASCII(pattern), !pattern.isEmpty else { return text.range(of: pattern) }
        return firstRange(of: pattern, in: text, from: text.startIndex)
    }

    /// `text.replacingOccurrences(of: target, with: replacement)`.
    static func replacing(_ target: String, with replacement: String, in text: String) -> String {
        guard isASCII(text), isASCII(target), isASCII(replacement), !target.isEmpty else {
            return text.replacingOccurrences(of: target, with: replacement)
        }
        guard var found = firstRange(of: target, in: text, from: text.startIndex) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var start = text.startIndex
        while true {
            result += text[start..<found.lowerBound]
            result += replacement
            start = found.upperBound
            guard let next = firstRange(of: target, in: text, from: start) else { break }
            found = next
        }
        result += text[start...]
        return result
    }

    /// `text.components(separatedBy: separator)`.
    static func components(of text: String, separatedBy separator: String) -> [String] {
        guard isASCII(text), isASCII(separator), !separator.isEmpty else { return text.components(separatedBy: separator) }
        var parts: [String] = []
        var start = text.startIndex
        while let found = firstRange(of: separator, in: text, from: start) {
            parts.append(String(text[start..<found.lowerBound]))
            start = found.upperBound
        }
        parts.append(String(text[start...]))
        return parts
    }

    static func isASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 < 0x80 }
    }

    /// The first occurrence of `pattern`'s bytes in `text` at or after `start`.
    private static func firstRange(of pattern: String, in text: String, from start: String.Index) -> Range<String.Index>? {
        let haystack = text.utf8
        let needle = pattern.utf8
        let count = needle.count
        guard let first = needle.first else { return nil }
        var position = start
        while let end = haystack.index(position, offsetBy: count, limitedBy: haystack.endIndex) {
            if haystack[position] == first, haystack[position..<end].elementsEqual(needle) { return position..<end }
            position = haystack.index(after: position)
        }
        return nil
    }
}
