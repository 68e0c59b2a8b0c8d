import DeepCutCore
import DeepCutFixtures
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCut
@testable import DeepCutPublish

/// A household's channels over a sequence of runs: each person is told their own news, once,
/// through their own channel; the first answers are history for both.
@Suite struct HouseholdNotificationsEndToEndTests {
    @Test func eachProfileIsToldItsOwnNewsOnceThroughItsOwnChannel() async throws {
        let hook = try await HTTPReceiver()
        let household = try HouseholdEndToEndTests.Household()
        defer { household.close() }
        let channel = { (name: String) in
            #"[{"name": "hook", "type": "webhook", "url": "\#(hook.url.absoluteString)\#(name)", "timeoutSeconds": 20}]"#
        }
        try household.folder.write(
            "config.json",
            #"{"catalog": \#(household.catalog), "profiles": [{"name": "ana", "library": [{"format": "csv", "path": "ana.csv"}], "notify": \#(channel("ana"))}, {"name": "ben", "library": [{"format": "csv", "path": "ben.csv"}], "notify": \#(channel("ben"))}], "stateDatabase": "state/state.db", "outputDirectory": "feed"}"#
        )
        #expect(await household.run(["sweep"]).code == .success)
        #expect(try hook.requests().isEmpty, "every artist's first answer is history: nobody is flooded")

        // Aster (both people's) and Cedar (Ben's) each put out a release.
        var catalog = HouseholdEndToEndTests.catalog()
        let today = ReleaseDate(epochDay: Date().epochDay)
        catalog.artists[0].releases.append(FixtureRelease(id: "3100000013", title: "Comet", type: .album, releaseDate: today))
        catalog.artists[2].releases.append(FixtureRelease(id: "3300000013", title: "Sap", type: .album, releaseDate: today))
        household.server.replaceCatalog(catalog)
        let second = await household.run(["sweep"])
        #expect(second.code == .success, "\(second.console.err)")
        let told = try hook.requests()
        let byPath = Dictionary(grouping: told, by: \.path)
        #expect(byPath.keys.sorted() == ["/ana", "/ben"], "\(told.map(\.path))")
        let ana = byPath["/ana"]?.map(\.text).joined() ?? ""
        let ben = byPath["/ben"]?.map(\.text).joined() ?? ""
        #expect(ana.contains("Comet") && !ana.contains("Sap"), "Ana hears of Aster's release, not Cedar's: \(ana)")
        #expect(ben.contains("Comet") && ben.contains("Sap"), "\(ben)")

        #expect(await household.run(["sweep"]).code == .success)
        #expect(try hook.requests().count == told.count, "told once: a third run sends nothing again")
    }
}
