import DeepCutCore
import Foundation
import Testing

@testable import DeepCutState
@testable import DeepCutSweep

/// A warm MusicBrainz search carries no barcodes and no Apple links: a group it finds again keeps
/// what the remembered full listing read, so the merge evidence is never erased by a warm sweep.
@Suite struct AddedReleasesEvidenceTests {
    static let date = ReleaseDate(year: 2026, month: 11, day: 20)

    func release(_ id: String, title: String, barcode: String? = nil, links: [ReleaseLink] = []) -> Release {
        Release(id: id, title: title, artist: "Polyphia", type: .album, releaseDate: Self.date, barcode: barcode, links: links)
    }

    func outcome(_ found: [Release], coverage: ListingCoverage) -> SweepOutcome {
        SweepOutcome(
            provider: "musicbrainz",
            results: [ArtistResult(artist: "Polyphia", catalogID: "mbid", outcome: .fetched(found), coverage: coverage)])
    }

    var remembered: [String: CatalogMemory.Remembered] {
        [
            "Polyphia": CatalogMemory.Remembered(
                result: ArtistResult(
                    artist: "Polyphia", catalogID: "mbid",
                    outcome: .fetched([release("g1", title: "Old Title", barcode: "0123", links: [ReleaseLink(.apple, "42")])]),
                    source: .memory),
                checkedAt: Date(timeIntervalSince1970: 0))
        ]
    }

    @Test func aReFoundGroupKeepsItsRememberedEvidenceAndItsNewTitle() {
        let found = [release("g1", title: "New Title"), release("g2", title: "Brand New")]
        let kept = outcome(found, coverage: .added(since: Self.date)).keepingEvidence(of: remembered)
        let releases = kept.results[0].outcome.releases
        #expect(releases.map(\.title) == ["New Title", "Brand New"])
        #expect(releases.map(\.barcode) == ["0123", nil])
        #expect(releases.map(\.links) == [[ReleaseLink(.apple, "42")], []])
    }

    @Test func aFullListingSaysItsOwnEvidence() {
        let found = [release("g1", title: "New Title")]
        let kept = outcome(found, coverage: .complete).keepingEvidence(of: remembered)
        #expect(kept.results[0].outcome.releases.map(\.barcode) == [nil])
    }

    @Test func anEmptySearchIsNotSuddenlyEmpty() {
        let rule = SuddenlyEmptyRule(maxVanishedPercent: 20)
        let searched = ArtistResult(artist: "Polyphia", catalogID: "mbid", outcome: .fetched([]), coverage: .added(since: Self.date))
        #expect(rule.suspicious([searched], remembered: remembered).isEmpty)
        var browsed = searched
        browsed.coverage = .complete
        #expect(rule.suspicious([browsed], remembered: remembered) == ["Polyphia"])
    }
}
