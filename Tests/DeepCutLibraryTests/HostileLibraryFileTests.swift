import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutConfig
@testable import DeepCutCore
@testable import DeepCutFixtures
@testable import DeepCutLibrary
@testable import DeepCutSQLite

/// Files that are not what their format promises: every one stops the run with exit 65 and one line
/// naming the file and, where there is one, the place.
@Suite struct HostileLibraryFileTests {
    private let scratch = ScratchFolder()

    private static let binary = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0xFF, 0xFE, 0x00, 0x9C])

    private func failure(
        _ format: LibraryFormat, _ name: String, _ contents: Data,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> String? {
        do {
            let source = LibrarySource(format: format, path: try scratch.write(name, contents))
            _ = try await LoadLibrary(registry: .files).run([source])
            Issue.record("\(name) was accepted", sourceLocation: sourceLocation)
            return nil
        } catch let error as LibraryError {
            #expect(error.exitCode.rawValue == 65, sourceLocation: sourceLocation)
            #expect(!error.message.contains("\n"), sourceLocation: sourceLocation)
            #expect(error.message.hasPrefix(name + ":"), sourceLocation: sourceLocation)
            return error.message
        } catch {
            Issue.record("unexpected \(type(of: error)): \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }

    // MARK: - CSV

    @Test func binaryCSV() async {
        #expect(await failure(.csv, "library.csv", Data("title,artist\n".utf8) + Self.binary) == "library.csv:2: invalid UTF-8")
    }

    @Test func truncatedCSVInsideAQuote() async {
        var text = "title,artist\n"
        for index in 0..<20_000 { text += "\"Album \(index)\",Artist \(index % 300)\n" }
        text += "\"Cut off in the mid"
        #expect(await failure(.csv, "library.csv", Data(text.utf8)) == "library.csv:20002: unterminated quoted field")
    }

    // MARK: - JSON

    @Test func truncatedJSON() async {
        let items = (0..<5_000).map { #"{"title": "Album \#($0)", "artist": "Artist \#($0 % 50)"}"# }
        let text = "[\n" + items.joined(separator: ",\n") + ",\n{\"title\": \"Half"
        let message = await failure(.json, "library.json", Data(text.utf8))
        #expect(message == "library.json:5002:11: invalid JSON: unterminated string")
    }

    @Test func binaryJSON() async {
        let message = await failure(.json, "library.json", Self.binary)
        #expect(message == "library.json:1:1: invalid JSON: unexpected character 0x89, expected a value")
    }

    // MARK: - Library.xml

    @Test func truncatedLibraryXML() async {
        let xml = ITunesTestLibrary(tracks: (1...2_000).map { .init(id: $0, artist: "Artist \($0 % 40)", album: "Album \($0 % 400)") }).xml
        let cut = Data(xml.utf8).prefix(xml.utf8.count * 2 / 3)
        let message = await failure(.itunesXML, "Library.xml", cut)
        #expect(message == "Library.xml:12029: malformed XML (the file ends early; a truncated export?)")
    }

    @Test func brokenMarkupInTheMiddleNamesItsLine() async {
        var tracks = (1...1_000).map { ITunesTestLibrary.Track(id: $0, artist: "Artist \($0 % 40)", album: "Album \($0 % 100)") }
        tracks[499].album = "PLACEHOLDER"
        let xml = ITunesTestLibrary(tracks: tracks).xml.replacingOccurrences(of: "PLACEHOLDER", with: "AC&DC")
        let line = xml.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("AC&DC") }.map { $0 + 1 }
        let message = await failure(.itunesXML, "Library.xml", Data(xml.utf8))
        #expect(
            message?.hasPrefix("Library.xml:\(line ?? 0): malformed XML (not well-formed, XML parser error ") == true, "\(message ?? "")")
    }

    @Test func binaryLibraryXML() async {
        let message = await failure(.itunesXML, "Library.xml", Self.binary)
        #expect(message == "Library.xml:1: malformed XML (not XML)")
    }

    @Test func htmlIsNotALibraryXML() async {
        let message = await failure(.itunesXML, "Library.xml", Data("<html>\n<body>Export failed</body>\n</html>\n".utf8))
        #expect(message == "Library.xml:1: not a property list (no <plist> element)")
    }

    // MARK: - beets

    @Test func stateDatabaseIsNotABeetsLibrary() async throws {
        let path = scratch.url.appendingPathComponent("state.db")
        let store = try Database(path: path.path, access: .readWrite)
        try store.withConnection { try $0.executeScript("CREATE TABLE dismissals (key TEXT PRIMARY KEY, dismissed_at REAL);") }
        do {
            _ = try await LoadLibrary(registry: .files).run([LibrarySource(format: .beets, path: path)])
            Issue.record("accepted")
        } catch let error as LibraryError {
            #expect(error == LibraryError(message: "state.db: not a beets library (no albums table)"))
        }
    }

    @Test func binaryBeetsLibrary() async {
        #expect(await failure(.beets, "library.db", Self.binary) == "library.db: not a beets library (not a SQLite database)")
    }

    @Test func truncatedBeetsLibrary() async throws {
        guard let schema = try BeetsTestDatabase.currentSchema() else { return }
        let full = scratch.url.appendingPathComponent("full.db")
        try BeetsTestDatabase.create(
            at: full, schema: schema,
            albums: (1...400).map {
                .init(album: "Album \($0) " + String(repeating: "x", count: 200), albumartist: "Artist \($0 % 30)")
            })
        let bytes = try Data(contentsOf: full)
        let message = await failure(.beets, "library.db", bytes.prefix(bytes.count / 2))
        #expect(message == "library.db: database is corrupt (database disk image is malformed)")
    }
}
