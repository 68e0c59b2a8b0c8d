import DeepCutCore
import Foundation

/// Writes any `Encodable` value through its own `encode(to:)` into a `JSONStreamWriter`, in exactly
/// `OutputJSON.encode`'s bytes, one container level at a time: a value's members are collected
/// (their own nested values only as references to the values themselves), sorted as `.sortedKeys`
/// sorts them (UTF-8 byte order), written, and each nested value is expanded only when its turn
/// comes. So a snapshot of 10,000 entries streams into its file without its whole tree, `Data`
/// or `String` ever being built, and a field added to an entry's `Codable` conformance flows
/// into the file as it would through `JSONEncoder`.
///
/// The dialect's special values are `OutputJSON`'s: dates as `Timestamp.string`, URLs as their
/// absolute string, data as base 64, floating point numbers as `JSONEncoder` prints them.
enum JSONStreamEncoder {
    /// Writes `value` as the member `key` of the writer's open object (or as an element of its open
    /// array, or the document itself, when `key` is nil).
    /// - Throws: `EncodingError` for a non-finite number, as `JSONEncoder` does.
    static func write<Stream: TextOutputStream>(
        _ value: some Encodable, key: String? = nil, to json: inout JSONStreamWriter<Stream>
    ) throws {
        try emit(try node(of: value, path: []), key: key, to: &json)
    }

    /// One level of an encoded value: scalars as their JSON text, containers with their members
    /// still unexpanded.
    indirect enum Node {
        /// JSON text as it is written: a number, `true`, `false`, `null`, or a quoted string.
        case literal(String)
        /// Members in the order encoded; a key encoded twice keeps its last value, as in `JSONEncoder`.
        case object(ObjectBox)
        case array(ArrayBox)
        /// A value not yet encoded: expanded when written.
        case pending(any Encodable, path: [any CodingKey])
    }

    final class ObjectBox {
        var members: [(key: String, node: Node)] = []

        func set(_ node: Node, for key: String) {
            if let index = members.firstIndex(where: { $0.key == key }) {
                members[index].node = node
            } else {
                members.append((key, node))
            }
        }
    }

    final class ArrayBox {
        var elements: [Node] = []
    }

    /// The node of a value: a scalar at once, anything else as written by its `encode(to:)` one level deep.
    static func node(of value: some Encodable, path: [any CodingKey]) throws -> Node {
        if let scalar = try scalar(value, path: path) { return scalar }
        let encoder = LevelEncoder(codingPath: path)
        try value.encode(to: encoder)
        // A value that encoded nothing is an empty object, as in `JSONEncoder`.
        return encoder.root ?? .object(ObjectBox())
    }

    /// The JSON text of the types `JSONEncoder` writes specially or as plain scalars; nil for the rest.
    static func scalar(_ value: some Encodable, path: [any CodingKey]) throws -> Node? {
        switch value {
        case let text as String: return .literal(quoted(text))
        case let flag as Bool: return .literal(flag ? "true" : "false")
        case let number as Int: return .literal(String(number))
        case let date as Date: return .literal(quoted(Timestamp.string(date)))
        case let url as URL: return .literal(quoted(url.absoluteString))
        case let data as Data: return .literal(quoted(data.base64EncodedString()))
        case let number as Double: return .literal(try float(number, path: path))
        case let number as Float: return .literal(try float(number, path: path))
        case let number as Int8: return .literal(String(number))
        case let number as Int16: return .literal(String(number))
        case let number as Int32: return .literal(String(number))
        case let number as Int64: return .literal(String(number))
        case let number as UInt: return .literal(String(number))
        case let number as UInt8: return .literal(String(number))
        case let number as UInt16: return .literal(String(number))
        case let number as UInt32: return .literal(String(number))
        case let number as UInt64: return .literal(String(number))
        default: return nil
        }
    }

    static func quoted(_ text: String) -> String {
        JSONStringLiteral.quoting(text, encoderShortForms: true, alsoEscaping: OutputJSONInvisibles.contains)
    }

