import DeepCutCore
import DeepCutSQLite
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutState

/// Answers staged while the sweep runs become memory only through `remember`, exactly as if they had
/// been written row by row then; what the run did not believe never does.
@Suite struct CatalogMemoryStagingTests {
    let t0 = Date(timeIntervalSince1970: 1_790_000_000)

    func release(_ id: String, artist: String = "Bonobo", title: String? = nil) -> Release {
        Release(
            id: id, title: title ?? "Title \(id)", artist: artist, type: .album, releaseDate: ReleaseDate(iso: "2019-01-01"),
            barcode: "00000000000\(id.count)")
    }

    func fetched(_ releases: [Release], artist: String = "Bonobo") -> ArtistResult {
        ArtistResult(artist: artist, catalogID: "1", outcome: .fetched(releases))
    }

    /// Every remembered row of `provider`, as text, for comparing two databases.
    func rows(_ store: isolated StateStore, provider: String) throws -> [String] {
        try store.database.withConnection { connection in
            try connection.query(
                """
                SELECT artist, release_id, album_key, title, credited_artist, type, release_date, barcode, links,
                    first_seen_at, last_seen_at, withdrawn_at
                FROM catalog_releases WHERE provider = ? ORDER BY artist, release_id
                """, [provider]
            ) { row in
                try (0..<12).map { index in
                    "\(try row.get(index, as: DatabaseValue.self))"
                }.joined(separator: "|")
            }
        }
    }

    /// The release ids remembered for `provider`.
    func ids(_ store: isolated StateStore, provider: String) throws -> [String] {
        try store.database.withConnection { connection in
            try connection.query("SELECT release_id FROM catalog_releases WHERE provider = ? ORDER BY release_id", [provider]) {
                try $0.get(0, as: String.self)
            }
        }
    }

    @Test func stagedAnswersRememberWhatRowByRowWritingDid() async throws {
        let first = [
            fetched([release("a"), release("b"), release("a", title: "Duplicate id: the first listing wins")]),
            fetched([release("x", artist: "Khruangbin")], artist: "Khruangbin")
        ]
        let second = [
            fetched([release("a"), release("c")]),
            ArtistResult(artist: "Khruangbin", outcome: .notFound)
        ]
        let later = t0.addingTimeInterval(86_400)
        let (plain, plainUpdates) = try await withStore { store in
            let one = try store.memory.remember(first, provider: "itunes", at: t0)
            let two = try store.memory.remember(second, provider: "itunes", at: later)
            return (try rows(store, provider: "itunes"), [one.discovered, two.discovered])
        }
        let (staged, stagedUpdates, withdrawn) = try await withStore { store in
            let firstStage = try store.memory.stage(first.map { ($0.artist, $0.outcome.releases) }, provider: "itunes")
            let one = try store.memory.remember(first, provider: "itunes", at: t0, staged: firstStage)
            let secondStage = try store.memory.stage([("Bonobo", [release("a"), release("c")])], provider: "itunes")
            let two = try store.memory.remember(second, provider: "itunes", at: later, staged: secondStage)
            return (try rows(store, provider: "itunes"), [one.discovered, two.discovered], two.withdrawn.map(\.id))
        }
        #expect(staged == plain)
        #expect(stagedUpdates == plainUpdates)
        #expect(stagedUpdates[1] == ["c": later])
        // "b" left Bonobo's listing; Khruangbin is no longer in the catalog at all.
        #expect(withdrawn.sorted() == ["b", "x"])
    }

    @Test func twoSpellingsOfOneArtistAreBothItsListing() async throws {
        try await withStore { store in
            let answers = [fetched([release("a"), release("b")]), fetched([release("c")], artist: "BONOBO")]
            try store.memory.remember(answers, provider: "itunes", at: t0)
            let again = try store.memory.remember(answers, provider: "itunes", at: t0.addingTimeInterval(3_600))
            #expect(again.withdrawn.isEmpty)
            #expect(try ids(store, provider: "itunes") == ["a", "b", "c"])
        }
    }

    @Test func anAnswerThatChangedAfterStagingIsRememberedAsBelieved() async throws {
        try await withStore { store in
            // Staged from the first pass, then re-asked: the believed answer is the one remembered.
            let staged = try store.memory.stage([("Bonobo", [release("a"), release("b")])], provider: "itunes")
            try store.memory.remember([fetched([release("a"), release("z")])], provider: "itunes", at: t0, staged: staged)
            #expect(try ids(store, provider: "itunes") == ["a", "z"])
        }
    }

    @Test func stagedAnswersTheRunDidNotBelieveNeverBecomeMemory() async throws {
        try await withStore { store in
            let staged = try store.memory.stage(
                [("Bonobo", [release("a")]), ("Khruangbin", [release("x", artist: "Khruangbin")])], provider: "itunes")
            // Khruangbin's answer was not believed (failed after all): only Bonobo is remembered.
            let failed = ArtistResult(artist: "Khruangbin", outcome: .failed(FetchFailure(kind: .timeout, attempts: 3, message: "slow")))
            try store.memory.remember([fetched([release("a")]), failed], provider: "itunes", at: t0, staged: staged)
            #expect(try ids(store, provider: "itunes") == ["a"])
            #expect(try store.memory.lastAnswers(provider: "itunes", artists: ["Khruangbin"]).isEmpty)
        }
    }

    @Test func aDiscardedStageOrOneLeftByAnEarlierRunIsNotMemory() async throws {
        try await withStore { store in
            // A faulty run discards its stage; a run that ended early leaves one nobody remembers.
            _ = try store.memory.stage([("Bonobo", [release("a")])], provider: "itunes")
            try store.memory.discardStaged(provider: "itunes")
            _ = try store.memory.stage([("Khruangbin", [release("x", artist: "Khruangbin")])], provider: "itunes")
            // Another source's stage is its own.
            let other = try store.memory.stage([("Bonobo", [release("jp")])], provider: "itunes:jp")
            try store.memory.remember([fetched([release("b")])], provider: "itunes", at: t0)
            #expect(try ids(store, provider: "itunes") == ["b"])
            try store.memory.remember([fetched([release("jp")])], provider: "itunes:jp", at: t0, staged: other)
            #expect(try ids(store, provider: "itunes:jp") == ["jp"])
        }
    }
}
