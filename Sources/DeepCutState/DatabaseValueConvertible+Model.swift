import DeepCutCore
import DeepCutSQLite

/// Stored as the NFC raw value, so SQLite's byte comparison agrees with Swift's.
extension AlbumKey: DatabaseValueConvertible {
    package var databaseValue: DatabaseValue { .text(rawValue) }

    package init?(databaseValue: DatabaseValue) {
        guard let text = String(databaseValue: databaseValue) else { return nil }
        self.init(rawValue: text)
    }
}

/// Stored as ISO text (`2019`, `2019-06`, `2019-06-14`), the SPEC's own spelling.
extension ReleaseDate: DatabaseValueConvertible {
    package var databaseValue: DatabaseValue { .text(description) }

    package init?(databaseValue: DatabaseValue) {
        guard let text = String(databaseValue: databaseValue) else { return nil }
        self.init(iso: text)
    }
}

extension RecordingType: DatabaseValueConvertible {}
extension RunStatus: DatabaseValueConvertible {}

extension ExitCode: DatabaseValueConvertible {
    package var databaseValue: DatabaseValue { .integer(Int(rawValue)) }

    package init?(databaseValue: DatabaseValue) {
        guard let value = Int(databaseValue: databaseValue), let raw = Int32(exactly: value) else { return nil }
        self.init(rawValue: raw)
    }
}
