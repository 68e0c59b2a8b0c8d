import DeepCutCore
import Foundation

/// A list of followed artists (`{"kind": "followed", "path": …}`): a CSV whose header row has an
/// `artist` column (an export of Lidarr's or a streaming service's follows), or else a plain text
/// file with one artist a line. Blank lines and lines starting with `#` are skipped in a text file.
///
/// A file that cannot be read or parsed is the source's failure (its last good import is kept); an
/// empty file is an empty list.
enum FollowedArtistsReader {
    /// A followed list is typed by hand or exported: 4 MB is tens of thousands of names.
    static let sizeLimit = 4 << 20

    static func read(_ file: URL) throws(ArtistSourceFailure) -> [ImportedArtist] {
        let source = "followed:\(file.lastPathComponent)"
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw ArtistSourceFailure(.file, message: "\(source): cannot read \(file.path) (\(error.fileSystemReason))")
        }
        guard data.count <= sizeLimit else {
            throw ArtistSourceFailure(.file, message: "\(source): \(file.path) is larger than \(sizeLimit >> 20) MB")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ArtistSourceFailure(.file, message: "\(source): \(file.path) is not UTF-8 text")
        }
        let firstLine = text.prefix { $0 != "\n" && $0 != "\r" }
        let header = firstLine.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: CharacterSet(charactersIn: " \t\"\u{FEFF}")).lowercased()
        }
        let names = header.contains("artist") ? try csvNames(data, file: file, source: source) : textNames(text)
        var seen: Set<String> = []
        return names.filter { !ArtistName.isPlaceholder($0) && seen.insert(ArtistName.groupingKey($0)).inserted }
            .map { ImportedArtist(name: $0) }
    }

    private static func textNames(_ text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).map {
            $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "\u{FEFF}", with: "")
        }
        .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    private static func csvNames(_ data: Data, file: URL, source: String) throws(ArtistSourceFailure) -> [String] {
        var parser = CSVParser(fileName: file.lastPathComponent)
        let records: [CSVRecord]
        do {
            records = try parser.consume(data) + (try parser.finish().map { [$0] } ?? [])
        } catch {
            throw ArtistSourceFailure(.file, message: "\(source): \((error as? LibraryError)?.message ?? "not a CSV file")")
        }
        guard let header = records.first,
            let column = header.fields.map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }).firstIndex(of: "artist")
        else { return [] }
        return records.dropFirst().compactMap { $0.field(column)?.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
