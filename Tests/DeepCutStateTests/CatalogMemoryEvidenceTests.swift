import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutSQLite
@testable import DeepCutState

/// Issue 32: barcodes and links survive the catalog memory, so reused answers and stale entries
/// merge across sources as the catalog's own answer did.
@Suite struct CatalogMemoryEvidenceTests {
    let t0 = Date(timeIntervalSince1970: 1_790_000_000)

    static let releases = [
        Release(
            id: "g1", title: "Dawn", artist: "Hikari", type: .album, releaseDate: ReleaseDate(iso: "2026-05-02"),
            url: "https://musicbrainz.org/release-group/g1", barcode: "0602445123452",
            links: [ReleaseLink(.apple, "2100000011"), ReleaseLink(.apple, "2100000099")]),
        Release(id: "g2", title: "Early Bird", artist: "Hikari", type: .single, releaseDate: ReleaseDate(iso: "2026-05-27"))
    ]

    func remembered(_ memory: CatalogMemory, links: CatalogMemory.LinkReading = .included) throws -> [Release] {
        let answer = try #require(try memory.lastAnswers(provider: "musicbrainz", artists: ["Hikari"], links: links)["Hikari"])
        guard case .fetched(let releases) = answer.result.outcome else {
            Issue.record("expected releases, got \(answer.result.outcome)")
            return []
        }
        return releases.sorted { $0.id < $1.id }
    }

    @Test func barcodesAndLinksAreReadBackWithOrWithoutTheDisplayLinks() async throws {
        try await withScratchFolder { folder in
            try await StateStore(url: folder.appendingPathComponent("state.db")).perform { store throws in
                let memory = store.memory
                try memory.remember(
                    [ArtistResult(artist: "Hikari", catalogID: "mb-1", outcome: .fetched(Self.releases))], provider: "musicbrainz", at: t0)
                #expect(try remembered(memory) == Self.releases)
                let lean = try remembered(memory, links: .omitted)
                #expect(lean.map(\.url) == [nil, nil])
                #expect(lean.map(\.barcode) == ["0602445123452", nil])
                #expect(lean.map(\.links) == [Self.releases[0].links, []])
                let reused = try memory.results(
                    provider: "musicbrainz", artists: ["Hikari"], checkedSince: t0, links: .omitted)["Hikari"]
                guard case .fetched(let releases)? = reused?.outcome else { throw MissingAnswer() }
                #expect(releases.first { $0.id == "g1" }?.barcode == "0602445123452")

                // The catalog's later word replaces the evidence, barcode and links alike.
                var changed = Self.releases
                changed[0].barcode = nil
                changed[0].links = [ReleaseLink(.musicbrainzRelease, "r-1")]
                try memory.remember(
                    [ArtistResult(artist: "Hikari", catalogID: "mb-1", outcome: .fetched(changed))], provider: "musicbrainz",
                    at: t0.addingTimeInterval(3_600))
                #expect(try remembered(memory) == changed)
            }
        }
    }

    /// `feed.excludeGenres`/`excludeLabels` and classical matching read these: a remembered release
    /// that forgot them would pass the filter on a warm or repair run and re-enter the feed.
    @Test func genresAndLabelAreReadBackAsTheCatalogGaveThem() async throws {
        var tagged = Self.releases
        tagged[0].genre = "Classical"
        tagged[0].genres = ["Classical", "Music", "Opera"]
        tagged[0].label = "Deutsche Grammophon"
        tagged[1].genre = "J-Pop"
        let given = tagged
        try await withScratchFolder { folder in
            try await StateStore(url: folder.appendingPathComponent("state.db")).perform { store throws in
                try store.memory.remember(
                    [ArtistResult(artist: "Hikari", catalogID: "mb-1", outcome: .fetched(given))], provider: "itunes", at: t0)
                let answer = try #require(try store.memory.lastAnswers(provider: "itunes", artists: ["Hikari"], links: .omitted)["Hikari"])
                guard case .fetched(let releases) = answer.result.outcome else { throw MissingAnswer() }
                let read = releases.sorted { $0.id < $1.id }
                #expect(read.map(\.genre) == ["Classical", "J-Pop"])
                #expect(read.map(\.genres) == [["Classical", "Music", "Opera"], nil])
                #expect(read.map(\.label) == ["Deutsche Grammophon", nil])
            }
        }
        #expect(StoredGenres.genres(StoredGenres.text(["A", "", "B C"])) == ["A", "", "B C"])
        #expect(StoredGenres.text(nil) == nil)
    }

    @Test func storedLinksOfAnUnknownNamespaceAreSkippedNotFatal() {
        #expect(
            StoredReleaseLinks.links("apple:1,spotify:abc,musicbrainz-release-group:g-1,broken,apple:")
                == [ReleaseLink(.apple, "1"), ReleaseLink(.musicbrainzReleaseGroup, "g-1")])
        #expect(StoredReleaseLinks.links("").isEmpty)
        let links = [ReleaseLink(.apple, "1441458047"), ReleaseLink(.musicbrainzRelease, "r")]
        #expect(StoredReleaseLinks.links(StoredReleaseLinks.text(links)) == links)
    }

    /// A database from before migration 17 keeps its releases, which know no evidence yet.
    @Test func version16MemoryIsMigratedKeepingItsReleases() async throws {
        try await withScratchFolder { folder in
            let url = folder.appendingPathComponent("state.db")
            let old = try Database(path: url.path)
            try Migrator(Array(StateStore.migrator.migrations.prefix(16))).migrate(old)
            try old.withConnection { connection in
                try connection.execute(
                    """
                    INSERT INTO catalog_artists (provider, artist, catalog_id, outcome, first_checked_at, checked_at)
                    VALUES ('musicbrainz', 'hikari', 'mb-1', 'fetched', 0, 0)
                    """)
                try connection.execute(
                    """
                    INSERT INTO catalog_releases (provider, artist, release_id, album_key, title, credited_artist, type,
                        release_date, explicit, first_seen_at, last_seen_at)
                    VALUES ('musicbrainz', 'hikari', 'g1', 'dawn\u{1F}hikari', 'Dawn', 'Hikari', 'album', '2026-05-02', 0, 0, 0)
                    """)
            }
            try await StateStore(url: url).perform { store throws in
                #expect(try store.database.withConnection { try $0.userVersion } == StateStore.migrator.latestVersion)
                let releases = try remembered(store.memory)
                #expect(releases.map(\.title) == ["Dawn"])
                #expect(releases.map(\.barcode) == [nil])
                #expect(releases.map(\.links) == [[]])
            }
        }
    }

    struct MissingAnswer: Error {}
}
