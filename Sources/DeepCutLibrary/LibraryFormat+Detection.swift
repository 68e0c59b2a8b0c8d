import DeepCutConfig
import Foundation

extension LibraryFormat {
    /// The format of a library export, told from its first bytes rather than its name: the SQLite
    /// header (a beets `library.db`), an XML property list (Music's or iTunes' Library.xml), a JSON
    /// array, or a CSV whose header row names `title` and `artist`.
    ///
    /// Only the file formats: `apple-music-library` is an API, never a file.
    /// - Throws: `LibraryError` (exit 65) naming the file when it is missing, unreadable, not a regular
    ///   file, empty, or none of these.
    package static func detect(at url: URL) throws -> LibraryFormat {
        let file = try LibraryFile(opening: url, sizeLimit: LibraryFile.streamedSizeLimit)
        guard let head = try file.nextChunk() else {
            throw LibraryError(message: "\(url.path): the file is empty; expected a library export")
        }
        if head.starts(with: Array("SQLite format 3\u{0}".utf8)) { return .beets }
        var text = Substring(String(decoding: head, as: UTF8.self))
        if text.hasPrefix("\u{FEFF}") { text = text.dropFirst() }
        text = text.drop { $0.isWhitespace }
        if text.hasPrefix("<") {
            guard text.contains("<plist") || text.contains("DOCTYPE plist") else {
                throw LibraryError(message: "\(url.path): an XML file, but not a Music or iTunes library (no property list)")
            }
            return .itunesXML
        }
        if text.hasPrefix("[") { return .json }
        let header = Set(
            (text.split(whereSeparator: \.isNewline).first ?? "")
                .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: ["\""]).lowercased() })
        if header.contains("title") && header.contains("artist") { return .csv }
        throw LibraryError(
            message: "\(url.path): not a library export deepcut reads; expected a Music/iTunes Library.xml, a beets library.db, "
                + "or a CSV whose header row has title and artist columns")
    }
}
