import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutSQLite
@testable import DeepCutState

/// Secondary types survive the catalog memory: stale entries and reused answers are filtered and
/// labelled as the catalog said when it last answered.
@Suite struct CatalogMemorySecondaryTypeTests {
    let t0 = Date(timeIntervalSince1970: 1_790_000_000)

    static let releases = [
        Release(id: "1", title: "A La Sala", artist: "Khruangbin", type: .album, releaseDate: ReleaseDate(iso: "2024-04-05")),
        Release(
            id: "2", title: "Live at Rome", artist: "Khruangbin", type: .album, releaseDate: ReleaseDate(iso: "2024-05-01"),
            secondaryTypes: [.live]),
        Release(
            id: "3", title: "Summer Heat", artist: "Various Artists", type: .compilation, releaseDate: ReleaseDate(iso: "2024-06-01"),
            secondaryTypes: [.soundtrack, .appearance])
    ]

    func remembered(_ memory: CatalogMemory) throws -> [Release] {
        let answer = try #require(try memory.lastAnswers(provider: "itunes", artists: ["Khruangbin"])["Khruangbin"])
        guard case .fetched(let releases) = answer.result.outcome else {
            Issue.record("expected releases, got \(answer.result.outcome)")
            return []
        }
        return releases.sorted { $0.id < $1.id }
    }

    @Test func rememberedReleasesKeepTheirSecondaryTypes() async throws {
        try await withScratchFolder { folder in
            try await StateStore(url: folder.appendingPathComponent("state.db")).perform { store throws in
                let memory = store.memory
                try memory.remember(
                    [ArtistResult(artist: "Khruangbin", catalogID: "7", outcome: .fetched(Self.releases))], provider: "itunes", at: t0)
                #expect(try remembered(memory) == Self.releases)
                // A later answer that no longer calls it live is the catalog's word now.
                var relabelled = Self.releases
                relabelled[1].secondaryTypes = []
                try memory.remember(
                    [ArtistResult(artist: "Khruangbin", catalogID: "7", outcome: .fetched(relabelled))], provider: "itunes",
                    at: t0.addingTimeInterval(3_600))
                #expect(try remembered(memory).map(\.secondaryTypes) == [[], [], [.soundtrack, .appearance]])
            }
        }
    }

    /// A database from before migration 13 keeps its releases, which know no secondary types yet.
    @Test func version12MemoryIsMigratedKeepingItsReleases() async throws {
        try await withScratchFolder { folder in
            let url = folder.appendingPathComponent("state.db")
            let old = try Database(path: url.path)
            try Migrator(Array(StateStore.migrator.migrations.prefix(12))).migrate(old)
            try old.withConnection { connection in
                try connection.execute(
                    """
                    INSERT INTO catalog_artists (provider, artist, catalog_id, outcome, first_checked_at, checked_at)
                    VALUES ('itunes', 'khruangbin', '7', 'fetched', 0, 0)
                    """)
                try connection.execute(
                    """
                    INSERT INTO catalog_releases (provider, artist, release_id, album_key, title, credited_artist, type,
                        release_date, explicit, first_seen_at, last_seen_at)
                    VALUES ('itunes', 'khruangbin', '2', 'live at rome\u{1F}khruangbin', 'Live at Rome', 'Khruangbin', 'album',
                        '2024-05-01', 0, 0, 0)
                    """)
            }
            try await StateStore(url: url).perform { store throws in
                #expect(try store.database.withConnection { try $0.userVersion } == StateStore.migrator.latestVersion)
                #expect(try remembered(store.memory).map(\.secondaryTypes) == [[]])
                #expect(try remembered(store.memory).map(\.title) == ["Live at Rome"])
            }
        }
    }

    @Test func anUnknownStoredTypeFailsTheReadInsteadOfVanishing() async throws {
        try await withScratchFolder { folder in
            try await StateStore(url: folder.appendingPathComponent("state.db")).perform { store throws in
                try store.memory.remember(
                    [ArtistResult(artist: "Khruangbin", catalogID: "7", outcome: .fetched(Self.releases))], provider: "itunes", at: t0)
                try store.database.withConnection { try $0.execute("UPDATE catalog_releases SET secondary_types = 'live,bootleg'") }
                #expect(throws: (any Error).self) { try store.memory.lastAnswers(provider: "itunes", artists: ["Khruangbin"]) }
            }
        }
    }
}
