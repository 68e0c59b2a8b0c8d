import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutCatalog

/// `sort=recent` is undocumented for album lookups: a cut answer counts as newest first only when
/// it proves it, and the run learns from every listing whether the catalog honours the sort.
@Suite struct ListingOrderTests {
    static let requested = [CatalogArtist(id: "1", name: "One"), CatalogArtist(id: "2", name: "Two")]

    static func answer(_ rows: [[String: Any]], limit: Int, newestKnown: [String: String] = [:]) throws -> ITunesBatchAnswer {
        try ITunesBatchAnswer(ITunesBody.decode(ITunesJSON.body(rows)), requested: requested, limit: limit, newestKnown: newestKnown)
    }

    static func rows(of artistID: Int, _ dates: [String], firstID: Int) -> [[String: Any]] {
        [ITunesJSON.artist(artistID == 1 ? "One" : "Two", id: artistID)]
            + dates.enumerated().map { ITunesBatchAnswerTests.dated(firstID + $0.offset, by: artistID, $0.element) }
    }

    static func day(_ text: String) -> ReleaseDate { ReleaseDate(iso: text)! }

    // MARK: Coverage of a cut listing

    @Test func aCutListingNewestFirstHoldingTheNewestKnownCoversItsNewest() throws {
        let answer = try Self.answer(
            Self.rows(of: 1, ["2026-11-01", "2025-06-01", "2024-01-01"], firstID: 10) + Self.rows(of: 2, ["2026-01-01"], firstID: 20),
            limit: 3, newestKnown: ["1": "11"])
        #expect(answer.listings["1"]?.coverage == .newest(count: 3, since: Self.day("2024-01-01")))
        #expect(answer.listings["2"]?.coverage == .complete)
    }

    /// Oldest first, as a catalog that ignores the parameter may list: the cut kept the oldest.
    @Test func aCutListingWhoseDatesIncreaseCoversNothing() throws {
        let answer = try Self.answer(
            Self.rows(of: 1, ["2020-01-01", "2021-01-01", "2022-01-01"], firstID: 10) + Self.rows(of: 2, [], firstID: 20), limit: 3)
        #expect(answer.listings["1"]?.coverage == .unordered(count: 3))
        let coverage = try #require(answer.listings["1"]?.coverage)
        #expect(!coverage.covers(Self.day("2021-06-01")) && !coverage.reaches(back: Self.day("1990-01-01")))
    }

    /// Dates in order but the newest release an earlier answer listed is missing: a shuffled store
    /// order can look sorted by chance, and a withdrawal is for a whole listing to show.
    @Test func aCutListingWithoutTheNewestKnownReleaseCoversNothing() throws {
        let answer = try Self.answer(
            Self.rows(of: 1, ["2024-01-01", "2023-01-01", "2022-01-01"], firstID: 10) + Self.rows(of: 2, [], firstID: 20),
            limit: 3, newestKnown: ["1": "99"])
        #expect(answer.listings["1"]?.coverage == .unordered(count: 3))
    }

    /// An uncut listing is whole whatever its order: nothing needs the sort.
    @Test func anUncutListingIsCompleteInAnyOrder() throws {
        let answer = try Self.answer(
            Self.rows(of: 1, ["2020-01-01", "2024-01-01"], firstID: 10) + Self.rows(of: 2, ["2021-01-01"], firstID: 20), limit: 10,
            newestKnown: ["1": "99"])
        #expect(answer.listings["1"]?.coverage == .complete)
        #expect(answer.orders.map(\.evidence) == [.disordered, nil])
    }

    /// The single lookup at the ceiling reads its answer the same way.
    @Test func aSingleLookupCutAtTheCeilingOutOfOrderCoversNothing() throws {
        let body = ITunesJSON.body(Self.rows(of: 1, ["2020-01-01", "2021-01-01"], firstID: 10))
        let (listing, order) = try ITunesBody.decode(body).listing(of: Self.requested[0], limit: 2)
        #expect(listing.coverage == .unordered(count: 2))
        #expect(order.evidence == .disordered)
    }

    // MARK: Learning the sort

    @Test func oneListingOutOfOrderShowsTheSortIgnoredWhateverWasStored() {
        let traits = CatalogTraits(CatalogTraitReadings(sort: LearnedTrait(.honoured, checkedAt: Date())))
        #expect(traits.sort == .honoured)
        for dates in [["2024", "2023"], ["2022", "2021"], ["2020", "2021"]] { traits.saw(Self.order(dates)) }
        #expect(traits.sort == .ignored)
        #expect(traits.shown(at: Date(timeIntervalSince1970: 5)).sort == LearnedTrait(.ignored, checkedAt: Date(timeIntervalSince1970: 5)))
    }

    @Test func honouredNeedsSeveralListingsInOrderAndNoneOutOfIt() {
        let traits = CatalogTraits()
        traits.saw(Self.order(["2024", "2023"]))
        traits.saw(Self.order(["2024"]))
        traits.saw(Self.order(["2024", "2024"]))
        traits.saw(Self.order(["2022", "2020"]))
        #expect(traits.sort == nil, "two listings with dates to order are not yet evidence")
        traits.saw(Self.order(["2025", "2021", "2019"]))
        #expect(traits.sort == .honoured)
    }

    /// A stored `perArtist` is a starting point, not a proof: this run's hint replaces it.
    @Test func aStoredLimitReadingGivesWayToThisRunsAnswers() {
        let traits = CatalogTraits(CatalogTraitReadings(lookupLimit: LearnedTrait(.perArtist, checkedAt: Date())))
        #expect(traits.lookupLimit == .perArtist)
        #expect(traits.shown(at: Date()).lookupLimit == nil, "nothing shown yet")
        traits.learn(.perAnswer)
        #expect(traits.lookupLimit == .perAnswer)
        traits.learn(.perArtist)
        traits.learn(.perAnswer)
        #expect(traits.lookupLimit == .perArtist, "within a run, proof beats a hint")
    }

    @Test func aTraitNoAnswerShowedForThirtyDaysIsForgotten() {
        let checked = Date(timeIntervalSince1970: 1_000_000)
        let stored = CatalogTraitReadings(
            lookupLimit: LearnedTrait(.perArtist, checkedAt: checked), sort: LearnedTrait(.honoured, checkedAt: checked))
        #expect(stored.current(at: checked.addingTimeInterval(29 * 86_400)) == stored)
        #expect(stored.current(at: checked.addingTimeInterval(31 * 86_400)) == CatalogTraitReadings())
    }

    static func order(_ years: [String]) -> ListingOrder {
        var order = ListingOrder()
        for year in years { order.add(ReleaseDate(iso: year + "-01-01")) }
        return order
    }
}
