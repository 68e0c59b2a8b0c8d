import Foundation

extension Snapshot {
    /// The snapshot's file bytes: stable for equal snapshots.
    func encoded() throws -> Data {
        try OutputJSON.encode(self)
    }

    /// Reads a snapshot file.
    /// - Returns: nil when there is no such file.
    /// - Throws: `OutputReadError` when the file exists but cannot be read, is torn, or is not a schema 1 snapshot.
    package static func load(from url: URL) throws -> Snapshot? {
        guard let data = try OutputJSON.read(url) else { return nil }
        let version = try OutputJSON.decode(SchemaVersionProbe.self, from: data, file: url)
        guard version.schemaVersion == Snapshot.schemaVersion else {
            throw OutputReadError(path: url.path, reason: "schemaVersion \(version.schemaVersion), expected \(Snapshot.schemaVersion)")
        }
        return try OutputJSON.decode(Snapshot.self, from: data, file: url)
    }

    /// Reads only the version, so a future schema is named as such instead of as a missing key.
    private struct SchemaVersionProbe: Decodable {
        var schemaVersion: Int
    }
}
