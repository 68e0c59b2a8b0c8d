/// A parsed JSON document that keeps what strict validation needs and `JSONSerialization` loses:
/// integers apart from fractions, booleans apart from numbers, and object keys in document order.
package enum JSONValue: Sendable {
    case null
    case boolean(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    /// The kind's name, for "expected integer, got string".
    package var kindName: String {
        switch self {
        case .null: "null"
        case .boolean: "boolean"
        case .integer, .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// A number as messages show it: `-1`, `0.5`.
    var numberText: String {
        switch self {
        case .integer(let integer): String(integer)
        case .number(let number): String(number)
        default: kindName
        }
    }

    /// The first value stored under `key`, when this is an object.
    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }
}
