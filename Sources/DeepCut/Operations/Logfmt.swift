import DeepCutPublish

/// logfmt encoding: `key=value` pairs separated by spaces, one event per line.
///
/// A value is quoted when it is empty or holds a space, `=`, `"`, `\` or any control or
/// whitespace character; inside quotes `\` and `"` are escaped and control characters become
/// `\n`, `\r`, `\t` or `\u00XX`, so one event is always exactly one line.
enum Logfmt {
    static func line(_ fields: [(key: String, value: String)]) -> String {
        fields.map { key($0.key) + "=" + value($0.value) }.joined(separator: " ")
    }

    /// Keys are identifiers the code chose; anything outside `[A-Za-z0-9_.-]` becomes `_` so a key
    /// can never break the line's structure.
    static func key(_ raw: String) -> String {
        let cleaned = String(String.UnicodeScalarView(raw.unicodeScalars.map { isKeyScalar($0) ? $0 : "_" }))
        return cleaned.isEmpty ? "_" : cleaned
    }

    static func value(_ raw: String) -> String {
        guard raw.isEmpty || raw.unicodeScalars.contains(where: needsQuoting) else { return raw }
        // The same escaping as the JSON lines people paste; bidi controls are escaped too, so a
        // hostile name cannot reorder a log line on a terminal.
        return OutputJSON.stringLiteral(raw)
    }

    private static func isKeyScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_", ".", "-": true
        default: false
        }
    }

    private static func needsQuoting(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "=" || scalar == "\"" || scalar == "\\" || scalar.properties.isWhitespace || isControl(scalar)
            || DisplayText.isBidiControl(scalar)
    }

    /// C0, DEL, C1 and the Unicode line and paragraph separators: anything a reader might take as a line break.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}"
    }
}

/// How much an event matters. The order is the filter order: `--quiet` keeps `warning` and up.
package enum LogLevel: Int, Sendable, Comparable, CaseIterable {
    case debug
    case info
    case warning
    case error

    /// The `level=` value.
    var name: String {
        switch self {
        case .debug: "debug"
        case .info: "info"
        case .warning: "warning"
        case .error: "error"
        }
    }

    /// syslog(3) priority, which journald reads from a `<N>` line prefix.
    var syslogPriority: Int {
        switch self {
        case .debug: 7
        case .info: 6
        case .warning: 4
        case .error: 3
        }
    }

    package static func < (lhs: LogLevel, rhs: LogLevel) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
