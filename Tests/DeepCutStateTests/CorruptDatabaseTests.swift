import CSQLite
import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutSQLite
@testable import DeepCutState

/// A damaged state database is reported with exit 74 and left exactly as found, never repaired.
@Suite struct CorruptDatabaseTests {
    @Test(arguments: [
        Data("this is a text file, not a database\n".utf8),
        Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
    ])
    func garbageFileIsNotADatabaseAndIsLeftUnchanged(garbage: Data) async throws {
        try await withScratchFolder { folder in
            let url = folder.appendingPathComponent("state.db")
            try garbage.write(to: url)

            let error = await #expect(throws: DatabaseError.self) { try await StateStore(url: url) }

            #expect(error?.primaryResultCode == SQLITE_NOTADB)
            #expect(error?.exitCode == .ioError)
            #expect(error?.message == "\(url.path): not a SQLite database (file is not a database)")
            #expect(try Data(contentsOf: url) == garbage)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["state.db"])
        }
    }

    @Test func garbageFileIsRefusedReadOnlyToo() throws {
        try ScratchFolder.with { folder in
            let url = folder.appendingPathComponent("library.db")
            let garbage = Data(repeating: 0x5A, count: 4096)
            try garbage.write(to: url)

            let error = #expect(throws: DatabaseError.self) { try Database(path: url.path, access: .readOnly) }

            #expect(error?.primaryResultCode == SQLITE_NOTADB)
            #expect(try Data(contentsOf: url) == garbage)
        }
    }

    @Test func soundDatabasePassesIntegrityCheck() async throws {
        try await withScratchFolder { folder in
            try await StateStore(url: folder.appendingPathComponent("state.db")).perform { store throws in
                try store.dismissals.importRows(Self.sampleDismissals)
                #expect(try store.integrityCheck() == ["ok"])
            }
        }
    }

    @Test func damagedTablePageIsReportedAndLeftUnchanged() async throws {
        try await withScratchFolder { folder in
            let url = folder.appendingPathComponent("state.db")
            try await Self.makeStore(at: url)
            let damaged = try Self.damageDismissalsLeafPage(Data(contentsOf: url))
            try damaged.write(to: url)

            try await Self.expectCorruptionReported(at: url)

            #expect(try Data(contentsOf: url) == damaged)
        }
    }

    // MARK: Helpers

    static let sampleDismissals = (0..<400).map { index in
        Dismissal(
            releaseID: "\(100_000 + index)", albumKey: AlbumKey(title: "Album \(index)", artist: "Artist \(index % 7)"),
            dismissedAt: 1_795_000_000 + Double(index), title: "Album \(index)", artistName: "Artist \(index % 7)",
            artworkURL: "https://example.com/art/\(index).jpg", recordingType: .album,
            releaseDate: ReleaseDate(year: 2020, month: 1, day: 1 + index % 28))
    }

    /// Creates and closes a store, so its WAL is checkpointed into the main file.
    private static func makeStore(at url: URL) async throws {
        try await StateStore(url: url).perform { store throws in
            try store.dismissals.importRows(sampleDismissals)
        }
    }

    /// Points the first cell of a dismissals table leaf page past the page's end, the kind of
    /// damage a torn write leaves: the schema still opens, reading the table does not.
    private static func damageDismissalsLeafPage(_ file: Data) throws -> Data {
        let pageSize = 4096
        let tableLeafPageType: UInt8 = 0x0D
        var bytes = [UInt8](file)
        let page = try #require(
            stride(from: pageSize, to: bytes.count, by: pageSize).first { start in
                // Titles are capitalised, keys are not: this text only appears in table pages.
                bytes[start] == tableLeafPageType
                    && Data(bytes[start..<start + pageSize]).range(of: Data("Album 200".utf8)) != nil
            })
        bytes[page + 8] = 0xFF
        bytes[page + 9] = 0xFF
        return Data(bytes)
    }

    /// Opens the damaged file: the store refuses it at once, before any migration or write could
    /// touch it, with a one-line corrupt-database error (exit 74) naming the file.
    private static func expectCorruptionReported(at url: URL) async throws {
        let error = await #expect(throws: DatabaseError.self) { try await StateStore(url: url) }
        #expect(error?.exitCode == .ioError)
        #expect(error?.primaryResultCode == SQLITE_CORRUPT)
        #expect(error?.message.hasPrefix("\(url.path): database is corrupt (") == true, "\(error?.message ?? "")")
        #expect(error?.message.contains("\n") == false)
    }
}
