import DeepCutCore

/// A plain left-aligned table for terminal output; cells are cleaned of control characters so
/// catalog text cannot move the cursor or hide rows.
struct TextTable {
    var header: [String]
    var rows: [[String]]

    var rendered: String {
        let all = ([header] + rows).map { $0.map(Self.clean) }
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { cells in
            zip(cells, widths).map { cell, width in cell + String(repeating: " ", count: width - cell.count) }
                .joined(separator: "  ").trimmingTrailingSpaces()
        }.joined(separator: "\n")
    }

    /// Catalog text made safe for a terminal: escape sequences (`ESC[31m`, `ESC]…BEL`) are dropped
    /// whole, then every other control or format character (NUL, BEL, bidi overrides). The one
    /// function every command uses before echoing third-party text.
    static func clean(_ text: String) -> String {
        var kept = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            if scalar == "\u{1B}" {
                skipEscapeSequence(&scalars)
                continue
            }
            let category = scalar.properties.generalCategory
            // U+2028/U+2029 (ReadableText's hidden line breaks) would split a row on some terminals.
            if category != .control && category != .format && !ReadableText.isHiddenLineBreak(scalar) { kept.append(scalar) }
        }
        return String(kept)
    }

    /// Consumes what follows an ESC: a CSI (`[` parameters, then a final byte in @…~), an OSC, DCS,
    /// PM or APC string (up to BEL or ESC \\), or a single character.
    private static func skipEscapeSequence(_ scalars: inout String.UnicodeScalarView.Iterator) {
        guard let introducer = scalars.next() else { return }
        switch introducer {
        case "[":
            while let scalar = scalars.next(), !(0x40...0x7E).contains(scalar.value) {}
        case "]", "P", "^", "_":
            while let scalar = scalars.next(), scalar != "\u{7}" {
                if scalar == "\u{1B}" {
                    _ = scalars.next()
                    return
                }
            }
        default:
            return
        }
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var text = Substring(self)
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
