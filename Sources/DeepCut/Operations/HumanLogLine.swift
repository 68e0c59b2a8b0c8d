/// An event as a sentence for a terminal:
/// `warning: artist failed: no answer in 20 s (artist: Bon Iver, kind: timeout, attempts: 3)`.
///
/// The level leads when it is worth a look (info goes bare), the event name is spelled out, the
/// `message` field follows it and the other fields close the line. Values are catalog text: each
/// is flattened to one line and cleaned of escape sequences and control characters like any table.
enum HumanLogLine {
    /// Summaries a terminal does not need as events: the progress bar showed the sweep, and the
    /// command's last line (the cause, or the health message) says how the run ended. Printed as
    /// well, a failed run read as three lines saying the same thing.
    static let restatedByTheLastLine: Set<String> = ["sweep.finished", "run.finished"]

    static func line(level: LogLevel, event: String, fields: [(key: String, value: String)]) -> String {
        let prefix = level == .info ? "" : level.name + ": "
        var text = prefix + words(event)
        if let message = fields.first(where: { $0.key == "message" }) {
            text += ": " + clean(message.value)
        }
        let details = fields.filter { $0.key != "message" }.map { "\(words($0.key)): \(clean($0.value))" }
        if !details.isEmpty {
            text += " (" + details.joined(separator: ", ") + ")"
        }
        return text
    }

    /// `artist.notFound` → `artist not found`, `eta_s` → `eta s`.
    static func words(_ name: String) -> String {
        var spelled = ""
        for character in name {
            if character == "." || character == "_" {
                spelled.append(" ")
            } else if character.isUppercase {
                spelled += " " + character.lowercased()
            } else {
                spelled.append(character)
            }
        }
        return spelled
    }

    /// One line, nothing that drives the terminal: line breaks of any kind become spaces, then
    /// escape sequences and other control or format characters go (`TextTable.clean`).
    static func clean(_ value: String) -> String {
        let flattened = String(
            String.UnicodeScalarView(
                value.unicodeScalars.map { scalar in
                    switch scalar {
                    case "\n", "\r", "\t", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}": " "
                    default: scalar
                    }
                }))
        return TextTable.clean(flattened)
    }
}
