/// The one rule for third-party text (titles, artist names, server messages) in what people read:
/// the page, the feeds, the calendar, health.txt, `deepcut health`, notifications, metrics labels.
///
/// Dropped: every character XML forbids (`MarkupText.isAllowed`) and the bidi embedding, override
/// and isolate controls (U+202A–U+202E, U+2066–U+2069), which could spill past their field and
/// reorder whatever follows. Made a space: LINE SEPARATOR (U+2028) and PARAGRAPH SEPARATOR
/// (U+2029), line breaks to Unicode-aware readers though no line end to the file's own format,
/// which split a health line on a terminal and were not allowed in JavaScript strings before
/// ES2019 (JSON Feed readers are often JavaScript); NEL (U+0085), a C1 control, is dropped in a
/// field and a space on one line, like every control. Natural right-to-left text and the harmless
/// LRM/RLM marks are kept.
package enum ReadableText {
    /// `text` for a field that may keep tabs and LF/CR line breaks (XML and JSON carry them as such).
    package static func field(_ text: String, limit: Int = .max) -> String {
        // Printable ASCII has nothing to drop (and one character per byte): only the length is checked.
        if text.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) {
            return text.utf8.count > limit ? truncated(text, to: limit) : text
        }
        let scalars = text.unicodeScalars.compactMap { scalar -> Unicode.Scalar? in
            if isSeparator(scalar) { return " " }
            return MarkupText.isAllowed(scalar) && !isBidiControl(scalar) ? scalar : nil
        }
        return truncated(String(String.UnicodeScalarView(scalars)), to: limit)
    }

    /// `text` on one line: every control character and line break (tabs included) becomes a space,
    /// so a name can never forge a line of a plain-text report or a log.
    package static func line(_ text: String, limit: Int = .max) -> String {
        let scalars = text.unicodeScalars.compactMap { scalar -> Unicode.Scalar? in
            if isBidiControl(scalar) { return nil }
            return isBreakingOrControl(scalar) || !MarkupText.isAllowed(scalar) ? " " : scalar
        }
        return truncated(String(String.UnicodeScalarView(scalars)), to: limit)
    }

    package static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    /// LINE SEPARATOR and PARAGRAPH SEPARATOR: printable, so a field keeps the word break they made.
    package static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0x2028 || scalar.value == 0x2029
    }

    /// NEL, U+2028 and U+2029: line breaks to Unicode-aware readers, plain characters to formats
    /// that end lines only at LF/CR.
    package static func isHiddenLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0x85 || scalar.value == 0x2028 || scalar.value == 0x2029
    }

    /// A C0, DEL or C1 control (line breaks and tabs included) or a hidden line break: whatever a
    /// reader might take as the end of a line.
    package static func isBreakingOrControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control || isHiddenLineBreak(scalar)
    }

    /// Cut to `limit` characters (grapheme clusters, so an emoji is never split), ending in "…" when cut.
    private static func truncated(_ text: String, to limit: Int) -> String {
        guard limit < .max, text.count > limit else { return text }
        return String(text.prefix(max(0, limit - 1))) + "…"
    }
}
