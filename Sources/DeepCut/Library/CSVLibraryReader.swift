import Foundation

/// Reads a CSV library: UTF-8, a header row naming `title` and `artist` columns (any case, any order,
/// other columns ignored), one album per row. Streams the file in chunks.
public struct CSVLibraryReader: LibraryReader {
    private static let chunkSize = 1 << 16

    public init() {}

    public func read(_ source: LibrarySource) throws -> LibraryReadResult {
        var result = LibraryReadResult(source: source)
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: source.path)
        } catch {
            throw LibraryError.unreadable(source.path, error)
        }
        defer { try? handle.close() }

        var parser = CSVParser(fileName: result.sourceName)
        var columns: (title: Int, artist: Int)?
        func add(_ record: CSVRecord) throws {
            guard let known = columns else {
                columns = try Self.columns(inHeader: record, fileName: result.sourceName)
                return
            }
            result.addRow(title: record.field(known.title), artist: record.field(known.artist), at: .line(record.line))
        }
        while let chunk = try Self.nextChunk(of: handle, source: source) {
            for record in try parser.consume(chunk) { try add(record) }
        }
        if let record = try parser.finish() { try add(record) }
        guard columns != nil else {
            throw LibraryError(message: "\(result.sourceName): empty file, expected a header row with 'title' and 'artist' columns")
        }
        return result
    }

    private static func nextChunk(of handle: FileHandle, source: LibrarySource) throws -> Data? {
        do {
            guard let chunk = try handle.read(upToCount: chunkSize), !chunk.isEmpty else { return nil }
            return chunk
        } catch {
            throw LibraryError.unreadable(source.path, error)
        }
    }

    /// The positions of the `title` and `artist` columns; the first of a repeated name wins.
    private static func columns(inHeader header: CSVRecord, fileName: String) throws -> (title: Int, artist: Int) {
        let names = header.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        let title = names.firstIndex(of: "title")
        let artist = names.firstIndex(of: "artist")
        guard let title, let artist else {
            let missing = [title == nil ? "'title'" : nil, artist == nil ? "'artist'" : nil].compactMap { $0 }
            let noun = missing.count == 1 ? "column" : "columns"
            throw LibraryError(message: "\(fileName):\(header.line): header has no \(missing.joined(separator: " or ")) \(noun)")
        }
        return (title, artist)
    }
}
