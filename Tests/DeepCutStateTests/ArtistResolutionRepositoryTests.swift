import CSQLite
import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutSQLite
@testable import DeepCutState

@Suite struct ArtistResolutionRepositoryTests {
    static let resolvedAt = Date(timeIntervalSince1970: 1_800_000_000.25)

    func record(_ key: String, _ artist: CatalogArtist?, _ method: ResolutionMethod) -> ArtistResolutionRecord {
        ArtistResolutionRecord(artistKey: key, artist: artist, method: method, resolvedAt: Self.resolvedAt)
    }

    @Test func savedResolutionsReadBackPerProvider() async throws {
        try await withScratchFolder { folder in
            try await StateStore(url: folder.appendingPathComponent("state.db")).perform { store throws in
                let found = record("nirvana", CatalogArtist(id: "112018", name: "Nirvana"), .owned)
                let missing = record("nobody at all", nil, .notFound)
                try store.artistResolutions.save([found, missing], provider: "itunes")
                try store.artistResolutions.save(
                    [record("nirvana", CatalogArtist(id: "mbid-1", name: "Nirvana"), .exact)],
                    provider: "musicbrainz")

                let itunes = try store.artistResolutions.all(provider: "itunes")
                #expect(itunes == ["nirvana": found, "nobody at all": missing])
                #expect(try store.artistResolutions.all(provider: "musicbrainz")["nirvana"]?.artist?.id == "mbid-1")
                #expect(try store.artistResolutions.all(provider: "apple-music").isEmpty)
            }
        }
    }

    @Test func savingAgainReplacesTheRow() async throws {
        try await withScratchFolder { folder in
            try await StateStore(url: folder.appendingPathComponent("state.db")).perform { store throws in
                try store.artistResolutions.save([record("air", nil, .notFound)], provider: "itunes")
                let found = record("air", CatalogArtist(id: "2", name: "AIR"), .exact)
                try store.artistResolutions.save([found], provider: "itunes")
                #expect(try store.artistResolutions.all(provider: "itunes") == ["air": found])
            }
        }
    }

    @Test func keysAreStoredNFCSoEitherSpellingFindsTheRow() async throws {
        try await withScratchFolder { folder in
            try await StateStore(url: folder.appendingPathComponent("state.db")).perform { store throws in
                let decomposed = ArtistName.normalize("Beyonce\u{301}")
                try store.artistResolutions.save([record(decomposed, CatalogArtist(id: "1", name: "Beyoncé"), .exact)], provider: "itunes")
                #expect(try store.artistResolutions.all(provider: "itunes")[ArtistName.normalize("Beyonc\u{E9}")] != nil)
            }
        }
    }

    @Test func aRowThatContradictsItselfIsRefused() async throws {
        try await withScratchFolder { folder in
            try await StateStore(url: folder.appendingPathComponent("state.db")).perform { store throws in
                #expect(throws: DatabaseError.self) {
                    try store.artistResolutions.save([record("x", nil, .exact)], provider: "itunes")
                }
                #expect(throws: DatabaseError.self) {
                    try store.artistResolutions.save([record("y", CatalogArtist(id: "1", name: "Y"), .notFound)], provider: "itunes")
                }
                #expect(try store.artistResolutions.all(provider: "itunes").isEmpty)
            }
        }
    }

    @Test func version2DatabaseIsMigratedKeepingItsRows() async throws {
        try await withScratchFolder { folder in
            let url = folder.appendingPathComponent("state.db")
            let old = try Database(path: url.path)
            try Migrator(Array(StateStore.migrator.migrations.prefix(2))).migrate(old)
            try old.withConnection { connection in
                try connection.execute("INSERT INTO dismissals (album_key, release_id, dismissed_at) VALUES ('a\u{1F}b', '1', 0)")
            }

            try await StateStore(url: url).perform { store throws in
                #expect(try store.database.withConnection { try $0.userVersion } == StateStore.migrator.latestVersion)
                #expect(try store.dismissals.all().count == 1)
                try store.artistResolutions.save([record("b", CatalogArtist(id: "9", name: "B"), .first)], provider: "itunes")
                #expect(try store.artistResolutions.all(provider: "itunes").count == 1)
            }
        }
    }
}
