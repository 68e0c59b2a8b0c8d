import DeepCutConfig
import Foundation

/// Reads a JSON library: an array of `{"title": "...", "artist": "..."}` objects; other keys are ignored.
/// Items are numbered from 1 in warnings, like lines.
package struct JSONLibraryReader: LibraryFileReader {
    package init() {}

    package func read(_ source: LibrarySource) throws -> LibraryReadResult {
        var result = LibraryReadResult(source: source)
        // Parsed whole, so held to the smaller cap.
        let data = try LibraryFile(opening: source.path, sizeLimit: LibraryFile.wholeSizeLimit).readAll()
        let document: JSONValue
        do {
            document = try JSONParser.parse(data)
        } catch {
            throw LibraryError(message: error.message(file: result.sourceName))
        }
        guard case .array(let items) = document else {
            throw LibraryError(
                message: "\(result.sourceName): expected an array of {\"title\", \"artist\"} objects, got \(document.kindName)")
        }
        for (index, item) in items.enumerated() {
            guard case .object = item else {
                result.addWarning("expected an object, got \(item.kindName)", at: .item(index + 1))
                continue
            }
            result.addRow(title: Self.string(item["title"]), artist: Self.string(item["artist"]), at: .item(index + 1))
        }
        return result
    }

    /// A string value; anything else counts as missing.
    private static func string(_ value: JSONValue?) -> String? {
        guard case .string(let string) = value else { return nil }
        return string
    }
}
