import CSQLite
import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutSQLite
@testable import DeepCutState

@Suite struct DismissalKeyMigrationTests {
    /// A version-2 database written by an older tool: one NFD key, one NFC duplicate of it with
    /// display data, one legacy row with stray case. Migrating loses no dismissal.
    @Test func storedKeysMigrateToNormalisedFormWithoutLosingADismissal() async throws {
        try await withScratchFolder { folder in
            let url = folder.appendingPathComponent("state.db")
            let database = try Database(path: url.path)
            try Migrator(Array(StateStore.migrator.migrations.prefix(2))).migrate(database)
            try database.withConnection { connection in
                let insert = "INSERT INTO dismissals (album_key, release_id, dismissed_at, title, artist_name) VALUES (?, ?, ?, ?, ?)"
                _ = try connection.execute(insert, ["cafe\u{301}\u{1F}beyonce\u{301}", "1", 100.0, nil as String?, nil as String?])
                _ = try connection.execute(insert, ["caf\u{E9}\u{1F}beyonc\u{E9}", "1", 50.0, "Café", "Beyoncé"])
                _ = try connection.execute(insert, [" Fragments \u{1F}BONOBO", "2", 10.0, nil as String?, nil as String?])
            }
            try await StateStore(url: url).perform { store throws in
                let rows = try store.dismissals.all()
                #expect(rows.count == 2)
                let cafe = try #require(try store.dismissals.find(key: AlbumKey(title: "Café", artist: "Beyoncé")))
                #expect(cafe.title == "Café")
                #expect(try store.dismissals.delete(key: AlbumKey(title: "fragments", artist: "bonobo")))
            }
        }
    }
}
