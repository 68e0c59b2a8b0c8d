import DeepCutCore

/// A small strict JSON (RFC 8259) parser over UTF-8 bytes.
///
/// Hand-written rather than `JSONSerialization` so errors carry a line and column, integers stay
/// apart from fractions and booleans, and duplicate keys are rejected instead of silently overwritten.
package struct JSONParser {
    /// Deeper documents are rejected rather than risking the stack; configs and libraries nest 3 levels.
    static let maximumDepth = 256

    private let bytes: [UInt8]
    private var offset = 0

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Parses one JSON document; an optional UTF-8 byte order mark is skipped.
    package static func parse(_ data: some Sequence<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: Array(data))
        if parser.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.offset = 3 }
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.offset == parser.bytes.count else { throw parser.failure("unexpected content after the document") }
        return value
    }

    // MARK: - Values

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth < Self.maximumDepth else { throw failure("nested too deeply") }
        skipWhitespace()
        guard let byte = peek() else { throw failure("unexpected end of input, expected a value") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .boolean(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .boolean(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw failure("unexpected character \(describe(byte)), expected a value")
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        offset += 1
        var members: [(key: String, value: JSONValue)] = []
        var seenKeys: Set<String> = []
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            offset += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw failure("expected a string key") }
            let keyOffset = offset
            let key = try parseString()
            guard seenKeys.insert(key).inserted else { throw failure("duplicate key '\(key)'", at: keyOffset) }
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw failure("expected ':' after key '\(key)'") }
            offset += 1
            members.append((key, try parseValue(depth: depth + 1)))
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "}"):
                offset += 1
                return .object(members)
            default: throw failure("expected ',' or '}' in object")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        offset += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            offset += 1
            return .array(elements)
        }
        while true {
            elements.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "]"):
                offset += 1
                return .array(elements)
            default: throw failure("expected ',' or ']' in array")
            }
        }
    }

    private mutating func expectLiteral(_ literal: String) throws(JSONSyntaxError) {
        guard bytes[offset...].starts(with: literal.utf8) else { throw failure("invalid literal, expected '\(literal)'") }
        offset += literal.utf8.count
    }

    // MARK: - Numbers

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
        let start = offset
        if peek() == UInt8(ascii: "-") { offset += 1 }
        if peek() == UInt8(ascii: "0") {
            offset += 1
        } else {
            guard skipDigits() > 0 else { throw failure("expected a digit") }
        }
        var isInteger = true
        if peek() == UInt8(ascii: ".") {
            isInteger = false
            offset += 1
            guard skipDigits() > 0 else { throw failure("expected a digit after '.'") }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            isInteger = false
            offset += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { offset += 1 }
            guard skipDigits() > 0 else { throw failure("expected a digit in the exponent") }
        }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        if isInteger, let integer = Int(text) { return .integer(integer) }
        guard let number = Double(text), number.isFinite else { throw failure("number out of range", at: start) }
        return .number(number)
    }

    private mutating func skipDigits() -> Int {
        let start = offset
        while let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { offset += 1 }
        return offset - start
    }

    // MARK: - Strings

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let start = offset
        offset += 1
        var unescaped: [UInt8] = []
        var segmentStart = offset
        while true {
            guard let byte = peek() else { throw failure("unterminated string", at: start) }
            switch byte {
            case UInt8(ascii: "\""):
                unescaped.append(contentsOf: bytes[segmentStart..<offset])
                offset += 1
                guard let string = String(validating: unescaped, as: UTF8.self) else {
                    throw failure("invalid UTF-8 in string", at: start)
                }
                return string
            case UInt8(ascii: "\\"):
                unescaped.append(contentsOf: bytes[segmentStart..<offset])
                offset += 1
                try appendEscape(to: &unescaped)
                segmentStart = offset
            case 0..<0x20:
                throw failure("control character \(describe(byte)) in string, escape it")
            default:
                offset += 1
            }
        }
    }

    private mutating func appendEscape(to buffer: inout [UInt8]) throws(JSONSyntaxError) {
        guard let byte = peek() else { throw failure("unterminated escape") }
        offset += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(byte)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"): buffer.append(contentsOf: try parseUnicodeEscape().utf8)
        default: throw failure("invalid escape sequence", at: offset - 2)
        }
    }

    /// `\uXXXX`, joining a UTF-16 surrogate pair written as two escapes.
    private mutating func parseUnicodeEscape() throws(JSONSyntaxError) -> String {
        let escapeStart = offset - 2
        let first = try parseHexQuad()
        if UTF16.isLeadSurrogate(first) {
            guard bytes[offset...].starts(with: [UInt8(ascii: "\\"), UInt8(ascii: "u")]) else {
                throw failure("unpaired surrogate", at: escapeStart)
            }
            offset += 2
            let second = try parseHexQuad()
            guard UTF16.isTrailSurrogate(second) else { throw failure("unpaired surrogate", at: escapeStart) }
            return String(decoding: [first, second], as: UTF16.self)
        }
        guard let scalar = Unicode.Scalar(first) else {
            throw failure("unpaired surrogate", at: escapeStart)
        }
        return String(Character(scalar))
    }

    private mutating func parseHexQuad() throws(JSONSyntaxError) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard let byte = peek(), let digit = byte.hexDigitValue else { throw failure("expected 4 hex digits after '\\u'") }
            value = value << 4 | UInt16(digit)
            offset += 1
        }
        return value
    }

    // MARK: - Bytes and positions

    private func peek() -> UInt8? {
        offset < bytes.count ? bytes[offset] : nil
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { offset += 1 }
    }

    private func describe(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "0x" + String(byte, radix: 16, uppercase: true)
    }

    /// An error at `position` (default: the current byte), located by line and column for the message.
    private func failure(_ problem: String, at position: Int? = nil) -> JSONSyntaxError {
        let position = min(position ?? offset, bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<position where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return JSONSyntaxError(line: line, column: position - lineStart + 1, problem: problem)
    }
}

/// Where and why a JSON document failed to parse. Callers prefix the file name and pick the exit code.
package struct JSONSyntaxError: Error, Sendable, Equatable {
    /// 1-based line of the offending byte.
    var line: Int
    /// 1-based column, counted in bytes from the line's start.
    var column: Int
    var problem: String

    /// `library.json:3:14: invalid JSON: expected ',' or ']'`.
    package func message(file: String) -> String {
        "\(file):\(line):\(column): invalid JSON: \(problem)"
    }
}
