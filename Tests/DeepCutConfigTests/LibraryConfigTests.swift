import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutConfig

/// `library` takes both shapes: the array of sources, and an object with `sources` and the guard's options.
@Suite struct LibraryConfigTests {
    private let scratch = ScratchFolder()

    private func load(_ library: String) throws -> Config {
        try ConfigLoader.load(from: scratch.write("config.json", #"{"library": \#(library)}"#))
    }

    private func failure(_ library: String) -> String? {
        do {
            _ = try load(library)
            return nil
        } catch let error as ConfigError {
            #expect(error.exitCode == .config)
            return error.message
        } catch {
            return "unexpected \(type(of: error)): \(error)"
        }
    }

    private var csv: LibrarySource {
        LibrarySource(format: .csv, path: scratch.url.standardizedFileURL.appendingPathComponent("library.csv"))
    }

    // MARK: Both forms

    @Test func arrayFormTakesTheDefaultShrinkLimit() throws {
        let config = try load(#"[{"format": "csv", "path": "library.csv"}]"#)
        #expect(config.library == [csv])
        #expect(config.libraryMaxShrinkPercent == 50)
    }

    @Test func objectFormReadsSourcesAndMaxShrinkPercent() throws {
        let config = try load(#"{"sources": [{"format": "csv", "path": "library.csv"}], "maxShrinkPercent": 20}"#)
        #expect(config.library == [csv])
        #expect(config.libraryMaxShrinkPercent == 20)
    }

    @Test func objectFormWithoutOptionsIsTheArrayForm() throws {
        let config = try load(#"{"sources": [{"format": "csv", "path": "library.csv"}]}"#)
        #expect(config.library == [csv])
        #expect(config.libraryMaxShrinkPercent == 50)
    }

    @Test func boundsAreAccepted() throws {
        #expect(try load(#"{"sources": [{"format": "csv", "path": "a.csv"}], "maxShrinkPercent": 0}"#).libraryMaxShrinkPercent == 0)
        #expect(try load(#"{"sources": [{"format": "csv", "path": "a.csv"}], "maxShrinkPercent": 100}"#).libraryMaxShrinkPercent == 100)
    }

    // MARK: Bad values name the key

    @Test(arguments: [
        (
            #"{"sources": [{"format": "csv", "path": "a.csv"}], "maxShrinkPercent": 101}"#,
            "config.json: library.maxShrinkPercent: must be between 0 and 100, got 101"
        ),
        (
            #"{"sources": [{"format": "csv", "path": "a.csv"}], "maxShrinkPercent": -1}"#,
            "config.json: library.maxShrinkPercent: must be between 0 and 100, got -1"
        ),
        (
            #"{"sources": [{"format": "csv", "path": "a.csv"}], "maxShrinkPercent": "50"}"#,
            "config.json: library.maxShrinkPercent: expected integer, got string"
        ),
        (
            #"{"sources": [{"format": "csv", "path": "a.csv"}], "maxShrinkPercent": 12.5}"#,
            "config.json: library.maxShrinkPercent: expected integer, got 12.5"
        ),
        (
            #"{"sources": [{"format": "csv", "path": "a.csv"}], "maxShrinkPercnt": 50}"#,
            "config.json: unknown key 'library.maxShrinkPercnt' (did you mean 'library.maxShrinkPercent'?)"
        ),
        (#"{"maxShrinkPercent": 50}"#, "config.json: missing key 'library.sources'"),
        (#"{"sources": []}"#, "config.json: library.sources: must not be empty"),
        (#"{"sources": [{"format": "csv"}]}"#, "config.json: missing key 'library.sources[0].path'"),
        (#"[]"#, "config.json: library: must not be empty"),
        (#""library.csv""#, "config.json: library: expected an array of sources or an object with 'sources', got string")
    ])
    func badValueNamesTheKey(library: String, expected: String) {
        #expect(failure(library) == expected)
    }
}
