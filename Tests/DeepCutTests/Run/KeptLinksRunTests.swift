import DeepCutCore
import DeepCutFixtures
import Foundation
import Testing

@testable import DeepCut
@testable import DeepCutPublish

/// Releases read back from the catalog memory come without their artwork and catalog URLs; the
/// entries the diff keeps get theirs by id. Readers must not see the difference: a stale entry and
/// a repair run's reused one link exactly as when the catalog answered.
@Suite struct KeptLinksRunTests {
    /// Each feed item's link and image, by item id.
    func links(_ harness: SweepHarness) throws -> [String: [String?]] {
        let items = try #require(try harness.json("feed.json")["items"] as? [[String: Any]])
        return Dictionary(
            uniqueKeysWithValues: items.map { ($0["id"] as? String ?? "", [$0["url"] as? String, $0["image"] as? String]) })
    }

    @Test func staleAndReusedEntriesLinkAsWhenTheCatalogAnswered() async throws {
        let harness = try SweepHarness()
        #expect(await harness.run("sweep").exitCode == .success)
        let answered = try links(harness)
        #expect(answered.count == 3)
        #expect(answered.values.allSatisfy { $0.allSatisfy { $0?.hasPrefix("https://") == true } })

        // Bonobo fails: its release is carried, stale, from the memory.
        harness.fail("102", with: Fault(.status(code: 503, body: nil), on: .lookup))
        #expect(await harness.run("sweep").exitCode == .partial)
        let snapshot = try #require(try Snapshot.load(from: OutputFolder(harness.feed).current))
        #expect(snapshot.entries.filter(\.isStale).map(\.id) == ["1011"])
        #expect(try links(harness) == answered)

        // The repair run answers Polyphia from the memory.
        harness.fail("102", with: nil)
        #expect(await harness.run("sweep").exitCode == .success)
        #expect(try harness.health().sweep.reusedArtists == ["Polyphia"])
        #expect(try links(harness) == answered)
    }
}
