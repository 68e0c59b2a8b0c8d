import DeepCutCore
import DeepCutFixtures
import DeepCutTestKit
import Foundation
import Testing

@testable import DeepCut
@testable import DeepCutPublish

/// The honest-over-time rules for a household (issue 33), on seeded schedules: hourly runs of two
/// profiles that share artists while releases appear, an artist's listing fails for hours, and
/// one person's library file breaks and is mended. After every run, for each profile: every
/// release of its own artists that the catalog answered for is shown, no other artist's ever is;
/// nothing is removed; no complete run announces an entry a complete run announced before; and a
/// broken library leaves that person's feed byte for byte as it was while the other publishes.
@Suite(.serialized) struct HouseholdSimulationTests {
    /// Shared, Ana's, Ben's, shared.
    static let artists = [("401", "Artist A"), ("402", "Artist B"), ("403", "Artist C"), ("404", "Artist D")]
    static let own = ["ana": ["401", "402", "404"], "ben": ["401", "403", "404"]]
    static let libraries = [
        "ana": "title,artist\nOld A,Artist A\nOld B,Artist B\nOld D,Artist D\n",
        "ben": "title,artist\nOld A2,Artist A\nOld C,Artist C\nOld D2,Artist D\n"
    ]

    @Test(arguments: [UInt64(33), 3333, 333_333])
    func everyProfileStaysHonestThroughFaultsAndABrokenLibrary(seed: UInt64) async throws {
        var random = SplitMix64(seed: seed)
        var listed: [String: [FixtureRelease]] = [:]
        let catalog = { FixtureCatalog(artists: Self.artists.map { FixtureArtist(id: $0.0, name: $0.1, releases: listed[$0.0] ?? []) }) }
        let household = try HouseholdEndToEndTests.Household(catalog: catalog())
        defer { household.close() }
        for (name, library) in Self.libraries { try household.folder.write("\(name).csv", library) }
        try household.folder.write(
            "config.json",
            #"{"catalog": \#(household.catalog), "repairWindowMinutes": 0, "profiles": [{"name": "ana", "library": [{"format": "csv", "path": "ana.csv"}]}, {"name": "ben", "library": [{"format": "csv", "path": "ben.csv"}]}], "stateDatabase": "state/state.db", "outputDirectory": "feed"}"#
        )
        var nextID = 7000
        var failing: (artist: String, until: Int)?
        var broken: (profile: String, until: Int)?
        var announced: [String: Set<String>] = ["ana": [], "ben": []]
        var shownBefore: [String: Set<String>] = ["ana": [], "ben": []]
        var faultHours = (failing: 0, broken: 0)
        for hour in 0..<10 {
            if hour > 0 {
                let artist = Self.artists[Int.random(in: 0..<Self.artists.count, using: &random)].0
                listed[artist, default: []].append(
                    SweepHarness.release("\(nextID)", "Song \(nextID)", type: .album, daysAgo: Int.random(in: 0...5, using: &random)))
                nextID += 1
                if failing == nil, Int.random(in: 0..<100, using: &random) < 30 {
                    failing = (
                        Self.artists[Int.random(in: 0..<Self.artists.count, using: &random)].0, hour + Int.random(in: 1...3, using: &random)
                    )
                }
                if broken == nil, Int.random(in: 0..<100, using: &random) < 25 {
                    broken = (Bool.random(using: &random) ? "ana" : "ben", hour + Int.random(in: 1...2, using: &random))
                }
            }
            if let current = failing, current.until <= hour {
                household.server.setFault(nil, forArtistID: current.artist)
                failing = nil
            }
            if let current = broken, current.until <= hour {
                try household.folder.write("\(current.profile).csv", Self.libraries[current.profile]!)
                broken = nil
            }
            household.server.replaceCatalog(catalog())
            if let current = failing {
                household.server.setFault(Fault(.status(code: 500, body: nil), on: .lookup), forArtistID: current.artist)
            }
            if let current = broken { try household.folder.write("\(current.profile).csv", "title;artist\n\u{0}broken") }
            let feedsBefore = ["ana", "ben"].map {
                try? Data(contentsOf: household.folder.url.appendingPathComponent("feed/\($0)/feed.json"))
            }

            if failing != nil { faultHours.failing += 1 }
            if broken != nil { faultHours.broken += 1 }
            let (code, console) = await household.run(["sweep"])
            let context =
                "seed \(seed) hour \(hour) failing \(failing?.artist ?? "none") broken \(broken?.profile ?? "none"): \(console.err)"
            let expected: ExitCode = broken != nil ? .dataError : (failing != nil ? .partial : .success)
            #expect(code == expected, "\(context)")
            for (index, profile) in ["ana", "ben"].enumerated() {
                if broken?.profile == profile {
                    let after = try? Data(contentsOf: household.folder.url.appendingPathComponent("feed/\(profile)/feed.json"))
                    #expect(after == feedsBefore[index], "\(profile)'s feed untouched while the library is broken: \(context)")
                    continue
                }
                let current = try #require(try household.snapshot("feed/\(profile)/current.json"), "\(context)")
                let shown = Set(current.entries.map(\.id))
                let mine = Self.own[profile]!
                for (artist, releases) in listed {
                    for release in releases {
                        let shownHere = current.entries.contains { $0.title == release.title }
                        if !mine.contains(artist) {
                            #expect(!shownHere, "\(release.title) is not \(profile)'s artist's: \(context)")
                        } else if artist != failing?.artist {
                            #expect(shownHere, "\(profile) sees \(release.title): \(context)")
                        }
                    }
                }
                #expect(shownBefore[profile]!.isSubset(of: shown), "nothing leaves \(profile)'s feed: \(context)")
                shownBefore[profile] = shown
                #expect(current.changes?.removed.isEmpty ?? true, "nothing removed for \(profile): \(context)")
                if current.complete {
                    for added in current.changes?.added ?? [] {
                        #expect(announced[profile]!.insert(added.id).inserted, "\(added.id) announced once to \(profile): \(context)")
                    }
                }
            }
        }
        // The seeds are chosen so that each schedule has both faults: a schedule without them proves nothing.
        #expect(faultHours.failing > 0 && faultHours.broken > 0, "seed \(seed): \(faultHours)")
    }
}