    /// `JSONEncoder`'s number text: the shortest description, without a trailing `.0`.
    static func float<Number: BinaryFloatingPoint & LosslessStringConvertible>(_ number: Number, path: [any CodingKey]) throws -> String {
        guard number.isFinite else {
            throw EncodingError.invalidValue(
                number, EncodingError.Context(codingPath: path, debugDescription: "Unable to encode \(number) directly in JSON."))
        }
        var text = number.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }

    private static func emit<Stream>(_ node: Node, key: String?, to json: inout JSONStreamWriter<Stream>) throws {
        switch node {
        case .literal(let text):
            json.raw(key, text)
        case .object(let box):
            json.beginObject(quotedKey: key)
            // Sorted as `.sortedKeys` sorts: by the keys' UTF-8 bytes.
            for member in box.members.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
                try emit(member.node, key: keyText(member.key), to: &json)
            }
            json.endObject()
        case .array(let box):
            json.beginArray(quotedKey: key)
            for element in box.elements { try emit(element, key: nil, to: &json) }
            json.endArray()
        case .pending(let value, let path):
            try emit(try self.node(of: value, path: path), key: key, to: &json)
        }
    }

    /// A member's key as written, quotes included: keys from data (a dictionary's) are escaped like any string.
    private static func keyText(_ key: String) -> String {
        quoted(key)
    }
}

extension JSONStreamEncoder {
    /// An `Encoder` that records one value's top container (`root`); nested `Encodable` values are
    /// kept as `.pending` until the writer reaches them.
    final class LevelEncoder: Encoder {
        let codingPath: [any CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }
        var root: Node?

        init(codingPath: [any CodingKey]) {
            self.codingPath = codingPath
        }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            KeyedEncodingContainer(KeyedContainer<Key>(box: objectBox(), codingPath: codingPath))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            UnkeyedContainer(box: arrayBox(), codingPath: codingPath)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer {
            SingleValueContainer(encoder: self)
        }

        /// The object already begun (a type may ask for its container twice), else a new one.
        fileprivate func objectBox() -> ObjectBox {
            if case .object(let box) = root { return box }
            let box = ObjectBox()
            root = .object(box)
            return box
        }

        fileprivate func arrayBox() -> ArrayBox {
            if case .array(let box) = root { return box }
            let box = ArrayBox()
            root = .array(box)
            return box
        }
    }

    /// A nested value: a scalar at once, anything else left for the writer to expand.
    fileprivate static func deferred(_ value: some Encodable, path: [any CodingKey]) throws -> Node {
        try scalar(value, path: path) ?? .pending(value, path: path)
    }

    fileprivate struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let box: ObjectBox
        let codingPath: [any CodingKey]

