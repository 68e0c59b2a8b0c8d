import DeepCutCatalog
import DeepCutConfig
import DeepCutCore
import DeepCutState
import Foundation
import Testing

@testable import DeepCutSweep

/// The diff stage of one source among several: what it hands the merge, and the exclusions the
/// run read once for every source.
@Suite struct FeedDiffStageTests {
    static let today = ReleaseDate(iso: "2026-11-29")!.epochDay

    static func release(_ id: String, _ title: String, _ artist: String, date: String = "2026-10-01") -> Release {
        Release(id: id, title: title, artist: artist, type: .album, releaseDate: ReleaseDate(iso: date))
    }

    /// Shown, owned, dismissed, muted and out of the window, in one artist's answer each.
    static func outcome() throws -> CatalogSweep.Outcome {
        let answers: [(String, Release)] = [
            ("Khruangbin", release("1", "A La Sala", "Khruangbin")), ("Bonobo", release("2", "Fragments", "Bonobo")),
            ("Polyphia", release("3", "Ego Death", "Polyphia")), ("Leon Bridges", release("4", "Gold-Diggers", "Leon Bridges")),
            ("Tinariwen", release("5", "Amatssou", "Tinariwen", date: "2020-01-01"))
        ]
        let provider = try CatalogProviderFactory.make(CatalogConfig(), client: FakeITunes.client(), environment: [:])
        let results = answers.map { ArtistResult(artist: $0.0, outcome: .fetched([$0.1])) }
        return CatalogSweep.Outcome(sweep: SweepOutcome(provider: "itunes", results: results), provider: provider)
    }

    static let owned = OwnedAlbums([LibraryAlbum(title: "Fragments", artist: "Bonobo", source: "library.csv")], catalogIDs: [])
    static let exclusions = UserExclusions(
        dismissed: [AlbumKey(title: "Ego Death", artist: "Polyphia")], muted: MutedArtists(["Leon Bridges"]))

    /// With merge evidence, a source's diff keeps the owned and dismissed reasons the merge reads and
    /// the reasons of the ids the change set explains, and no other; the counts stay whole.
    @Test func mergeEvidenceKeepsOnlyTheReasonsTheMergeAndTheChangeSetRead() async throws {
        try await withStateStore { store in
            var sweep = try Self.outcome()
            let diffed = try await FeedDiffStage(feed: FeedConfig(), store: store, now: { Date() }).run(
                &sweep, owned: Self.owned, today: Self.today, explaining: ["4"], keepingMergeEvidence: true,
                exclusions: Self.exclusions)
            #expect(diffed.diff.entries.map(\.id) == ["1"])
            #expect(diffed.diff.reasons == ["2": .owned, "3": .dismissed, "4": .muted])
            #expect(diffed.diff.dropped == [.owned: 1, .dismissed: 1, .muted: 1, .outsideWindow: 1])
            #expect(diffed.mergeReleases.map(\.id).sorted() == ["1", "2", "3"])
        }
    }

    /// The exclusions a caller passes are the ones the diff uses: the state's (none here) are not read.
    @Test func passedExclusionsAreUsedAsReadOnce() async throws {
        try await withStateStore { store in
            let stage = FeedDiffStage(feed: FeedConfig(), store: store, now: { Date() })
            var read = try Self.outcome()
            let fromState = try await stage.run(&read, owned: Self.owned, today: Self.today)
            #expect(fromState.diff.entries.map(\.id).sorted() == ["1", "3", "4"])
            var passed = try Self.outcome()
            let given = try await stage.run(&passed, owned: Self.owned, today: Self.today, exclusions: Self.exclusions)
            #expect(given.diff.entries.map(\.id) == ["1"])
        }
    }
}
