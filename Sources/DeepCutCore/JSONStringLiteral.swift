/// The one JSON string escaper (RFC 8259): a string as a JSON string literal, quotes included,
/// written without an encoder, so it keeps the caller's key order and cannot fail.
///
/// Quote, backslash and the C0 controls are always escaped (`\n`, `\r`, `\t` in their short form,
/// the rest as `\u00XX`); a caller adds the scalars its readers need escaped as well. Slashes stay
/// as they are.
package enum JSONStringLiteral {
    /// - Parameters:
    ///   - encoderShortForms: backspace and form feed as `\b` and `\f`, as `JSONEncoder` writes them
    ///     (the streamed feeds match `OutputJSON`'s bytes), instead of `\u0008` and `\u000c`.
    ///   - alsoEscaping: further scalars to write as `\uXXXX` (the outputs people read escape every
    ///     control, the line separators and bidi controls; the fixture server only what JSON requires).
    package static func quoting(
        _ text: String, encoderShortForms: Bool = false, alsoEscaping: (Unicode.Scalar) -> Bool = { _ in false }
    ) -> String {
        // Most text has nothing to escape: one scan, and the text goes as it is (10,000 feed entries' worth).
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0 == "\"" || $0 == "\\" || alsoEscaping($0) }) else {
            return "\"" + text + "\""
        }
        var quoted = "\""
        quoted.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\r": quoted += "\\r"
            case "\t": quoted += "\\t"
            case "\u{08}" where encoderShortForms: quoted += "\\b"
            case "\u{0C}" where encoderShortForms: quoted += "\\f"
            case _ where scalar.value < 0x20 || alsoEscaping(scalar):
                let hex = String(scalar.value, radix: 16)
                quoted += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }
}