        mutating func encodeNil(forKey key: Key) throws { box.set(.literal("null"), for: key.stringValue) }
        mutating func encode(_ value: Bool, forKey key: Key) throws { box.set(.literal(value ? "true" : "false"), for: key.stringValue) }
        mutating func encode(_ value: String, forKey key: Key) throws { box.set(.literal(quoted(value)), for: key.stringValue) }
        mutating func encode(_ value: Int, forKey key: Key) throws { box.set(.literal(String(value)), for: key.stringValue) }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            box.set(try deferred(value, path: codingPath + [key]), for: key.stringValue)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            let nested = ObjectBox()
            box.set(.object(nested), for: key.stringValue)
            return KeyedEncodingContainer(KeyedContainer<NestedKey>(box: nested, codingPath: codingPath + [key]))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            let nested = ArrayBox()
            box.set(.array(nested), for: key.stringValue)
            return UnkeyedContainer(box: nested, codingPath: codingPath + [key])
        }

        mutating func superEncoder() -> any Encoder {
            SuperEncoder(codingPath: codingPath) { [box] in box.set($0, for: "super") }
        }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            SuperEncoder(codingPath: codingPath + [key]) { [box] in box.set($0, for: key.stringValue) }
        }
    }

    fileprivate struct UnkeyedContainer: UnkeyedEncodingContainer {
        let box: ArrayBox
        let codingPath: [any CodingKey]
        var count: Int { box.elements.count }

        private var nextKey: any CodingKey { IndexKey(intValue: box.elements.count) }

        mutating func encodeNil() throws { box.elements.append(.literal("null")) }
        mutating func encode(_ value: Bool) throws { box.elements.append(.literal(value ? "true" : "false")) }
        mutating func encode(_ value: String) throws { box.elements.append(.literal(quoted(value))) }
        mutating func encode(_ value: Int) throws { box.elements.append(.literal(String(value))) }

        mutating func encode<T: Encodable>(_ value: T) throws {
            box.elements.append(try deferred(value, path: codingPath + [nextKey]))
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            let nested = ObjectBox()
            let path = codingPath + [nextKey]
            box.elements.append(.object(nested))
            return KeyedEncodingContainer(KeyedContainer<NestedKey>(box: nested, codingPath: path))
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            let nested = ArrayBox()
            let path = codingPath + [nextKey]
            box.elements.append(.array(nested))
            return UnkeyedContainer(box: nested, codingPath: path)
        }

        mutating func superEncoder() -> any Encoder {
            let index = box.elements.count
            box.elements.append(.object(ObjectBox()))
            return SuperEncoder(codingPath: codingPath + [nextKey]) { [box] in box.elements[index] = $0 }
        }
    }

    fileprivate struct SingleValueContainer: SingleValueEncodingContainer {
        let encoder: LevelEncoder
        var codingPath: [any CodingKey] { encoder.codingPath }

        mutating func encodeNil() throws { encoder.root = .literal("null") }
        mutating func encode(_ value: Bool) throws { encoder.root = .literal(value ? "true" : "false") }
        mutating func encode(_ value: String) throws { encoder.root = .literal(quoted(value)) }
        mutating func encode(_ value: Int) throws { encoder.root = .literal(String(value)) }

        mutating func encode<T: Encodable>(_ value: T) throws {
            // Expanded here: the single value is this level's whole content.
            encoder.root = try node(of: value, path: codingPath)
        }
    }

    /// The encoder a `superEncoder` call hands out: what it records goes where the call was made.
    fileprivate final class SuperEncoder: Encoder {
        let level: LevelEncoder
        let store: (Node) -> Void
        var codingPath: [any CodingKey] { level.codingPath }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        init(codingPath: [any CodingKey], store: @escaping (Node) -> Void) {
            self.level = LevelEncoder(codingPath: codingPath)
            self.store = store
            store(.object(ObjectBox()))
        }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            defer { publish() }
            return level.container(keyedBy: type)
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            defer { publish() }
            return level.unkeyedContainer()
        }

        func singleValueContainer() -> any SingleValueEncodingContainer {
            SuperSingleValue(encoder: self)
        }

        func publish() {
            if let root = level.root { store(root) }
        }
    }

    fileprivate struct SuperSingleValue: SingleValueEncodingContainer {
        let encoder: SuperEncoder
        var codingPath: [any CodingKey] { encoder.codingPath }

        private func set(_ body: (inout SingleValueContainer) throws -> Void) rethrows {
            var inner = SingleValueContainer(encoder: encoder.level)
            try body(&inner)
            encoder.publish()
        }

        mutating func encodeNil() throws { try set { try $0.encodeNil() } }
        mutating func encode(_ value: Bool) throws { try set { try $0.encode(value) } }
        mutating func encode(_ value: String) throws { try set { try $0.encode(value) } }
        mutating func encode(_ value: Int) throws { try set { try $0.encode(value) } }
        mutating func encode<T: Encodable>(_ value: T) throws { try set { try $0.encode(value) } }
    }

    fileprivate struct IndexKey: CodingKey {
        var stringValue: String { "Index \(intValue ?? 0)" }
        var intValue: Int?

        init(intValue: Int) { self.intValue = intValue }
        init?(stringValue: String) { nil }
    }
}
