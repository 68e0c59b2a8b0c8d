import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCut
@testable import DeepCutCore
@testable import DeepCutFixtures

/// Malformed, truncated, binary, huge and deeply nested library and config files, end to end through
/// `deepcut sweep` after a good run: the SPEC's exit code (65 library, 78 config), ONE stderr line
/// naming the file and the place, and nothing of the user's state or feed written.
@Suite struct HostileFileTests {
    static let binary = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 167 &+ 13) })
    /// 24 MB of bytes that are no text at all.
    static let hugeBinary: Data = {
        var data = Data(count: 24 << 20)
        data.withUnsafeMutableBytes { bytes in
            var state: UInt64 = 0x9E37_79B9_7F4A_7C15
            for index in bytes.indices {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bytes[index] = UInt8(truncatingIfNeeded: state >> 56)
            }
        }
        return data
    }()
    static let artists = ReliabilityWorld.artists(3)

    struct Case: Sendable, CustomStringConvertible {
        var description: String
        var contents: @Sendable () -> Data
        /// The stderr line must match this: the file's name, then the place.
        var pattern: String
    }

    /// A world with a good run behind it, whose library is `format` at `name`.
    static func world(format: String, name: String, library: Data) async throws -> ReliabilityWorld {
        let world = try ReliabilityWorld(
            artists: artists, library: ReliabilityWorld.library(3),
            topLevelKeys: ["library": #"[{"format": "\#(format)", "path": "\#(name)"}]"#])
        try world.folder.write(name, library)
        let (code, console) = await world.run("sweep")
        #expect(code == .success, "\(console.err)")
        return world
    }

    /// Replaces `name` with the case's contents and checks the contract.
    static func expectRejected(
        _ world: ReliabilityWorld, _ name: String, _ hostile: Case, exitCode: ExitCode,
        keepsHealth: Bool, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let files = try world.files()
        let state = try world.userState()
        let database = try Data(contentsOf: world.stateDatabase)
        try world.folder.write(name, hostile.contents())

        let (code, console) = await world.run("sweep")
        #expect(code == exitCode, "\(hostile): \(console.err.prefix(300))", sourceLocation: sourceLocation)
        let lines = console.err.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 1, "\(hostile): \(console.err.prefix(300))", sourceLocation: sourceLocation)
        #expect(
            console.err.wholeMatch(of: try Regex(hostile.pattern)) != nil, "\(hostile): \(console.err.prefix(300))",
            sourceLocation: sourceLocation)
        #expect(console.err.count < 400, "\(hostile): a \(console.err.count)-character line", sourceLocation: sourceLocation)
        let after = try world.files()
        for (file, bytes) in files where keepsHealth || !file.hasPrefix("health.") {
            #expect(after[file] == bytes, "\(hostile): \(file) changed", sourceLocation: sourceLocation)
        }
        #expect(Set(after.keys) == Set(files.keys), "\(hostile): files appeared or vanished", sourceLocation: sourceLocation)
        #expect(try world.userState() == state, "\(hostile): the user's state changed", sourceLocation: sourceLocation)
        if keepsHealth {
            #expect(
                try Data(contentsOf: world.stateDatabase) == database, "\(hostile): the state database was written",
                sourceLocation: sourceLocation)
        } else {
            #expect(try world.health().library.status == .notRun, sourceLocation: sourceLocation)
        }
    }

    // MARK: Library files

    static let csvCases: [Case] = [
        Case(description: "binary CSV", contents: { Data("title,artist\n".utf8) + binary }, pattern: #"library\.csv:\d+: invalid UTF-8"#),
        Case(description: "huge binary CSV", contents: { hugeBinary }, pattern: #"library\.csv:\d+: .+"#),
        // Stopped by the row cap after 1 MiB, never held whole.
        Case(
            description: "a 24 MB unterminated quoted field",
            contents: {
                Data("title,artist\nOld 1,Artist 01\n\"".utf8) + Data(repeating: 0x61, count: 24 << 20)
            }, pattern: #"library\.csv:3: a row longer than 1 MiB; not a library export"#),
        Case(
            description: "a 300 MB one-line CSV", contents: { Data(repeating: 0x61, count: 300 << 20) },
            pattern: #"library\.csv:1: a row longer than 1 MiB; not a library export"#),
        Case(description: "no header", contents: { Data("\n\n".utf8) }, pattern: #"library\.csv: empty file, expected a header row .+"#),
        Case(
            description: "NUL bytes", contents: { Data("title,artist\nA\u{0},B\n".utf8) + Data([0xC0, 0x80]) },
            pattern: #"library\.csv:3: invalid UTF-8"#)
    ]

    @Test(arguments: csvCases)
    func csvLibrary(_ hostile: Case) async throws {
        let world = try await Self.world(format: "csv", name: "library.csv", library: Data(ReliabilityWorld.library(3).utf8))
        try await Self.expectRejected(world, "library.csv", hostile, exitCode: .dataError, keepsHealth: false)
    }

    static let jsonCases: [Case] = [
        Case(description: "binary JSON", contents: { binary }, pattern: #"library\.json:1:\d+: invalid JSON: .+"#),
        Case(
            description: "truncated JSON", contents: { Data(#"[{"title": "Old 1", "artist": "Artist 01"}, {"title": "Ol"#.utf8) },
            pattern: #"library\.json:1:\d+: invalid JSON: .+"#),
        Case(
            description: "1,000,000 nested arrays", contents: { Data(repeating: UInt8(ascii: "["), count: 1_000_000) },
            pattern: #"library\.json:1:\d+: invalid JSON: nested too deeply"#),
        Case(
            description: "huge binary JSON", contents: { Data("[".utf8) + hugeBinary }, pattern: #"library\.json:\d+:\d+: invalid JSON: .+"#
        ),
        Case(
            description: "an object, not an array", contents: { Data(#"{"title": "Old 1"}"#.utf8) },
            pattern: #"library\.json: expected an array .+"#)
    ]

    @Test(arguments: jsonCases)
    func jsonLibrary(_ hostile: Case) async throws {
        let good = Data(#"[{"title": "Old 1", "artist": "Artist 01"}, {"title": "Old 2", "artist": "Artist 02"}]"#.utf8)
        let world = try await Self.world(format: "json", name: "library.json", library: good)
        try await Self.expectRejected(world, "library.json", hostile, exitCode: .dataError, keepsHealth: false)
    }

    static let goodXML = ITunesTestLibrary(
        tracks: (1...3).map {
            ITunesTestLibrary.Track(id: $0, artist: ReliabilityWorld.artistName($0), album: "Old \($0)")
        }
    ).xml

    static let xmlCases: [Case] = [
        Case(description: "binary Library.xml", contents: { binary }, pattern: #"Library\.xml:1: malformed XML .+"#),
        Case(
            description: "truncated Library.xml", contents: { Data(goodXML.utf8).prefix(goodXML.utf8.count / 2) },
            pattern: #"Library\.xml:\d+: malformed XML .+"#),
        Case(
            description: "100,000 nested dicts",
            contents: {
                Data(
                    ("<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict><key>Tracks</key>"
                        + String(repeating: "<dict>", count: 100_000)).utf8)
            }, pattern: #"Library\.xml:\d+: malformed XML .+"#),
        Case(
            description: "huge unfinished Library.xml",
            contents: {
                Data(
                    "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict><key>Tracks</key><dict><key>1</key><dict><key>Name</key><string>"
                        .utf8)
                    + Data(repeating: UInt8(ascii: "x"), count: 24 << 20)
            }, pattern: #"Library\.xml:\d+: malformed XML .+"#),
        // Foundation's XMLParser crashed (SIGILL) on these until Library.xml was checked for UTF-8 first.
        Case(
            description: "an element name that is not UTF-8",
            contents: {
                let parts = goodXML.components(separatedBy: "<key>Album</key>")
                return Data((parts[0] + "<key>Album</key><a").utf8) + Data([0xE9])
                    + Data(("/>" + parts.dropFirst().joined(separator: "<key>Album</key>")).utf8)
            }, pattern: #"Library\.xml:\d+: malformed XML \(not UTF-8\)"#),
        Case(
            description: "an attribute name that is not UTF-8",
            contents: {
                Data("<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict ".utf8) + Data([0xFF]) + Data("=\"1\"></dict></plist>\n".utf8)
            }, pattern: #"Library\.xml:3: malformed XML \(not UTF-8\)"#),
        Case(
            description: "an entity bomb",
            contents: {
                Data(
                    ("<?xml version=\"1.0\"?>\n<!DOCTYPE plist [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">"
                        + "<!ENTITY c \"&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;\"><!ENTITY d \"&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;\">"
                        + "<!ENTITY e \"&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;\"><!ENTITY f \"&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;\">"
                        + "<!ENTITY g \"&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;\"><!ENTITY h \"&g;&g;&g;&g;&g;&g;&g;&g;&g;&g;\">]>\n"
                        + "<plist version=\"1.0\"><dict><key>Tracks</key><dict><key>1</key><dict><key>Album</key><string>&h;&h;&h;&h;&h;</string>"
                        + "</dict></dict></dict></plist>\n").utf8)
            }, pattern: #"Library\.xml:\d+: .+"#)
    ]

    @Test(arguments: xmlCases)
    func itunesXMLLibrary(_ hostile: Case) async throws {
        let world = try await Self.world(format: "itunes-xml", name: "Library.xml", library: Data(Self.goodXML.utf8))
        try await Self.expectRejected(world, "Library.xml", hostile, exitCode: .dataError, keepsHealth: false)
    }

    @Test func beetsLibraryThatIsAnotherSQLiteFile() async throws {
        let beets = FileManager.default.temporaryDirectory.appendingPathComponent("beets-\(UUID().uuidString).db")
        defer { try? FileManager.default.removeItem(at: beets) }
        try BeetsTestDatabase.create(
            at: beets, schema: BeetsTestDatabase.earlySchema,
            albums: (1...3).map { .init(album: "Old \($0)", albumartist: ReliabilityWorld.artistName($0)) })
        let world = try await Self.world(format: "beets", name: "library.db", library: try Data(contentsOf: beets))
        // deepcut's own state database: SQLite, but no beets library.
        let stateCopy = try Data(contentsOf: world.stateDatabase)
        try await Self.expectRejected(
            world, "library.db",
            Case(
                description: "a non-beets SQLite file", contents: { stateCopy },
                pattern: #"library\.db: not a beets library \(no albums table\)"#),
            exitCode: .dataError, keepsHealth: false)
        try await Self.expectRejected(
            world, "library.db",
            Case(
                description: "binary beets library", contents: { Self.binary },
                pattern: #"library\.db: not a beets library \(not a SQLite database\)"#),
            exitCode: .dataError, keepsHealth: false)
    }

    // MARK: Config files

    static let configCases: [Case] = [
        Case(description: "binary config", contents: { binary }, pattern: #"config\.json:1:\d+: invalid JSON: .+"#),
        Case(description: "empty config", contents: { Data() }, pattern: #"config\.json:1:1: invalid JSON: .+"#),
        Case(
            description: "truncated config", contents: { Data(#"{"library": [{"format": "csv", "path": "libr"#.utf8) },
            pattern: #"config\.json:1:\d+: invalid JSON: .+"#),
        Case(
            description: "100,000 nested arrays", contents: { Data((#"{"catalog": "# + String(repeating: "[", count: 100_000)).utf8) },
            pattern: #"config\.json:1:\d+: invalid JSON: nested too deeply"#),
        Case(
            description: "huge config",
            contents: {
                Data(#"{"library": [{"format": "csv", "path": "library.csv"}], "padding": ""#.utf8)
                    + Data(repeating: UInt8(ascii: "p"), count: 24 << 20) + Data(#""}"#.utf8)
            }, pattern: #"config\.json: .*padding.*"#),
        Case(description: "huge binary config", contents: { hugeBinary }, pattern: #"config\.json:\d+:\d+: invalid JSON: .+"#)
    ]

    @Test(arguments: configCases)
    func config(_ hostile: Case) async throws {
        let world = try await Self.world(format: "csv", name: "library.csv", library: Data(ReliabilityWorld.library(3).utf8))
        try await Self.expectRejected(world, "config.json", hostile, exitCode: .config, keepsHealth: true)
    }
}
