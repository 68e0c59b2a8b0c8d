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

    static func clean(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { scalar in
            let category = scalar.properties.generalCategory
            return category != .control && category != .format
        }))
    }
}

private extension String {
    func trimmingTrailingSpaces() -> String {
        var text = Substring(self)
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
