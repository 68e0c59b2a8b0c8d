import DeepCutConfig
import Foundation

/// Reads a CSV library: UTF-8, a header row naming `title` and `artist` columns (any case, any order,
/// other columns ignored), one album per row. Streams the file in chunks; a row longer than
/// `CSVParser.maximumRecordLength` stops the read (a binary or corrupt file, not an export).
package struct CSVLibraryReader: LibraryReader {
    package init() {}

    package func read(_ source: LibrarySource) throws -> LibraryReadResult {
        var result = LibraryReadResult(source: source)
        let file = try LibraryFile(opening: source.path, sizeLimit: LibraryFile.streamedSizeLimit)
        var parser = CSVParser(fileName: result.sourceName)
        var columns: (title: Int, artist: Int)?
        func add(_ record: CSVRecord) throws {
            guard let known = columns else {
                columns = try Self.columns(inHeader: record, fileName: result.sourceName)
                return
            }
            result.addRow(title: record.field(known.title), artist: record.field(known.artist), at: .line(record.line))
        }
        while let chunk = try file.nextChunk() {
            for record in try parser.consume(chunk) { try add(record) }
        }
        if let record = try parser.finish() { try add(record) }
        guard columns != nil else {
            throw LibraryError(message: "\(result.sourceName): empty file, expected a header row with 'title' and 'artist' columns")
        }
        return result
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
