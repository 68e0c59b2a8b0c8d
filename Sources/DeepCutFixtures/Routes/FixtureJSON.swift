import DeepCutCore

/// A JSON value written with its keys in the order given, for answers in formats whose key order the
/// fixture copies from real captures (Apple Music, MusicBrainz). JSONEncoder cannot keep key order.
indirect enum FixtureJSON: Sendable {
    case string(String)
    /// A number given as its decimal text, so ids and counts stay exact.
    case number(String)
    case bool(Bool)
    case null
    case array([FixtureJSON])
    case object([(String, FixtureJSON)])

    static func number(_ value: Int) -> FixtureJSON {
        .number(String(value))
    }

    var text: String {
        switch self {
        case .string(let string): string.jsonQuoted
        case .number(let digits): digits
        case .bool(let value): value ? "true" : "false"
        case .null: "null"
        case .array(let elements): "[" + elements.map(\.text).joined(separator: ",") + "]"
        case .object(let members): "{" + members.map { $0.0.jsonQuoted + ":" + $0.1.text }.joined(separator: ",") + "}"
        }
    }
}

/// One result object written the way iTunes writes it: keys in Apple's order, `", "` between fields.
/// JSONEncoder cannot keep key order, and the order makes fixture responses diffable against real captures.
struct ITunesJSONObject {
    private var fields: [String] = []

    mutating func add(_ key: String, _ value: String) {
        fields.append(key.jsonQuoted + ":" + value.jsonQuoted)
    }

    /// A number given as its decimal text (iTunes ids exceed nothing, but stay exact this way).
    mutating func add(_ key: String, number digits: String) {
        fields.append(key.jsonQuoted + ":" + digits)
    }

    var text: String {
        "{" + fields.joined(separator: ", ") + "}"
    }

    /// The whole response body, byte-compatible with iTunes' framing: three leading newlines, then
    /// `resultCount` and `results` on their own lines, one result per line, three trailing newlines.
    static func responseBody(_ results: [ITunesJSONObject]) -> String {
        let lines = results.isEmpty ? "" : "\n" + results.map(\.text).joined(separator: ", \n")
        return "\n\n\n{\n \"resultCount\":\(results.count),\n \"results\": [\(lines)]\n}\n\n\n"
    }
}

extension String {
    /// This string as a JSON string literal, quotes included. Slashes stay unescaped, as iTunes writes them.
    var jsonQuoted: String {
        JSONStringLiteral.quoting(self)
    }
}
