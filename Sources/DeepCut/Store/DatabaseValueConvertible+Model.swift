import DeepCutCore

/// Stored as the NFC raw value, so SQLite's byte comparison agrees with Swift's.
extension AlbumKey: DatabaseValueConvertible {
    var databaseValue: DatabaseValue { .text(rawValue) }

    init?(databaseValue: DatabaseValue) {
        guard let text = String(databaseValue: databaseValue) else { return nil }
        self.init(rawValue: text)
    }
}

/// Stored as ISO text (`2019`, `2019-06`, `2019-06-14`), the SPEC's own spelling.
extension ReleaseDate: DatabaseValueConvertible {
    var databaseValue: DatabaseValue { .text(description) }

    init?(databaseValue: DatabaseValue) {
        guard let text = String(databaseValue: databaseValue) else { return nil }
        self.init(iso: text)
    }
}

extension RecordingType: DatabaseValueConvertible {}
extension RunStatus: DatabaseValueConvertible {}

extension ExitCode: DatabaseValueConvertible {
    var databaseValue: DatabaseValue { .integer(Int(rawValue)) }

    init?(databaseValue: DatabaseValue) {
        guard let value = Int(databaseValue: databaseValue), let raw = Int32(exactly: value) else { return nil }
        self.init(rawValue: raw)
    }
}

/// Enums are stored as their raw values; an unknown one reads as a type error, not a default.
extension DatabaseValueConvertible where Self: RawRepresentable, RawValue: DatabaseValueConvertible {
    var databaseValue: DatabaseValue { rawValue.databaseValue }

    init?(databaseValue: DatabaseValue) {
        guard let raw = RawValue(databaseValue: databaseValue) else { return nil }
        self.init(rawValue: raw)
    }
}
