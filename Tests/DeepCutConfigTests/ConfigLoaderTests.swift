import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutConfig

@Suite struct ConfigLoaderTests {
    private let scratch = ScratchFolder()

    private func load(_ json: String, name: String = "config.json") throws -> Config {
        try ConfigLoader.load(from: scratch.write(name, json))
    }

    /// The error message `json` produces, or nil when it loads.
    private func failure(_ json: String) -> String? {
        do {
            _ = try load(json)
            return nil
        } catch let error as ConfigError {
            return error.message
        } catch {
            return "unexpected \(type(of: error)): \(error)"
        }
    }

    /// A valid document with `fragment` (e.g. `"catalog": {...}`) added after the required library.
    private func failure(adding fragment: String) -> String? {
        failure(#"{"library": [{"format": "csv", "path": "library.csv"}], \#(fragment)}"#)
    }

    private static let minimal = #"{"library": [{"format": "csv", "path": "library.csv"}]}"#

    // MARK: - Defaults and values

    @Test func absentKeysTakeDefaults() throws {
        let config = try load(Self.minimal)
        let folder = scratch.url.standardizedFileURL
        #expect(config.library == [LibrarySource(format: .csv, path: folder.appendingPathComponent("library.csv"))])
        #expect(
            config.catalog
                == CatalogConfig(
                    provider: .itunes, baseURL: URL(string: "https://itunes.apple.com")!, country: "us",
                    concurrency: 4, requestsPerMinute: 20, timeoutSeconds: 20, maxAttempts: 3))
        #expect(
            config.feed.types
                == TypeSelection(primary: [.album, .ep, .single, .compilation], secondary: [.live, .remix, .soundtrack, .demo]))
        #expect(config.feed.windowDays == 120)
        #expect(config.stateDatabase == folder.appendingPathComponent("state.db"))
        #expect(config.outputDirectory == folder.appendingPathComponent("feed"))
        #expect(config.keepSnapshots == 30)
        #expect(config.ttlHours == 24)
    }

    @Test func readsEveryKeyOfTheSpecExample() throws {
        let config = try load(
            """
            {
              "library": [
                {"format": "csv", "path": "library.csv"},
                {"format": "itunes-xml", "path": "Library.xml"},
                {"format": "beets", "path": "/var/lib/beets/library.db"},
                {"format": "json", "path": "data/library.json"}
              ],
              "catalog": {
                "provider": "itunes", "baseURL": "http://127.0.0.1:8080", "country": "GB",
                "concurrency": 8, "requestsPerMinute": 600, "timeoutSeconds": 5, "maxAttempts": 1
              },
              "feed": {"types": ["album", "ep"], "windowDays": 30},
              "stateDatabase": "/var/lib/deepcut/state.db",
              "outputDirectory": "../public",
              "keepSnapshots": 5,
              "ttlHours": 0.5
            }
            """)
        let folder = scratch.url.standardizedFileURL
        #expect(config.library.map(\.format) == [.csv, .itunesXML, .beets, .json])
        #expect(
            config.library.map(\.path.path) == [
                folder.appendingPathComponent("library.csv").path,
                folder.appendingPathComponent("Library.xml").path,
                "/var/lib/beets/library.db",
                folder.appendingPathComponent("data/library.json").path
            ])
        #expect(
            config.catalog
                == CatalogConfig(
                    provider: .itunes, baseURL: URL(string: "http://127.0.0.1:8080")!, country: "gb",
                    concurrency: 8, requestsPerMinute: 600, timeoutSeconds: 5, maxAttempts: 1))
        #expect(config.feed == FeedConfig(types: TypeSelection(primary: [.album, .ep]), windowDays: 30))
        #expect(config.stateDatabase.path == "/var/lib/deepcut/state.db")
        #expect(config.outputDirectory.path == folder.deletingLastPathComponent().appendingPathComponent("public").path)
        #expect(config.keepSnapshots == 5)
        #expect(config.ttlHours == 0.5)
    }

    @Test(arguments: ProviderKind.allCases)
    func providerChoosesBaseURLAndRateDefaults(provider: ProviderKind) throws {
        let config = try load(
            #"{"library": [{"format": "json", "path": "l.json"}], "catalog": {"provider": "\#(provider.rawValue)", "contact": "ops@example.org"}}"#
        )
        #expect(config.catalog.provider == provider)
        #expect(config.catalog.baseURL == provider.defaultBaseURL)
        #expect(config.catalog.requestsPerMinute == provider.defaultRequestsPerMinute)
    }

    @Test func wholeNumberWrittenWithFractionIsAnInteger() throws {
        let config = try load(#"{"library": [{"format": "csv", "path": "l.csv"}], "catalog": {"timeoutSeconds": 20.0}}"#)
        #expect(config.catalog.timeoutSeconds == 20)
    }

    @Test func relativePathsResolveAgainstTheConfigFolderNotTheWorkingDirectory() throws {
        let config = try ConfigLoader.load(
            from: scratch.write(
                "etc/deepcut/config.json",
                """
                {"library": [{"format": "csv", "path": "./music/../music/library.csv"}], "stateDatabase": "../state.db"}
                """))
        let folder = scratch.url.standardizedFileURL
        #expect(config.library[0].path.path == folder.appendingPathComponent("etc/deepcut/music/library.csv").path)
        #expect(config.stateDatabase.path == folder.appendingPathComponent("etc/state.db").path)
        #expect(config.outputDirectory.path == folder.appendingPathComponent("etc/deepcut/feed").path)
    }

    // MARK: - Unknown keys

    @Test(arguments: [
        (#""catalog": {"concurency": 4}"#, "config.json: unknown key 'catalog.concurency' (did you mean 'catalog.concurrency'?)"),
        (#""feed": {"windowdays": 4}"#, "config.json: unknown key 'feed.windowdays' (did you mean 'feed.windowDays'?)"),
        (#""colour": "blue""#, "config.json: unknown key 'colour'"),
        (#""catalog": {"token": "x"}"#, "config.json: unknown key 'catalog.token'")
    ])
    func unknownKeyIsNamedWithItsPath(fragment: String, message: String) {
        #expect(failure(adding: fragment) == message)
    }

    @Test func unknownKeyInsideAnArrayElementNamesTheIndex() {
        #expect(
            failure(#"{"library": [{"format": "csv", "path": "a.csv"}, {"format": "csv", "path": "b.csv", "compilationArtists": []}]}"#)
                == "config.json: unknown key 'library[1].compilationArtists'")
    }

    @Test func firstUnknownKeyInDocumentOrderIsReported() {
        #expect(failure(adding: #""zeta": 1, "alpha": 2"#) == "config.json: unknown key 'zeta'")
    }

    // MARK: - Types

    @Test(arguments: [
        (#""catalog": {"concurrency": "4"}"#, "config.json: catalog.concurrency: expected integer, got string"),
        (#""catalog": {"timeoutSeconds": 2.5}"#, "config.json: catalog.timeoutSeconds: expected integer, got 2.5"),
        (#""catalog": {"maxAttempts": true}"#, "config.json: catalog.maxAttempts: expected integer, got boolean"),
        (#""catalog": {"provider": 1}"#, "config.json: catalog.provider: expected string, got number"),
        (#""catalog": []"#, "config.json: catalog: expected object, got array"),
        (#""feed": {"types": "album"}"#, "config.json: feed.types: expected array, got string"),
        (#""feed": {"types": ["album", 2]}"#, "config.json: feed.types[1]: expected string, got number"),
        (#""stateDatabase": null"#, "config.json: stateDatabase: expected string, got null"),
        (#""ttlHours": "24""#, "config.json: ttlHours: expected number, got string"),
        (#""keepSnapshots": {}"#, "config.json: keepSnapshots: expected integer, got object")
    ])
    func wrongTypeNamesPathExpectedAndActual(fragment: String, message: String) {
        #expect(failure(adding: fragment) == message)
    }

    @Test func topLevelMustBeAnObject() {
        #expect(failure("[]") == "config.json: expected object, got array")
    }

    @Test func libraryElementsAreNamedByIndex() {
        #expect(
            failure(#"{"library": [{"format": "csv", "path": "a.csv"}, {"format": "xls", "path": "b.xls"}]}"#)
                == "config.json: library[1].format: must be one of csv, json, itunes-xml, beets, apple-music-library, got 'xls'")
        #expect(
            failure(#"{"library": [{"format": "csv", "path": "a.csv"}, "b.csv"]}"#)
                == "config.json: library[1]: expected object, got string")
        #expect(failure(#"{"library": [{"format": "csv"}]}"#) == "config.json: missing key 'library[0].path'")
        #expect(failure(#"{"library": [{"format": "csv", "path": " "}]}"#) == "config.json: library[0].path: must not be empty")
    }

    @Test func libraryIsRequiredAndNonEmpty() {
        #expect(failure("{}") == "config.json: missing key 'library'")
        #expect(failure(#"{"library": []}"#) == "config.json: library: must not be empty")
        #expect(failure(#"{"library": {}}"#) == "config.json: missing key 'library.sources'")
        #expect(failure(#"{"library": 3}"#) == "config.json: library: expected an array of sources or an object with 'sources', got number")
    }

    // MARK: - Ranges and choices

    @Test(arguments: [
        (#""catalog": {"concurrency": 0}"#, "config.json: catalog.concurrency: must be between 1 and 64, got 0"),
        (#""catalog": {"concurrency": 65}"#, "config.json: catalog.concurrency: must be between 1 and 64, got 65"),
        (#""catalog": {"requestsPerMinute": 0}"#, "config.json: catalog.requestsPerMinute: must be between 1 and 1000000, got 0"),
        (#""catalog": {"timeoutSeconds": 0}"#, "config.json: catalog.timeoutSeconds: must be between 1 and 600, got 0"),
        (#""catalog": {"timeoutSeconds": 601}"#, "config.json: catalog.timeoutSeconds: must be between 1 and 600, got 601"),
        (#""catalog": {"maxAttempts": 11}"#, "config.json: catalog.maxAttempts: must be between 1 and 10, got 11"),
        (#""feed": {"windowDays": 0}"#, "config.json: feed.windowDays: must be between 1 and 36500, got 0"),
        (#""keepSnapshots": -1"#, "config.json: keepSnapshots: must be between 1 and 100000, got -1"),
        (#""ttlHours": 0"#, "config.json: ttlHours: must be greater than 0 and at most 8760, got 0"),
        (#""ttlHours": -0.5"#, "config.json: ttlHours: must be greater than 0 and at most 8760, got -0.5"),
        (#""feed": {"types": []}"#, "config.json: feed.types: must not be empty"),
        (
            #""feed": {"types": ["album", "mixtape"]}"#,
            "config.json: feed.types[1]: must be one of album, ep, single, compilation, live, remix, soundtrack, demo, appearance, got 'mixtape'"
        ),
        (
            #""feed": {"types": ["album", "live", "Soundtrack"]}"#,
            "config.json: feed.types[2]: must be one of album, ep, single, compilation, live, remix, soundtrack, demo, appearance, got 'Soundtrack'"
        ),
        (
            #""feed": {"types": ["live", "soundtrack"]}"#,
            "config.json: feed.types: names no release type (album, ep, single, compilation): nothing would be wanted"
        ),
        (
            #""catalog": {"provider": "spotify"}"#,
            "config.json: catalog.provider: must be one of itunes, apple-music, musicbrainz, got 'spotify'"
        ),
        (
            #""catalog": {"baseURL": "itunes.apple.com"}"#,
            "config.json: catalog.baseURL: expected an absolute http(s) URL, got a value with no scheme (not shown: it may hold a secret)"
        ),
        (
            #""catalog": {"baseURL": "ftp://example.com"}"#,
            "config.json: catalog.baseURL: expected an absolute http(s) URL, got 'ftp://example.com'"
        ),
        (
            #""catalog": {"baseURL": "http:///path"}"#,
            "config.json: catalog.baseURL: expected an absolute http(s) URL, got 'http:…' (no host)"
        ),
        (#""catalog": {"country": "usa"}"#, "config.json: catalog.country: expected a two-letter country code, got 'usa'"),
        (#""outputDirectory": """#, "config.json: outputDirectory: must not be empty")
    ])
    func outOfRangeValuesAreRejected(fragment: String, message: String) {
        #expect(failure(adding: fragment) == message)
    }

    @Test func rangeBoundsThemselvesAreAccepted() throws {
        let config = try load(
            #"""
            {"library": [{"format": "csv", "path": "l.csv"}],
             "catalog": {"concurrency": 64, "requestsPerMinute": 1, "timeoutSeconds": 600, "maxAttempts": 10},
             "feed": {"windowDays": 1}, "keepSnapshots": 1}
            """#)
        #expect(config.catalog.concurrency == 64)
        #expect(config.catalog.requestsPerMinute == 1)
        #expect(config.catalog.timeoutSeconds == 600)
        #expect(config.catalog.maxAttempts == 10)
        #expect(config.feed.windowDays == 1)
        #expect(config.keepSnapshots == 1)
    }

    // MARK: - Files

    @Test func malformedJSONNamesFileLineAndColumn() {
        #expect(
            failure("{\n  \"library\": [\n    {\"format\": \"csv\" \"path\": \"l.csv\"}\n  ]\n}")
                == "config.json:3:22: invalid JSON: expected ',' or '}' in object")
    }

    @Test func malformedJSONUsesTheConfigFilesOwnName() throws {
        let url = try scratch.write("deepcut.json", "{")
        #expect(throws: ConfigError(message: "deepcut.json:1:2: invalid JSON: expected a string key")) {
            try ConfigLoader.load(from: url)
        }
    }

    @Test func duplicateKeyIsMalformed() {
        #expect(failure(#"{"library": [], "library": []}"#) == "config.json:1:17: invalid JSON: duplicate key 'library'")
    }

    @Test func missingFileNamesThePathAndReason() {
        let url = scratch.url.appendingPathComponent("absent/config.json")
        #expect(throws: ConfigError(message: "\(url.path): cannot read config: No such file or directory")) {
            try ConfigLoader.load(from: url)
        }
    }

    @Test func folderInsteadOfFileNamesThePathAndReason() {
        #expect(throws: ConfigError(message: "\(scratch.url.path): cannot read config: it is a directory, not a regular file")) {
            try ConfigLoader.load(from: scratch.url)
        }
    }

    @Test(.timeLimit(.minutes(1))) func deviceOrFIFOInsteadOfFileSaysWhatItIs() {
        // Root may open /dev/null, so "Permission denied" was never the reason.
        #expect(throws: ConfigError(message: "/dev/null: cannot read config: it is a character device, not a regular file")) {
            try ConfigLoader.load(from: URL(fileURLWithPath: "/dev/null"))
        }
        let fifo = scratch.url.appendingPathComponent("config.json")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        #expect(throws: ConfigError(message: "\(fifo.path): cannot read config: it is a FIFO (named pipe), not a regular file")) {
            try ConfigLoader.load(from: fifo)
        }
    }

    @Test func errorsExitWithConfigCode() {
        #expect(ConfigError(message: "x").exitCode == .config)
        #expect(ConfigError(message: "x").exitCode.rawValue == 78)
    }
}

extension ConfigLoaderTests {
    @Test func feedTypesTakeSecondaryTypesAndKeepThemWhenNoneIsNamed() throws {
        let legacy = try load(
            #"{"library": [{"format": "csv", "path": "library.csv"}], "feed": {"types": ["album", "ep", "single", "compilation"]}}"#)
        #expect(legacy.feed.types == .standard)
        let chosen = try load(
            #"{"library": [{"format": "csv", "path": "library.csv"}], "feed": {"types": ["album", "soundtrack", "appearance"]}}"#)
        #expect(chosen.feed.types == TypeSelection(primary: [.album], secondary: [.soundtrack, .appearance]))
    }
}
