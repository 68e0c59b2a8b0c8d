/// Escaping for third-party text (titles, artist names, URLs) placed in XML or HTML: the feeds and
/// the page (Publish) and the HTML part of notification emails (Notify) escape by this one rule.
///
/// Escapes `& < > " '` so text is safe in element content and in quoted attributes alike, and drops
/// every character XML 1.0 forbids (C0 controls other than tab, LF and CR; U+FFFE; U+FFFF), which
/// would otherwise make the whole Atom feed unparseable. DEL and C1 controls are legal XML but
/// never meaningful in a title and rejected by some readers, so they are dropped too.
package enum MarkupText {
    package static func escape(_ text: String) -> String {
        // Most text needs nothing: printable ASCII without markup characters comes back as it is.
        if text.utf8.allSatisfy(isPlainASCII) { return text }
        var escaped = ""
        escaped.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars where isAllowed(scalar) {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// A byte that stands for itself in markup: printable ASCII other than `& < > " '`.
    static func isPlainASCII(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"): false
        default: (0x20...0x7E).contains(byte)
        }
    }

    /// Whether XML may carry `scalar` (and a title should): not a C0, DEL or C1 control, not U+FFFE or U+FFFF.
    package static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: true
        case 0x00...0x1F, 0x7F...0x9F, 0xFFFE, 0xFFFF: false
        default: true
        }
    }
}
