import DeepCutCore
import Foundation
import Testing

@testable import DeepCut
@testable import DeepCutCatalog

/// A damaged state database stops `deepcut` with exit 74 and one clear line, and is left exactly as
/// found: never written to, never "repaired". `check-config` finds the damage too.
@Suite struct CorruptStateTests {
    /// A world whose state database holds a real run's history, catalog memory and 300 dismissals.
    static func worldWithState() async throws -> ReliabilityWorld {
        let world = try ReliabilityWorld(artists: ReliabilityWorld.artists(4, releases: 20), library: ReliabilityWorld.library(4))
        let rows = (0..<300).map { index in
            #"{"releaseID": "\#(index)", "albumKey": "album \#(index)\u001fartist \#(index % 9)", "dismissedAt": "2026-01-02T03:04:05Z", "title": "Album \#(index)"}"#
        }
        let file = try world.folder.write("dismissals.json", "[" + rows.joined(separator: ",\n") + "]")
        #expect(await world.run("dismissals", "import", file.path).exitCode == .success)
        #expect(await world.run("sweep").exitCode == .success)
        return world
    }

    /// Every file in the state folder (database, lock), byte for byte; no WAL or journal may appear.
    static func stateFiles(_ world: ReliabilityWorld) throws -> [String: Data] {
        try world.files(under: world.stateDatabase.deletingLastPathComponent())
    }

    /// Runs `deepcut <command>` on the damaged database and checks the contract.
    static func expectRefused(_ world: ReliabilityWorld, _ words: String..., sourceLocation: SourceLocation = #_sourceLocation) async throws
    {
        let before = try stateFiles(world)
        let console = CapturedConsole()
        let code = await DeepCutCLI.run(words + ["--config", world.configPath], environment: [:], console: console.console, httpClient: nil)
        #expect(code == .ioError, "\(words) exited \(code): \(console.err)", sourceLocation: sourceLocation)
        #expect(console.err.split(separator: "\n").count == 1, "\(console.err)", sourceLocation: sourceLocation)
        #expect(console.err.hasPrefix(world.stateDatabase.path + ": "), "\(console.err)", sourceLocation: sourceLocation)
        let after = try stateFiles(world)
        #expect(Set(after.keys) == Set(before.keys), "files appeared or vanished beside the database", sourceLocation: sourceLocation)
        #expect(
            after[world.stateDatabase.lastPathComponent] == before[world.stateDatabase.lastPathComponent],
            "the damaged database was written to", sourceLocation: sourceLocation)
    }

    // MARK: Damage

    @Test func garbageInPlaceOfTheDatabase() async throws {
        let world = try await Self.worldWithState()
        try Data((0..<65_536).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 17) }).write(to: world.stateDatabase)
        try await Self.expectRefused(world, "sweep")
        try await Self.expectRefused(world, "check-config")
        try await Self.expectRefused(world, "dismiss", "--title", "A", "--artist", "B")
    }

    @Test func truncatedDatabase() async throws {
        let world = try await Self.worldWithState()
        let bytes = try Data(contentsOf: world.stateDatabase)
        try bytes.prefix(bytes.count / 2).write(to: world.stateDatabase)
        try await Self.expectRefused(world, "sweep")
        try await Self.expectRefused(world, "check-config")
    }

    /// The damage a torn write leaves deep inside: the header and schema still read, one table page does not.
    @Test(arguments: [("dismissals", "Album 200"), ("catalog_releases", "Record 3 7"), ("catalog_artists", "500004")])
    func damagedTablePage(table: String, marker: String) async throws {
        let world = try await Self.worldWithState()
        let damaged = try Self.damagingLeafPage(containing: marker, of: Data(contentsOf: world.stateDatabase))
        try damaged.write(to: world.stateDatabase)
        try await Self.expectRefused(world, "sweep")
        try await Self.expectRefused(world, "check-config")
        #expect(try Data(contentsOf: world.stateDatabase) == damaged)
    }

    /// Points the first cell of the table leaf page holding `marker` past the page's end.
    static func damagingLeafPage(containing marker: String, of file: Data) throws -> Data {
        let pageSize = Int(file[16]) << 8 | Int(file[17])
        let tableLeafPageType: UInt8 = 0x0D
        var bytes = [UInt8](file)
        let page = try #require(
            stride(from: pageSize, to: bytes.count, by: pageSize).first { start in
                bytes[start] == tableLeafPageType && Data(bytes[start..<start + pageSize]).range(of: Data(marker.utf8)) != nil
            }, "no table page holds \(marker)")
        bytes[page + 8] = 0xFF
        bytes[page + 9] = 0xFF
        return Data(bytes)
    }
}
