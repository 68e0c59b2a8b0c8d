import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutConfig
@testable import DeepCutHTTP
@testable import DeepCutLibrary

@Suite struct JSONLibraryReaderTests {
    private let scratch = ScratchFolder()

    private func read(_ contents: String) throws -> LibraryReadResult {
        try JSONLibraryReader().read(LibrarySource(format: .json, path: scratch.write("library.json", contents)))
    }

    @Test func readsTitleAndArtistIgnoringOtherKeys() throws {
        let result = try read(
            #"[{"title": "Fragments", "artist": "Bonobo", "year": 2022}, {"artist": " Sigur Rós ", "title": "Ágætis byrjun"}]"#)
        #expect(
            result.albums == [
                LibraryAlbum(title: "Fragments", artist: "Bonobo", source: "json:library.json"),
                LibraryAlbum(title: "Ágætis byrjun", artist: "Sigur Rós", source: "json:library.json")
            ])
        #expect(result.warnings.isEmpty)
    }

    @Test func badItemsAreNumberedWarnings() throws {
        let result = try read(
            #"""
            [{"title": "A", "artist": "X"},
             {"artist": "X"},
             {"title": "B", "artist": 7},
             {"title": "", "artist": null},
             "C by X",
             {"title": "D", "artist": "X"}]
            """#)
        #expect(result.albums.map(\.title) == ["A", "D"])
        #expect(
            result.warnings.map(\.description) == [
                "library.json: item 2: missing title",
                "library.json: item 3: missing artist",
                "library.json: item 4: missing title and artist",
                "library.json: item 5: expected an object, got string"
            ])
    }

    @Test func emptyArrayIsAnEmptyLibrary() throws {
        #expect(try read("[]").albums.isEmpty)
    }

    @Test func topLevelMustBeAnArray() {
        #expect(throws: LibraryError(message: #"library.json: expected an array of {"title", "artist"} objects, got object"#)) {
            try read(#"{"title": "A", "artist": "X"}"#)
        }
    }

    @Test func invalidJSONNamesFileAndLine() {
        #expect(throws: LibraryError(message: "library.json:3:1: invalid JSON: expected ',' or ']' in array")) {
            try read("[\n{\"title\": \"A\", \"artist\": \"X\"}\n{\"title\": \"B\", \"artist\": \"Y\"}]")
        }
    }

    @Test func missingFileNamesThePath() {
        let path = scratch.url.appendingPathComponent("gone.json")
        #expect(throws: LibraryError(message: "\(path.path): cannot read library: No such file or directory")) {
            try JSONLibraryReader().read(LibrarySource(format: .json, path: path))
        }
    }
}
