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
