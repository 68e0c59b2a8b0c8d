import DeepCutCore
import Foundation

/// The one JSON dialect of every output file: sorted keys, pretty printed, unescaped slashes,
/// ISO 8601 UTC timestamps and a final newline, so the same value always gives the same bytes.
package enum OutputJSON {
    package static func encode<Value: Encodable>(_ value: Value) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(Timestamp.string(date))
        }
        var data = escapingInvisibles(try encoder.encode(value))
        data.append(UInt8(ascii: "\n"))
        return data
    }

    /// Writes U+2028 and U+2029, DEL and the C1 controls (NEL among them) as `\uXXXX` escapes.
    /// They may only occur inside JSON strings, where the escape means the same; raw, U+2028 and
    /// U+2029 end a JavaScript string literal before ES2019 (JSON Feed readers are often
    /// JavaScript), and the controls are invisible line breaks or worse to a person reading the
    /// file. (JSONEncoder escapes only what RFC 8259 requires.)
    static func escapingInvisibles(_ data: Data) -> Data {
        // DEL is 7F, a C1 control is C2 80–9F, U+2028/9 are E2 80 A8/A9: none occur in most outputs.
        guard data.contains(where: { $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }) else { return data }
        var escaped = Data()
        escaped.reserveCapacity(data.count + 16)
        var index = data.startIndex
        func escape(_ value: Int, length: Int) {
            let hex = String(value, radix: 16)
            escaped.append(contentsOf: Array(("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8))
            index += length
        }
        while index < data.endIndex {
            let byte = data[index]
            let next = index + 1 < data.endIndex ? data[index + 1] : 0
            if byte == 0x7F {
                escape(0x7F, length: 1)
            } else if byte == 0xC2, (0x80...0x9F).contains(next) {
                escape(Int(next), length: 2)
            } else if byte == 0xE2, next == 0x80, index + 2 < data.endIndex, data[index + 2] == 0xA8 || data[index + 2] == 0xA9 {
                escape(0x2000 + Int(data[index + 2]) - 0x80, length: 3)
            } else {
                escaped.append(byte)
                index += 1
            }
        }
        return escaped
    }

    static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = Timestamp.date(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an ISO 8601 UTC time: \(text.prefix(40))")
            }
            return date
        }
        return try decoder.decode(type, from: data)
    }

    /// Reads and decodes an output file we wrote earlier.
    /// - Returns: nil when there is no such file.
    /// - Throws: `OutputReadError` when it exists but cannot be read or decoded.
    static func load<Value: Decodable>(_ type: Value.Type, from url: URL) throws -> Value? {
        guard let data = try read(url) else { return nil }
        return try decode(type, from: data, file: url)
    }

    /// The bytes of an output file, nil when there is none.
    static func read(_ url: URL) throws -> Data? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw OutputReadError(path: url.path, reason: "cannot read: \(error.localizedDescription)")
        }
    }

    /// Decodes the bytes of `file`, naming the file and the bad key in the error.
    static func decode<Value: Decodable>(_ type: Value.Type, from data: Data, file: URL) throws -> Value {
        do {
            return try decode(type, from: data)
        } catch {
            throw OutputReadError(path: file.path, reason: describe(error))
        }
    }

    /// One short line for an operator: what is wrong and where, without the decoder's essay.
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return String(describing: error) }
        switch error {
        case .keyNotFound(let key, let context):
            return "missing key \(path(context.codingPath + [key]))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "wrong type at \(path(context.codingPath))"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not valid JSON" : "bad value at \(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "not readable JSON"
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        let joined = keys.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
        return String(joined.drop(while: { $0 == "." }))
    }

    /// `text` as one JSON string literal (RFC 8259), for a line of JSON people read or paste (the
    /// `artistOverrides` line, `health --json`'s UNKNOWN answer): quote, backslash, control
    /// characters and bidi controls escaped, so it stays one line on any terminal and still
    /// says exactly `text`. Needs no encoder, so it cannot fail.
    package static func stringLiteral(_ text: String) -> String {
        JSONStringLiteral.quoting(text) { scalar in
            ReadableText.isBreakingOrControl(scalar) || ReadableText.isBidiControl(scalar)
        }
    }
}
