import DeepCutCore

/// Writes JSON straight to a stream in exactly `OutputJSON`'s dialect (JSONEncoder's pretty
/// printing, two-space indent, `" : "`, unescaped slashes, the invisible characters escaped, a
/// final newline), so a feed is never built whole as a value tree, a `String` and `Data`.
///
/// Keys are written in the order given: callers give them sorted, as `.sortedKeys` would.
struct JSONStreamWriter<Stream: TextOutputStream> {
    private(set) var stream: Stream
    /// One flag per open object or array: whether it has a member yet.
    private var open: [Bool] = []

    init(_ stream: Stream) {
        self.stream = stream
    }

    mutating func beginObject(_ key: String? = nil) {
        member(key)
        stream.write("{")
        open.append(false)
    }

    mutating func beginArray(_ key: String? = nil) {
        member(key)
        stream.write("[")
        open.append(false)
    }

    /// An object whose key is given as written, quotes and escapes included (`JSONStreamEncoder`).
    mutating func beginObject(quotedKey key: String?) {
        member(quotedKey: key)
        stream.write("{")
        open.append(false)
    }

    mutating func beginArray(quotedKey key: String?) {
        member(quotedKey: key)
        stream.write("[")
        open.append(false)
    }

    /// A value given as its JSON text (a number, a literal, a quoted string), its key as written.
    mutating func raw(_ key: String?, _ text: String) {
        member(quotedKey: key)
        stream.write(text)
    }

    mutating func endObject() { close("}") }

    mutating func endArray() { close("]") }

    mutating func string(_ key: String?, _ value: String) {
        member(key)
        stream.write(JSONStringLiteral.quoting(value, encoderShortForms: true, alsoEscaping: OutputJSONInvisibles.contains))
    }

    /// Absent values are left out, as `encodeIfPresent` does.
    mutating func string(_ key: String, ifPresent value: String?) {
        if let value { string(key, value) }
    }

    mutating func bool(_ key: String, _ value: Bool) {
        member(key)
        stream.write(value ? "true" : "false")
    }

    mutating func integer(_ key: String, _ value: Int) {
        member(key)
        stream.write(String(value))
    }

    mutating func strings(_ key: String, _ values: [String]) {
        beginArray(key)
        for value in values { string(nil, value) }
        endArray()
    }

    /// The final newline; every object and array must be closed.
    mutating func finish() -> Stream {
        precondition(open.isEmpty, "unclosed JSON containers")
        stream.write("\n")
        return stream
    }

    private mutating func member(_ key: String?) {
        member(quotedKey: key.map { "\"" + $0 + "\"" })
    }

    private mutating func member(quotedKey key: String?) {
        if let last = open.indices.last {
            stream.write(open[last] ? ",\n" : "\n")
            open[last] = true
            stream.write(Self.indent(open.count))
        }
        if let key {
            stream.write(key)
            stream.write(" : ")
        }
    }

    private mutating func close(_ bracket: String) {
        let hadMembers = open.removeLast()
        // JSONEncoder writes an empty container as `[`, two line breaks and the closing bracket.
        stream.write(hadMembers ? "\n" : "\n\n")
        stream.write(Self.indent(open.count))
        stream.write(bracket)
    }

    private static func indent(_ level: Int) -> String {
        JSONIndent.level(level)
    }
}

/// Two spaces a level; the levels a document uses are made once, not for every member.
enum JSONIndent {
    private static let levels = (0..<16).map { String(repeating: "  ", count: $0) }

    static func level(_ level: Int) -> String {
        level < levels.count ? levels[level] : String(repeating: "  ", count: level)
    }
}

/// The scalars `OutputJSON.escapingInvisibles` writes as `\uXXXX` beyond what JSON requires: DEL,
/// the C1 controls, U+2028 and U+2029 (JSON Feed is read by JavaScript, where the last two end a line).
enum OutputJSONInvisibles {
    static func contains(_ scalar: Unicode.Scalar) -> Bool {
        (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }
}
