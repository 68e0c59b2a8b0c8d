import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutConfig
@testable import DeepCutHTTP
@testable import DeepCutLibrary
@testable import DeepCutSQLite

@Suite struct BeetsLibraryReaderTests {
    private let scratch = ScratchFolder()

    private static let bonoboID = "9a709693-b4f8-4da9-8cc1-038c911a61be"
    private static let khruangbinID = "2f1e8d3b-0b5e-4d7a-9b1b-5f1c7a2b3c4d"
    private static let migrationGroupID = "0a5c1f8e-2d3b-4c6a-8e9f-1b2c3d4e5f60"
    private static let variousArtistsID = "89ad4ac3-39f7-470e-963a-56509c546377"

    private var path: URL { scratch.url.appendingPathComponent("library.db") }

    private func read() throws -> LibraryReadResult {
        try BeetsLibraryReader().read(LibrarySource(format: .beets, path: path))
    }

    // MARK: - Today's schema

    @Test func readsAlbumsAndKeepsMusicBrainzIDs() throws {
        guard let schema = try BeetsTestDatabase.currentSchema() else { return }
        try BeetsTestDatabase.create(
            at: path, schema: schema,
            albums: [
                .init(
                    album: "Migration", albumartist: "Bonobo", mbAlbumArtistID: Self.bonoboID, mbAlbumArtistIDs: Self.bonoboID,
                    mbReleaseGroupID: Self.migrationGroupID),
                .init(album: "Fragments", albumartist: "bonobo ", mbAlbumArtistID: Self.bonoboID),
                .init(album: "Mordechai", albumartist: "Khruangbin", mbAlbumArtistID: Self.khruangbinID, mbReleaseGroupID: ""),
                .init(album: "Now 100", albumartist: "Various Artists", comp: true, mbAlbumArtistID: Self.variousArtistsID)
            ])
        let result = try read()
        #expect(
            result.albums == [
                LibraryAlbum(title: "Migration", artist: "Bonobo", source: "beets:library.db"),
                LibraryAlbum(title: "Fragments", artist: "bonobo", source: "beets:library.db"),
                LibraryAlbum(title: "Mordechai", artist: "Khruangbin", source: "beets:library.db"),
                LibraryAlbum(title: "Now 100", artist: "Various Artists", source: "beets:library.db")
            ])
        #expect(result.warnings.isEmpty)
        #expect(result.musicBrainzArtistIDs == ["bonobo": Self.bonoboID, "khruangbin": Self.khruangbinID])
        #expect(result.musicBrainzReleaseGroupIDs == [AlbumKey(title: "Migration", artist: "Bonobo"): Self.migrationGroupID])
    }

    @Test func collaborationsKeepNoArtistID() throws {
        guard let schema = try BeetsTestDatabase.currentSchema() else { return }
        let other = "5b11f4ce-a62d-471e-81fc-a69a8278c7da"
        try BeetsTestDatabase.create(
            at: path, schema: schema,
            albums: [
                .init(
                    album: "Texas Sun", albumartist: "Khruangbin & Leon Bridges", mbAlbumArtistID: Self.khruangbinID,
                    mbAlbumArtistIDs: Self.khruangbinID + BeetsDatabase.multiValueSeparator + other)
            ])
        let result = try read()
        #expect(result.albums.map(\.artist) == ["Khruangbin & Leon Bridges"])
        #expect(result.musicBrainzArtistIDs.isEmpty)
    }

    @Test func blankAlbumArtistFallsBackToCompilationThenTheTracksSoleArtist() throws {
        guard let schema = try BeetsTestDatabase.currentSchema() else { return }
        try BeetsTestDatabase.create(
            at: path, schema: schema,
            albums: [
                .init(album: "Chill Out 4", albumartist: "", comp: true),
                .init(album: "Takk...", albumartist: nil),
                .init(album: "Split EP", albumartist: "  "),
                .init(album: nil, albumartist: "Queen")
            ], items: [(2, "Sigur Rós"), (2, "sigur  rós"), (3, "Band A"), (3, "Band B")])
        let result = try read()
        #expect(result.albums.map { [$0.title, $0.artist] } == [["Chill Out 4", "Various Artists"], ["Takk...", "Sigur Rós"]])
        #expect(result.warnings.map(\.description) == ["library.db: album 3: missing artist", "library.db: album 4: missing title"])
    }

    // MARK: - Other beets versions

    @Test func earlySchemaWithoutNewerColumnsStillReads() throws {
        try BeetsTestDatabase.create(
            at: path, schema: BeetsTestDatabase.earlySchema,
            albums: [
                .init(album: "Innuendo", albumartist: "Queen", mbAlbumArtistID: "0383dadf-2a4e-4d10-a46a-e9e041da8eb3"),
                .init(album: "Various Hits", albumartist: nil, comp: true)
            ])
        let result = try read()
        #expect(result.albums.map { [$0.title, $0.artist] } == [["Innuendo", "Queen"], ["Various Hits", "Various Artists"]])
        #expect(result.musicBrainzArtistIDs == ["queen": "0383dadf-2a4e-4d10-a46a-e9e041da8eb3"])
        #expect(result.musicBrainzReleaseGroupIDs.isEmpty)
    }

    @Test func textStoredAsBlobByOldBeetsIsRead() throws {
        try BeetsTestDatabase.create(at: path, schema: BeetsTestDatabase.earlySchema, albums: [])
        let database = try Database(path: path.path, access: .readWrite)
        try database.withConnection { connection in
            try connection.execute("INSERT INTO albums (album, albumartist) VALUES (?, ?)", [Data("Ágætis byrjun".utf8), "Sigur Rós"])
            _ = try connection.query("PRAGMA journal_mode=DELETE") { _ in () }
        }
        #expect(try read().albums.map(\.title) == ["Ágætis byrjun"])
    }

    // MARK: - Read-only

    @Test func theLibraryFileIsNeverChanged() throws {
        guard let schema = try BeetsTestDatabase.currentSchema() else { return }
        try BeetsTestDatabase.create(at: path, schema: schema, albums: [.init(album: "Migration", albumartist: "Bonobo")])
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path.path)
        let before = try Data(contentsOf: path)
        #expect(try read().albums.count == 1)
        #expect(try Data(contentsOf: path) == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path)
        #expect(leftovers == ["library.db"])
    }

    // MARK: - Not a beets library

    @Test func sqliteFileWithoutAlbumsTableIsNotABeetsLibrary() throws {
        let database = try Database(path: path.path, access: .readWrite)
        try database.withConnection { try $0.executeScript("CREATE TABLE dismissals (key TEXT PRIMARY KEY);") }
        #expect(throws: LibraryError(message: "library.db: not a beets library (no albums table)")) { try read() }
    }

    @Test func albumsTableWithoutAlbumArtistIsNotABeetsLibrary() throws {
        let database = try Database(path: path.path, access: .readWrite)
        try database.withConnection { try $0.executeScript("CREATE TABLE albums (id INTEGER PRIMARY KEY, album TEXT);") }
        #expect(throws: LibraryError(message: "library.db: not a beets library (albums table has no 'albumartist' column)")) {
            try read()
        }
    }

    @Test func fileThatIsNotSQLiteIsNamed() throws {
        try scratch.write("library.db", "title,artist\nMigration,Bonobo\n")
        #expect(throws: LibraryError(message: "library.db: not a beets library (not a SQLite database)")) { try read() }
    }

    @Test func emptyFileIsNotABeetsLibrary() throws {
        try scratch.write("library.db", Data())
        #expect(throws: LibraryError(message: "library.db: not a beets library (not a SQLite database)")) { try read() }
    }

    @Test func missingFileNamesThePath() {
        #expect(throws: LibraryError(message: "\(path.path): cannot read library: No such file or directory")) { try read() }
    }
}
