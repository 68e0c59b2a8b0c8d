import Foundation

extension LibrarySource {
    /// The first `count` bytes of the file (fewer when it is shorter), so a reader that hands the path
    /// to another library (XMLParser, SQLite) still reports a missing or unreadable file with the
    /// operating system's reason, as every other reader does.
    func leadingBytes(_ count: Int) throws -> Data {
        do {
            let handle = try FileHandle(forReadingFrom: path)
            defer { try? handle.close() }
            return try handle.read(upToCount: count) ?? Data()
        } catch {
            throw LibraryError.unreadable(path, error)
        }
    }
}
