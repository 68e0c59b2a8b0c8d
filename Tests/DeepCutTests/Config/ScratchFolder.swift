import Foundation

/// A fresh folder under the temporary directory, removed when the owning test's suite instance goes away.
final class ScratchFolder: Sendable {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("deepcut-\(UUID().uuidString)", isDirectory: true)
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// Writes `contents` to `name` inside the folder (creating subfolders) and returns its URL.
    @discardableResult
    func write(_ name: String, _ contents: String) throws -> URL {
        try write(name, Data(contents.utf8))
    }

    @discardableResult
    func write(_ name: String, _ contents: Data) throws -> URL {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: file)
        return file
    }
}
