import Foundation

/// A fresh folder per test, removed afterwards, so tests never share or leave database files.
enum StoreTestDirectory {
    static func with<T>(_ body: (URL) throws -> T) throws -> T {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("deepcut-store-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url) }
        return try body(url)
    }
}
