import CSQLite
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutSQLite
@testable import DeepCutState

@Suite struct MigratorTests {
    /// Each step logs itself, so a step applied twice shows up as a duplicate row.
    private static let loggingMigrator = Migrator([
        Migration(version: 1, sql: "CREATE TABLE log (version INTEGER); INSERT INTO log VALUES (1);"),
        Migration(version: 2) { connection in try connection.execute("INSERT INTO log VALUES (?)", [2]) }
    ])

    @Test func freshDatabaseGetsEveryStepInOrder() throws {
        try ScratchFolder.with { folder in
            let database = try Database(path: folder.appendingPathComponent("t.db").path)
            try Self.loggingMigrator.migrate(database)
            #expect(try userVersion(database) == 2)
            #expect(try log(database) == [1, 2])
        }
    }

    @Test func migratingAgainIsANoOp() throws {
        try ScratchFolder.with { folder in
            let path = folder.appendingPathComponent("t.db").path
            try Self.loggingMigrator.migrate(Database(path: path))
            let reopened = try Database(path: path)
            try Self.loggingMigrator.migrate(reopened)
            #expect(try userVersion(reopened) == 2)
            #expect(try log(reopened) == [1, 2])
        }
    }

    @Test func appliesOnlyTheMissingSteps() throws {
        try ScratchFolder.with { folder in
            let database = try Database(path: folder.appendingPathComponent("t.db").path)
            try Migrator(Array(Self.loggingMigrator.migrations.prefix(1))).migrate(database)
            #expect(try log(database) == [1])
            try Self.loggingMigrator.migrate(database)
            #expect(try log(database) == [1, 2])
        }
    }

    @Test func failingStepRollsBackToThePreviousVersion() throws {
        struct Broken: Error {}
        try ScratchFolder.with { folder in
            let database = try Database(path: folder.appendingPathComponent("t.db").path)
            let migrator = Migrator(
                Self.loggingMigrator.migrations + [
                    Migration(version: 3) { connection in
                        try connection.execute("CREATE TABLE half_done (x)")
                        throw Broken()
                    }
                ])
            #expect(throws: Broken.self) { try migrator.migrate(database) }
            #expect(try userVersion(database) == 2)
            let halfDone = try database.withConnection { connection in
                try connection.query("SELECT count(*) FROM sqlite_master WHERE name = 'half_done'") { try $0.get(0, as: Int.self) }
            }
            #expect(halfDone == [0])
        }
    }

    @Test func newerSchemaIsRefusedAndLeftAlone() async throws {
        try await withScratchFolder { folder in
            let url = folder.appendingPathComponent("state.db")
            try Database(path: url.path).withConnection { try $0.setUserVersion(99) }

            let error = await #expect(throws: DatabaseError.self) { try await StateStore(url: url) }

            #expect(error?.exitCode == .ioError)
            #expect(
                error?.message
                    == "\(url.path): schema version 99 is newer than this deepcut understands (\(StateStore.migrator.latestVersion))")
            let database = try Database(path: url.path)
            #expect(try userVersion(database) == 99)
            #expect(
                try database.withConnection { try $0.query("SELECT name FROM sqlite_master") { try $0.get(0, as: String.self) } }.isEmpty)
        }
    }

    @Test func stateStoreCreatesItsFolderAndLatestSchema() async throws {
        try await withScratchFolder { folder in
            let url = folder.appendingPathComponent("var/lib/deepcut/state.db")
            try await StateStore(url: url).perform { store throws in
                #expect(try userVersion(store.database) == StateStore.migrator.latestVersion)
                let tables = try store.database.withConnection { connection in
                    try connection.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name") {
                        try $0.get(0, as: String.self)
                    }
                }
                #expect(
                    Set([
                        "dismissals", "owned_albums", "runs", "catalog_artists", "catalog_releases", "feed_appearances",
                        "artist_resolutions"
                    ])
                    .isSubset(of: tables))
            }
        }
    }

    @Test func stateStoreReportsAnUncreatableFolder() async throws {
        try await withScratchFolder { folder in
            let blocker = folder.appendingPathComponent("file")
            try Data("x".utf8).write(to: blocker)
            let url = blocker.appendingPathComponent("state.db")

            let error = await #expect(throws: DatabaseError.self) { try await StateStore(url: url) }

            #expect(error?.exitCode == .ioError)
            #expect(error?.message == "\(url.path): cannot create folder \(blocker.path) (File exists)")
        }
    }

    // MARK: Helpers

    private func userVersion(_ database: Database) throws -> Int {
        try database.withConnection { try $0.userVersion }
    }

    private func log(_ database: Database) throws -> [Int] {
        try database.withConnection { try $0.query("SELECT version FROM log ORDER BY rowid") { try $0.get(0, as: Int.self) } }
    }
}
