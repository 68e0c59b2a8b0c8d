import Foundation

/// A fresh folder under the temporary directory, removed when the owning test's suite instance goes away.
package final class ScratchFolder: Sendable {
    package let url: URL

    package init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("deepcut-\(UUID().uuidString)", isDirectory: true)
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// Runs `body` with a fresh folder, removed afterwards, so tests never share or leave files.
    package static func with<T>(_ body: (URL) throws -> T) throws -> T {
        let folder = ScratchFolder()
        return try withExtendedLifetime(folder) { try body(folder.url) }
    }

    /// Writes `contents` to `name` inside the folder (creating subfolders) and returns its URL.
    @discardableResult
    package func write(_ name: String, _ contents: String) throws -> URL {
        try write(name, Data(contents.utf8))
    }

    @discardableResult
    package func write(_ name: String, _ contents: Data) throws -> URL {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: file)
        return file
    }
}
