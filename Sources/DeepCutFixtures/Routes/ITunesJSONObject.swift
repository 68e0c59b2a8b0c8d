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
