import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutSQLite

/// `AttachedTables`: a household profile's connection names the shared catalog tables in the
/// household's database, and nothing else.
@Suite struct AttachedTablesTests {
    let tables = AttachedTables(schema: "catalog", tables: ["catalog_releases", "track_lists"])

    @Test func unqualifiedMentionsAreQualifiedAndNothingElse() {
        #expect(
            tables.qualify("SELECT r.title FROM catalog_releases r JOIN dismissals d ON catalog_releases.id = d.id")
                == "SELECT r.title FROM catalog.catalog_releases r JOIN dismissals d ON catalog.catalog_releases.id = d.id")
        #expect(
            tables.qualify("INSERT INTO track_lists(id) VALUES ('track_lists')")
                == "INSERT INTO catalog.track_lists(id) VALUES ('track_lists')")
        #expect(tables.qualify("SELECT * FROM main.catalog_releases") == "SELECT * FROM main.catalog_releases")
        #expect(
            tables.qualify("SELECT * FROM catalog_releases_old, \"track_lists\"") == "SELECT * FROM catalog_releases_old, \"track_lists\"")
        #expect(tables.qualify("SELECT 'it''s', x FROM Track_Lists") == "SELECT 'it''s', x FROM catalog.Track_Lists")
    }

    @Test func anAttachedConnectionReadsAndWritesTheSharedTablesInTheOtherFile() throws {
        let folder = ScratchFolder()
        let household = try Database(path: folder.url.appendingPathComponent("household.db").path)
        let profile = try Database(path: folder.url.appendingPathComponent("profile.db").path)
        for database in [household, profile] {
            try database.withConnection { try $0.executeScript("CREATE TABLE track_lists(id TEXT); CREATE TABLE dismissals(id TEXT);") }
        }
        try household.withConnection { _ = try $0.execute("INSERT INTO track_lists VALUES ('shared')") }
        try profile.withConnection { connection in
            try connection.attach(household.path, tables)
            _ = try connection.execute("INSERT INTO dismissals VALUES ('mine')")
            _ = try connection.execute("INSERT INTO track_lists VALUES ('learned by a profile')")
            #expect(
                try connection.query("SELECT id FROM track_lists ORDER BY id") { try $0.get(0, as: String.self) } == [
                    "learned by a profile", "shared"
                ])
        }
        #expect(try household.withConnection { try $0.query("SELECT count(*) FROM dismissals") { try $0.get(0, as: Int.self) } } == [0])
        #expect(try household.withConnection { try $0.query("SELECT count(*) FROM track_lists") { try $0.get(0, as: Int.self) } } == [2])
    }
}
