import DeepCutCore
import Foundation
import Testing

@testable import DeepCutState
@testable import DeepCutSweep

/// The diff takes the releases out of the sweep's outcome in one list, in its order, knowing which
/// were read back from the catalog memory (without links) and under which library artist.
@Suite struct ConsideredReleasesTests {
    func release(_ id: String, by artist: String, links: Bool) -> Release {
        Release(
            id: id, title: "Title \(id)", artist: artist, type: .album, releaseDate: ReleaseDate(iso: "2026-01-01"),
            artworkURL: links ? "https://art.example/\(id)" : nil, url: links ? "https://music.example/\(id)" : nil)
    }

    func outcome() -> CatalogSweep.Outcome {
        let results = [
            ArtistResult(artist: "Bonobo", catalogID: "1", outcome: .fetched([release("b1", by: "Bonobo", links: true)])),
            ArtistResult(
                artist: "Khruangbin", catalogID: "2",
                outcome: .fetched([release("k1", by: "Khruangbin", links: false), release("k2", by: "Khruangbin", links: false)]),
                source: .memory),
            ArtistResult(artist: "Polyphia", outcome: .failed(FetchFailure(kind: .http, httpStatus: 503, attempts: 1, message: "down"))),
            ArtistResult(artist: "Quiet", catalogID: "4", outcome: .fetched([]))
        ]
        let sweep = SweepOutcome(provider: "itunes", results: results)
        let remembered = [
            "Polyphia": CatalogMemory.Remembered(
                result: ArtistResult(artist: "Polyphia", outcome: .fetched([release("p1", by: "Polyphia", links: false)]), source: .memory),
                checkedAt: Date(timeIntervalSince1970: 1_790_000_000))
        ]
        var outcome = CatalogSweep.Outcome(sweep: sweep, provider: FakeITunes.provider(FakeITunes.client()))
        outcome.stale = StaleReleases(of: sweep, remembered: remembered, now: Date(timeIntervalSince1970: 1_800_000_000))
        outcome.beyondCoverage = [("Bonobo", [release("b0", by: "Bonobo", links: false)])]
        return outcome
    }

    @Test func takenInTheDiffsOrderWithWhereEachWasRemembered() {
        var outcome = outcome()
        let considered = outcome.takeReleases()
        #expect(considered.releases.map(\.id) == ["b1", "k1", "k2", "p1", "b0"])
        var origins: [String] = []
        considered.forEach { release, artist in origins.append("\(release.id):\(artist ?? "-")") }
        #expect(origins == ["b1:-", "k1:Khruangbin", "k2:Khruangbin", "p1:Polyphia", "b0:Bonobo"])
    }

    @Test func whatTheRunReadsAfterwardsStaysTheSame() {
        let before = outcome()
        var after = before
        _ = after.takeReleases()
        #expect(after.sweep.results.allSatisfy { $0.outcome.releases.isEmpty })
        #expect(after.stale.releases.isEmpty && after.beyondCoverage.isEmpty)
        #expect(after.sweep.counts == before.sweep.counts)
        #expect(after.sweep.status == before.sweep.status)
        #expect(after.sweep.incompleteArtists == before.sweep.incompleteArtists)
        let entry = FeedEntry(release("p1", by: "Polyphia", links: false), releaseDate: ReleaseDate(iso: "2026-01-01")!)
        #expect(after.stale.mark([entry]) == before.stale.mark([entry]))
        #expect(after.stale.mark([entry]).first?.isStale == true)
    }
}
