import DeepCutCore
import DeepCutFixtures
import Foundation
import Testing

@testable import DeepCut
@testable import DeepCutPublish

/// The honest-over-time rules with two sources (issue 32), on seeded schedules: hourly runs over an
/// iTunes us (home) and jp storefront while releases appear in one, the other or both (the same id,
/// or jp first and us later under its own id) and one storefront at a time goes down for hours.
/// After every run: what an answering source lists is shown and fresh; what a down source listed is
/// still shown (stale unless confirmed); a listing's entry id never changes; nothing is removed;
/// no complete run announces an entry a complete run announced before.
@Suite(.serialized) struct SeveralSourcesSimulationTests {
    static let artists = [("201", "Artist A"), ("202", "Artist B"), ("203", "Artist C")]
    static let library = "title,artist\nOld One,Artist A\nOld Two,Artist B\nOld Three,Artist C\n"
    static let keys = ["us": "itunes", "jp": "itunes:jp"]

    struct Truth {
        var listed: [String: [String: [FixtureRelease]]] = ["us": [:], "jp": [:]]
        /// us lists a release jp listed first, under its own id, at this hour.
        var pending: [(hour: Int, artist: String, release: FixtureRelease)] = []

        func catalog(_ storefront: String) -> [FixtureArtist] {
            SeveralSourcesSimulationTests.artists.map { id, name in
                FixtureArtist(id: id, name: name, releases: listed[storefront]?[id] ?? [])
            }
        }
    }

    @Test(arguments: [UInt64(32), 3232, 323_232])
    func oneSourceDownNeverRemovesWithdrawsOrReannouncesWhatTheOtherConfirms(seed: UInt64) async throws {
        var random = SplitMix64(seed: seed)
        var truth = Truth()
        let world = try SeveralSourcesHarness(
            [("us", truth.catalog("us")), ("jp", truth.catalog("jp"))], library: Self.library,
            // Runs here are seconds apart, not hours: no answer of the run before is reused (`RepairPlan`).
            config: ["repairWindowMinutes": "0"])
        var down: (storefront: String, until: Int)?
        var nextID = 5000
        var lastAnswered: [String: [String]] = ["us": [], "jp": []]
        var entryOf: [String: String] = [:]
        var announced: Set<String> = []
        for hour in 0..<12 {
            if hour > 0 {
                if down == nil, Int.random(in: 0..<100, using: &random) < 30 {
                    down = (Bool.random(using: &random) ? "us" : "jp", hour + Int.random(in: 1...3, using: &random))
                }
                let artist = Self.artists[Int.random(in: 0..<Self.artists.count, using: &random)].0
                let release = SweepHarness.release(
                    "\(nextID)", "Song \(nextID)", type: .album, daysAgo: Int.random(in: 1...5, using: &random))
                nextID += 1
                switch Int.random(in: 0..<4, using: &random) {
                case 0: for storefront in ["us", "jp"] { truth.listed[storefront]![artist, default: []].append(release) }
                case 1: truth.listed["us"]![artist, default: []].append(release)
                case 2: truth.listed["jp"]![artist, default: []].append(release)
                default:
                    truth.listed["jp"]![artist, default: []].append(release)
                    var later = release
                    later.id = "\(nextID + 10_000)"
                    truth.pending.append((hour + Int.random(in: 1...3, using: &random), artist, later))
                }
                for item in truth.pending where item.hour == hour { truth.listed["us"]![item.artist, default: []].append(item.release) }
            }
            if let current = down, current.until <= hour { down = nil }
            for storefront in ["us", "jp"] where storefront != down?.storefront {
                try world.restore(storefront, truth.catalog(storefront))
            }
            if let current = down { await world.takeDown(current.storefront) }

            let (code, console) = await world.run("sweep")
            let context = "seed \(seed) hour \(hour) down \(down?.storefront ?? "none"): \(console.err)"
            #expect(code == (down == nil ? .success : .partial), "\(context)")
            let snapshot = try world.snapshot()
            var listingsSeen: [String: FeedEntry] = [:]
            for entry in snapshot.entries {
                #expect(Set(entry.availability.map(\.source)).count == entry.availability.count, "one listing per source: \(context)")
                for listing in entry.availability { listingsSeen["\(listing.source)/\(listing.id)"] = entry }
            }
            for storefront in ["us", "jp"] {
                let key = Self.keys[storefront]!
                let ids = truth.listed[storefront]!.values.flatMap { $0 }.map(\.id)
                if storefront == down?.storefront {
                    for id in lastAnswered[storefront]! {
                        #expect(listingsSeen["\(key)/\(id)"] != nil, "a down source's listing \(id) is carried: \(context)")
                    }
                } else {
                    lastAnswered[storefront] = ids
                    for id in ids {
                        let entry = listingsSeen["\(key)/\(id)"]
                        #expect(entry != nil, "\(key) lists \(id): shown: \(context)")
                        #expect(entry?.isStale == false, "\(key) confirms \(id): fresh: \(context)")
                    }
                }
            }
            for (listing, entry) in listingsSeen {
                if let first = entryOf[listing] { #expect(first == entry.id, "listing \(listing) keeps its entry id: \(context)") }
                entryOf[listing] = entry.id
            }
            #expect(snapshot.changes?.removed.isEmpty ?? true, "nothing removed: \(context)")
            if snapshot.complete {
                for added in snapshot.changes?.added ?? [] {
                    #expect(announced.insert(added.id).inserted, "\(added.id) announced once: \(context)")
                }
            }
        }
    }
}
