import Foundation

extension DatabaseValue: DatabaseValueConvertible {
    var databaseValue: DatabaseValue { self }
    init?(databaseValue: DatabaseValue) { self = databaseValue }
}

extension Int: DatabaseValueConvertible {
    var databaseValue: DatabaseValue { .integer(self) }

    init?(databaseValue: DatabaseValue) {
        guard case .integer(let value) = databaseValue else { return nil }
        self = value
    }
}

extension Double: DatabaseValueConvertible {
    var databaseValue: DatabaseValue { .real(self) }

    /// Accepts integers too: SQLite stores a whole REAL as an integer in columns without affinity.
    init?(databaseValue: DatabaseValue) {
        switch databaseValue {
        case .real(let value): self = value
        case .integer(let value): self = Double(value)
        default: return nil
        }
    }
}

extension String: DatabaseValueConvertible {
    var databaseValue: DatabaseValue { .text(self) }

    init?(databaseValue: DatabaseValue) {
        guard case .text(let value) = databaseValue else { return nil }
        self = value
    }
}

extension Data: DatabaseValueConvertible {
    var databaseValue: DatabaseValue { .blob(self) }

    init?(databaseValue: DatabaseValue) {
        guard case .blob(let value) = databaseValue else { return nil }
        self = value
    }
}

/// Seconds since 1970 as REAL, the same clock `Dismissal.dismissedAt` uses.
extension Date: DatabaseValueConvertible {
    var databaseValue: DatabaseValue { .real(timeIntervalSince1970) }

    init?(databaseValue: DatabaseValue) {
        guard let seconds = Double(databaseValue: databaseValue) else { return nil }
        self.init(timeIntervalSince1970: seconds)
    }
}

/// `nil` binds as NULL, and NULL reads back as `nil`.
extension Optional: DatabaseValueConvertible where Wrapped: DatabaseValueConvertible {
    var databaseValue: DatabaseValue { self?.databaseValue ?? .null }

    init?(databaseValue: DatabaseValue) {
        if case .null = databaseValue {
            self = .none
        } else if let value = Wrapped(databaseValue: databaseValue) {
            self = .some(value)
        } else {
            return nil
        }
    }
}
