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

    mutating func endObject() { close("}") }

    mutating func endArray() { close("]") }

    mutating func string(_ key: String?, _ value: String) {
        member(key)
        stream.write("\"")
        stream.write(JSONStringContent.escaped(value))
        stream.write("\"")
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
        if let last = open.indices.last {
            stream.write(open[last] ? ",\n" : "\n")
            open[last] = true
            stream.write(String(repeating: "  ", count: open.count))
        }
        if let key { stream.write("\"" + key + "\" : ") }
    }

    private mutating func close(_ bracket: String) {
        let hadMembers = open.removeLast()
        // JSONEncoder writes an empty container as `[`, two line breaks and the closing bracket.
        stream.write(hadMembers ? "\n" : "\n\n")
        stream.write(String(repeating: "  ", count: open.count) + bracket)
    }
}

/// The inside of a JSON string literal as `OutputJSON` writes it.
enum JSONStringContent {
    /// The string's JSON content: what JSONEncoder escapes (quote, backslash, the C0 controls),
    /// then what `OutputJSON.escapingInvisibles` adds (DEL, the C1 controls, U+2028 and U+2029).
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
        }
        return result
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x22, 0x5C, 0x7F...0x9F, 0x2028, 0x2029: true
        default: false
        }
    }
}
