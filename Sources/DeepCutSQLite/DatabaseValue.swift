import Foundation

/// A value as SQLite stores it: its five storage classes.
package enum DatabaseValue: Sendable, Hashable {
    case null
    case integer(Int)
    case real(Double)
    case text(String)
    case blob(Data)
}

extension DatabaseValue: CustomStringConvertible {
    /// Short enough for an error message: a bad value is named, never dumped.
    package var description: String {
        switch self {
        case .null: "NULL"
        case .integer(let value): String(value)
        case .real(let value): String(value)
        case .text(let value): "\"" + (value.count > 40 ? value.prefix(37) + "..." : value) + "\""
        case .blob(let value): "<\(value.count) bytes>"
        }
    }
}
