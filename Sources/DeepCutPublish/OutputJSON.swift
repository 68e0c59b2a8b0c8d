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
        var data = try encoder.encode(value)
        data.append(UInt8(ascii: "\n"))
        return data
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
            scalar.properties.generalCategory == .control || (0x2028...0x2029).contains(scalar.value) || DisplayText.isBidiControl(scalar)
        }
    }
}
