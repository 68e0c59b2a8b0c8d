import DeepCutCore
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCutCatalog
@testable import DeepCutFixtures
@testable import DeepCutHTTP
@testable import DeepCutSweep

/// The storefronts of one catalog share a run's searches (`StorefrontSharing`).
@Suite struct StorefrontSharingTests {
    func resolver(hits: [(String, Int)], storefronts: StorefrontIdentities) -> (ArtistResolver, ScriptedHTTPClient) {
        let client = ScriptedHTTPClient { _ throws(TransportError) in ITunesJSON.ok(hits.map { ITunesJSON.artist($0.0, id: $0.1) }) }
        return (ArtistResolver(provider: FakeITunes.provider(client), owned: OwnedMatchKeys(keys: []), storefronts: storefronts), client)
    }

    @Test func anArtistFoundByNameInOneStorefrontIsNotSearchedInTheOther() async {
        let identities = StorefrontIdentities()
        let (us, usClient) = resolver(hits: [("Air", 7)], storefronts: identities)
        let (jp, jpClient) = resolver(hits: [("Air", 7)], storefronts: identities)
        guard case .found(let found, .exact, _) = await us.resolve("Air") else {
            Issue.record("us did not find Air")
            return
        }
        guard case .found(let taken, .storefront, nil) = await jp.resolve("  AIR ") else {
            Issue.record("jp did not take Air")
            return
        }
        #expect(taken == found)
        #expect(usClient.requests.count == 1)
        #expect(jpClient.requests.isEmpty, "the id is one in every storefront: no second search")
    }

    @Test func aGuessIsNotShared() async {
        // No catalog artist has the name: the first hit is a guess each storefront makes for itself.
        let identities = StorefrontIdentities()
        let (us, _) = resolver(hits: [("Air Supply", 1)], storefronts: identities)
        let (jp, jpClient) = resolver(hits: [("Air Supply", 1)], storefronts: identities)
        guard case .found(_, .first, _) = await us.resolve("Air") else {
            Issue.record("us did not guess")
            return
        }
        guard case .found(_, .first, _) = await jp.resolve("Air") else {
            Issue.record("jp did not search")
            return
        }
        #expect(jpClient.requests.count == 1)
    }

    @Test func eachStorefrontStartsItsSearchesAtItsOwnShare() {
        let names = (0..<10).map { "Artist \($0)" }
        let plans = StorefrontSharing.plan([("itunes", "itunes"), ("itunes:jp", "itunes"), ("musicbrainz", "musicbrainz")])
        #expect(plans["musicbrainz"] == nil, "a catalog with one source shares nothing")
        let (us, jp) = (plans["itunes"]?.searchStart(of: names.count), plans["itunes:jp"]?.searchStart(of: names.count))
        #expect(us == 0 && jp == 5)
        // Known artists are not searched; the searches go round from the start to the ones before it.
        let known = [6: ArtistIdentity(artist: CatalogArtist(id: "6", name: "Artist 6"), method: .exact)]
        var schedule = SweepSchedule(names: names, known: known, batchLimit: 100, resolvedAt: Date(), searchStart: jp ?? 0)
        var order: [Int] = []
        while case .resolve(let index, _)? = schedule.nextJob() { order.append(index) }
        #expect(order == [5, 7, 8, 9, 0, 1, 2, 3, 4])
    }
}
