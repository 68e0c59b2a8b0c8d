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

/// A Swift type that binds to a statement parameter and reads back from a column.
///
/// Reads are failable so a wrong type or an unknown enum value becomes a `DatabaseError`
/// naming the column, not a crash or a silent default.
package protocol DatabaseValueConvertible {
    var databaseValue: DatabaseValue { get }
    init?(databaseValue: DatabaseValue)
}

extension DatabaseValue: DatabaseValueConvertible {
    package var databaseValue: DatabaseValue { self }
    package init?(databaseValue: DatabaseValue) { self = databaseValue }
}

extension Int: DatabaseValueConvertible {
    package var databaseValue: DatabaseValue { .integer(self) }

    package init?(databaseValue: DatabaseValue) {
        guard case .integer(let value) = databaseValue else { return nil }
        self = value
    }
}

extension Double: DatabaseValueConvertible {
    package var databaseValue: DatabaseValue { .real(self) }

    /// Accepts integers too: SQLite stores a whole REAL as an integer in columns without affinity.
    package init?(databaseValue: DatabaseValue) {
        switch databaseValue {
        case .real(let value): self = value
        case .integer(let value): self = Double(value)
        default: return nil
        }
    }
}

extension String: DatabaseValueConvertible {
    package var databaseValue: DatabaseValue { .text(self) }

    package init?(databaseValue: DatabaseValue) {
        guard case .text(let value) = databaseValue else { return nil }
        self = value
    }
}

extension Data: DatabaseValueConvertible {
    package var databaseValue: DatabaseValue { .blob(self) }

    package init?(databaseValue: DatabaseValue) {
        guard case .blob(let value) = databaseValue else { return nil }
        self = value
    }
}

/// Seconds since 1970 as REAL, the same clock `Dismissal.dismissedAt` uses.
extension Date: DatabaseValueConvertible {
    package var databaseValue: DatabaseValue { .real(timeIntervalSince1970) }

    package init?(databaseValue: DatabaseValue) {
        guard let seconds = Double(databaseValue: databaseValue) else { return nil }
        self.init(timeIntervalSince1970: seconds)
    }
}

/// `nil` binds as NULL, and NULL reads back as `nil`.
extension Optional: DatabaseValueConvertible where Wrapped: DatabaseValueConvertible {
    package var databaseValue: DatabaseValue { self?.databaseValue ?? .null }

    package init?(databaseValue: DatabaseValue) {
        if case .null = databaseValue {
            self = .none
        } else if let value = Wrapped(databaseValue: databaseValue) {
            self = .some(value)
        } else {
            return nil
        }
    }
}

/// Enums are stored as their raw values; an unknown one reads as a type error, not a default.
extension DatabaseValueConvertible where Self: RawRepresentable, RawValue: DatabaseValueConvertible {
    package var databaseValue: DatabaseValue { rawValue.databaseValue }

    package init?(databaseValue: DatabaseValue) {
        guard let raw = RawValue(databaseValue: databaseValue) else { return nil }
        self.init(rawValue: raw)
    }
}
