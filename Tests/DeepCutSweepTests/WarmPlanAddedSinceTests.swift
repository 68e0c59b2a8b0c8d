import DeepCutCore
import Foundation
import Testing

@testable import DeepCutState
@testable import DeepCutSweep

/// MusicBrainz's warm searches reach back `searchLeadDays` before each artist's last full listing,
/// and only for artists whose full listing is not due.
@Suite struct WarmPlanAddedSinceTests {
    @Test func searchedSinceALeadBeforeTheLastFullListingUntilItIsDue() {
        let now = Date(timeIntervalSince1970: 20_000 * 86_400)
        let listed = [
            "Recent": CatalogMemory.Listed(
                catalogID: "a", readWholeAt: now.addingTimeInterval(-86_400), releases: 3, newestReleaseID: nil),
            "Due": CatalogMemory.Listed(
                catalogID: "b", readWholeAt: now.addingTimeInterval(-8 * 86_400), releases: 3, newestReleaseID: nil),
            "Never": CatalogMemory.Listed(catalogID: "c", readWholeAt: nil, releases: 3, newestReleaseID: nil)
        ]
        let plan = WarmPlan(listed: listed, fullListingDays: 7, at: now)
        #expect(plan.addedSince == ["a": ReleaseDate(epochDay: 20_000 - 1 - WarmPlan.searchLeadDays)])
        #expect(plan.newestSuffices == ["a"])
    }
}
